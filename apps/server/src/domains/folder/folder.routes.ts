import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentFile } from '../upload/file.presenter';
import { presentFolder } from './folder.presenter';
import {
  addFileToFolder,
  createFolder,
  type FolderDeps,
  getFolder,
  listFolderFiles,
  listTeamFolders,
} from './folder.service';

/** Handlers of `endpoints.folder`: each parses nothing itself (the registrar did), calls one service function, presents. */
export function folderRoutes(deps: FolderDeps): Handlers<Endpoints['folder']> {
  return {
    create: async ({ auth, body, origin }) => presentFolder(await createFolder(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { rows, total } = await listTeamFolders(deps, auth, query);
      return { items: rows.map(presentFolder), total };
    },
    get: async ({ auth, params }) => presentFolder(await getFolder(deps, auth, params.id)),
    files: async ({ auth, params, query }) => {
      const { items, total } = await listFolderFiles(deps, auth, params.id, query);
      return { items: items.map(presentFile), total };
    },
    addFile: async ({ auth, body, origin }) => presentFile(await addFileToFolder(deps, auth, body, origin)),
  };
}
