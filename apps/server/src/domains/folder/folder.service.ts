/**
 * Model resource folders (docs/product.md §10 "Folder"). Each write and its operation-log entry commit in
 * one transaction; files themselves are the upload domain's, reached through its service.
 */

import type { PageQuery } from '@trackit/contract/envelope';
import type { FolderCreate, FolderQuery } from '@trackit/contract/folder.schema';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import type { FileCreate } from '@trackit/contract/upload.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  addBlobToFolder,
  listSignedFilesOfFolder,
  scheduleThumbnails,
  signFile,
  type UploadDeps,
} from '../upload/upload.service';
import {
  type FolderRow,
  findFolder,
  findFolderForUpdate,
  insertFolder,
  listFolders,
  touchFolder,
} from './folder.repository';

export type FolderDeps = UploadDeps;

const folderNotFound = () => new AppError('notFound', { message: UPLOAD_MESSAGES.folderNotFound });

/** Who creates a folder: a member of the team (the demo seed creates them as the owner). */
type FolderAuthor = Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>;

/** POST /v1/folders: the folder and its log entry, in one transaction. */
export async function createFolder(
  deps: Pick<FolderDeps, 'db' | 'clock'>,
  auth: FolderAuthor,
  input: FolderCreate,
  origin: RequestOrigin,
): Promise<FolderRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const folder = await insertFolder(tx, {
      teamId: auth.teamId,
      name: input.name,
      modelId: input.model_id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordOperation(tx, {
      action: 'folder_create',
      actor: memberActor(auth, origin, now),
      targetId: folder.id,
      detail: { name: folder.name },
    });
    return folder;
  });
}

export function listTeamFolders(deps: FolderDeps, auth: AuthContext, query: FolderQuery) {
  return listFolders(deps.db, auth.teamId, { keyword: query.keyword, sort: query.sort }, pageWindow(query));
}

/** One folder of the caller's team; another team's is "not found". */
export async function getFolder(deps: FolderDeps, auth: AuthContext, folderId: number): Promise<FolderRow> {
  const folder = await findFolder(deps.db, auth.teamId, folderId);
  if (!folder) throw folderNotFound();
  return folder;
}

/** GET /v1/folders/{id}/files: the folder's files in its order (position, then name), with signed addresses. */
export async function listFolderFiles(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  query: PageQuery,
) {
  await getFolder(deps, auth, folderId);
  return listSignedFilesOfFolder(deps, auth.teamId, folderId, pageWindow(query));
}

/**
 * POST /v1/files: an uploaded blob becomes a file of the folder. The folder is locked, the file added,
 * the folder's time moved and the upload logged in one transaction; thumbnails are made after it commits.
 */
export async function addFileToFolder(
  deps: FolderDeps,
  auth: AuthContext,
  input: FileCreate,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  const file = await deps.db.transaction(async (tx) => {
    const folder = await findFolderForUpdate(tx, auth.teamId, input.folder_id);
    if (!folder) throw folderNotFound();
    const added = await addBlobToFolder(
      deps,
      tx,
      auth,
      { folderId: folder.id, signedId: input.signed_id },
      now,
    );
    await touchFolder(tx, auth.teamId, folder.id, now);
    await recordOperation(tx, {
      action: 'file_upload',
      actor: memberActor(auth, origin, now),
      targetId: folder.id,
      detail: { folder: folder.name, file: added.name, byte_size: added.byteSize },
    });
    return added;
  });
  scheduleThumbnails(deps, file);
  return signFile(deps, file);
}
