import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentFile } from '../upload/file.presenter';
import { presentFolder, presentFolderShare } from './folder.presenter';
import {
  addFileToFolder,
  createFolder,
  deleteFile,
  deleteFolder,
  type FolderDeps,
  getFolder,
  getFolderDeletion,
  listFolderFiles,
  listTeamFolders,
  moveFiles,
  orderFolderFiles,
  updateFolder,
} from './folder.service';
import { shareFolder, unshareFolder } from './folder-share.service';

/** Handlers of `endpoints.folder`: each parses nothing itself (the registrar did), calls one service function, presents. */
export function folderRoutes(deps: FolderDeps): Handlers<Endpoints['folder']> {
  return {
    create: async ({ auth, body, origin }) => presentFolder(await createFolder(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamFolders(deps, auth, query);
      return { items: items.map(presentFolder), total };
    },
    get: async ({ auth, params }) => presentFolder(await getFolder(deps, auth, params.id)),
    update: async ({ auth, params, body, origin }) =>
      presentFolder(await updateFolder(deps, auth, params.id, body, origin)),
    deletion: async ({ auth, params }) => getFolderDeletion(deps, auth, params.id),
    delete: async ({ auth, params, origin }) => {
      await deleteFolder(deps, auth, params.id, origin);
      return null;
    },
    share: async ({ auth, params, origin }) =>
      presentFolderShare(await shareFolder(deps, auth, params.id, origin)),
    revokeShare: async ({ auth, params, origin }) => {
      await unshareFolder(deps, auth, params.id, origin);
      return null;
    },
    files: async ({ auth, params, query }) => {
      const { items, total } = await listFolderFiles(deps, auth, params.id, query);
      return { items: items.map(presentFile), total };
    },
    addFile: async ({ auth, body, origin }) => presentFile(await addFileToFolder(deps, auth, body, origin)),
    orderFiles: async ({ auth, params, body, origin }) => {
      await orderFolderFiles(deps, auth, params.id, body, origin);
      return null;
    },
    moveFiles: async ({ auth, body, origin }) => {
      await moveFiles(deps, auth, body, origin);
      return null;
    },
    deleteFile: async ({ auth, params, origin }) => {
      await deleteFile(deps, auth, params.id, origin);
      return null;
    },
  };
}
