/**
 * Model resource folders (docs/product.md §10 "Folder"). Each write and its operation-log entry commit in
 * one transaction; files themselves are the upload domain's, reached through its service.
 */

import { FOLDER_KIND_LABELS } from '@trackit/contract/enums';
import type { PageQuery } from '@trackit/contract/envelope';
import type {
  FileMove,
  FileOrder,
  FolderCreate,
  FolderQuery,
  FolderUpdate,
} from '@trackit/contract/folder.schema';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { type RecordDeletion, recordDeletion } from '@trackit/contract/record-deletion';
import type { FileCreate } from '@trackit/contract/upload.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { releaseCoverFile, requireTeamModel } from '../model/model.service';
import { type ChangeLogField, changeLog, shown } from '../operation-log/change-log';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { deleteRecordMadeByMistake } from '../operation-log/record-deletion.service';
import { deleteShareLinks } from '../share/share-link.service';
import { listSignedFilesOfFolder, signFile, signThumbnail } from '../upload/signed-files.service';
import {
  addBlobToFolder,
  deleteStoredKeys,
  lockTeamFiles,
  moveFilesToFolder,
  orderFilesOfFolder,
  removeFile,
  scheduleThumbnails,
  type UploadDeps,
} from '../upload/upload.service';
import {
  countFolderFiles,
  deleteFolderRows,
  type FolderRecord,
  type FolderRow,
  findFolder,
  findFolderForUpdate,
  insertFolder,
  listFolders,
  listModelFolderIds,
  lockFolders,
  touchFolder,
  updateFolder as updateFolderRow,
} from './folder.repository';

export type FolderDeps = UploadDeps;

const folderNotFound = () => new AppError('notFound', { message: UPLOAD_MESSAGES.folderNotFound });
const fileNotFound = () => new AppError('notFound', { message: UPLOAD_MESSAGES.fileMissing });

/** A folder as its answer shows it: the first files' thumbnails signed. */
export type FolderView = Omit<FolderRow, 'previews'> & {
  previews: { id: number; kind: FolderRow['previews'][number]['kind']; thumbUrl: string | null }[];
};

async function view(deps: Pick<FolderDeps, 'storage'>, row: FolderRow): Promise<FolderView> {
  return {
    ...row,
    previews: await Promise.all(
      row.previews.map(async (preview) => ({
        id: preview.id,
        kind: preview.kind,
        thumbUrl: preview.thumb_key ? await signThumbnail(deps, preview.thumb_key) : null,
      })),
    ),
  };
}

/** Who creates a folder: a member of the team (the demo seed creates them as the owner). */
type FolderAuthor = Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>;

/** POST /v1/folders: the folder and its log entry, in one transaction. */
export async function createFolder(
  deps: Pick<FolderDeps, 'db' | 'clock' | 'storage'>,
  auth: FolderAuthor,
  input: FolderCreate,
  origin: RequestOrigin,
): Promise<FolderView> {
  const now = deps.clock();
  const created = await deps.db.transaction(async (tx) => {
    if (input.model_id) await requireTeamModel(tx, auth.teamId, input.model_id);
    const folder = await insertFolder(tx, {
      teamId: auth.teamId,
      name: input.name,
      kind: input.kind ?? 'other',
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
  return reread(deps, auth.teamId, created.id);
}

async function reread(deps: Pick<FolderDeps, 'db' | 'storage'>, teamId: number, folderId: number) {
  const folder = await findFolder(deps.db, teamId, folderId);
  if (!folder) throw folderNotFound();
  return view(deps, folder);
}

/** GET /v1/folders: filtered and paged in the database, each folder with its first files (one query). */
export async function listTeamFolders(deps: FolderDeps, auth: AuthContext, query: FolderQuery) {
  const { rows, total } = await listFolders(
    deps.db,
    auth.teamId,
    { keyword: query.keyword, modelId: query.model_id, kind: query.kind, sort: query.sort },
    pageWindow(query),
  );
  return { items: await Promise.all(rows.map((row) => view(deps, row))), total };
}

/** One folder of the caller's team; another team's is "not found". */
export function getFolder(deps: FolderDeps, auth: AuthContext, folderId: number): Promise<FolderView> {
  return reread(deps, auth.teamId, folderId);
}

/** The fields a PATCH may change, with the label and display of each in the log. */
const FOLDER_CHANGE_LOG: ChangeLogField<Pick<FolderRecord, 'name' | 'kind'>>[] = [
  { field: 'name', label: '名称' },
  { field: 'kind', label: '类型', show: shown.label(FOLDER_KIND_LABELS) },
];

/** PATCH /v1/folders/{id}: name and kind; the changed fields logged before → after. Nothing changed, nothing written. */
export async function updateFolder(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  input: FolderUpdate,
  origin: RequestOrigin,
): Promise<FolderView> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const folder = await findFolderForUpdate(tx, auth.teamId, folderId);
    if (!folder) throw folderNotFound();
    const changes = await changeLog(tx, auth.teamId, folder, input, FOLDER_CHANGE_LOG);
    if (changes.length === 0) return;
    await updateFolderRow(tx, auth.teamId, folderId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      updatedAt: now,
    });
    await recordOperation(tx, {
      action: 'folder_update',
      actor: memberActor(auth, origin, now),
      targetId: folderId,
      detail: { name: input.name ?? folder.name, changes },
    });
  });
  return reread(deps, auth.teamId, folderId);
}

/** GET /v1/folders/{id}/deletion: whether the folder can be deleted now (it holds no file), and why not. */
export async function getFolderDeletion(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
): Promise<RecordDeletion> {
  const folder = await findFolder(deps.db, auth.teamId, folderId);
  if (!folder) throw folderNotFound();
  return recordDeletion('folder', { files: folder.fileCount });
}

/**
 * DELETE /v1/folders/{id}: a folder without files (made by mistake, or emptied) goes with its share
 * links, logged; otherwise 409 with its number of files. The folder is locked first, as every write that
 * adds a file to it does (an upload, a move), so a file added meanwhile is counted or finds it gone.
 */
export async function deleteFolder(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  origin: RequestOrigin,
): Promise<void> {
  await deleteRecordMadeByMistake(deps.db, {
    record: 'folder',
    action: 'folder_delete',
    actor: memberActor(auth, origin, deps.clock()),
    targetId: folderId,
    lock: (tx) => findFolderForUpdate(tx, auth.teamId, folderId),
    notFound: folderNotFound,
    references: async (db) => ({ files: await countFolderFiles(db, auth.teamId, folderId) }),
    // Its share links, live or revoked, go with it: a link to it answers "not found", as a revoked one does.
    remove: async (tx) => {
      await deleteShareLinks(tx, auth.teamId, 'folder', folderId);
      await deleteFolderRows(tx, auth.teamId, folderId);
    },
  });
}

/**
 * PATCH /v1/folders/{id}/files/order: the folder's files take the order listed, which must name each of
 * them once (else 409: someone added, moved or deleted a file meanwhile). Logged with the folder.
 */
export async function orderFolderFiles(
  deps: FolderDeps,
  auth: AuthContext,
  folderId: number,
  input: FileOrder,
  origin: RequestOrigin,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const folder = await findFolderForUpdate(tx, auth.teamId, folderId);
    if (!folder) throw folderNotFound();
    if (!(await orderFilesOfFolder(tx, auth.teamId, folderId, input.file_ids, now))) {
      throw new AppError('conflict', { message: UPLOAD_MESSAGES.orderOutdated });
    }
    await touchFolder(tx, auth.teamId, folderId, now);
    await recordOperation(tx, {
      action: 'file_reorder',
      actor: memberActor(auth, origin, now),
      targetId: folderId,
      detail: { folder: folder.name, count: input.file_ids.length },
    });
  });
}

/**
 * POST /v1/files/move: files of one folder go, in their order, to the end of another folder of the same
 * model (or, for folders of no model, another folder of no model). Any file or folder of another team is
 * "not found", and nothing is written.
 */
export async function moveFiles(
  deps: FolderDeps,
  auth: AuthContext,
  input: FileMove,
  origin: RequestOrigin,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const moved = await lockTeamFiles(tx, auth.teamId, input.file_ids);
    if (moved.length !== input.file_ids.length) throw fileNotFound();
    const sourceIds = new Set(moved.map((file) => file.folderId));
    const [sourceId] = sourceIds;
    if (sourceIds.size !== 1 || sourceId === undefined) {
      throw new AppError('badRequest', { message: UPLOAD_MESSAGES.moveOneFolder });
    }
    if (sourceId === input.folder_id)
      throw new AppError('badRequest', { message: UPLOAD_MESSAGES.moveSameFolder });
    const locked = await lockFolders(tx, auth.teamId, [sourceId, input.folder_id]);
    const source = locked.find((folder) => folder.id === sourceId);
    const target = locked.find((folder) => folder.id === input.folder_id);
    if (!source || !target) throw folderNotFound();
    if (source.modelId !== target.modelId) {
      throw new AppError('badRequest', { message: UPLOAD_MESSAGES.moveOtherModel });
    }
    await moveFilesToFolder(tx, auth.teamId, moved, target.id, now);
    await touchFolder(tx, auth.teamId, source.id, now);
    await touchFolder(tx, auth.teamId, target.id, now);
    await recordOperation(tx, {
      action: 'file_move',
      actor: memberActor(auth, origin, now),
      targetId: target.id,
      detail: { from: source.name, to: target.name, files: moved.map((file) => file.name) },
    });
  });
}

/**
 * DELETE /v1/files/{id}: the record goes (a model whose cover it was loses its cover) with its log entry;
 * once no record refers to the bytes, they and their thumbnail and preview leave storage after the commit.
 */
export async function deleteFile(
  deps: FolderDeps,
  auth: AuthContext,
  fileId: number,
  origin: RequestOrigin,
): Promise<void> {
  const now = deps.clock();
  const keys = await deps.db.transaction(async (tx) => {
    const [file] = await lockTeamFiles(tx, auth.teamId, [fileId]);
    if (!file) throw fileNotFound();
    const folder = await findFolderForUpdate(tx, auth.teamId, file.folderId);
    if (!folder) throw folderNotFound();
    await releaseCoverFile(tx, auth.teamId, file.id);
    const unreferenced = await removeFile(tx, file);
    await touchFolder(tx, auth.teamId, folder.id, now);
    await recordOperation(tx, {
      action: 'file_delete',
      actor: memberActor(auth, origin, now),
      targetId: folder.id,
      detail: { folder: folder.name, file: file.name },
    });
    return unreferenced;
  });
  await deleteStoredKeys(deps, keys);
}

/** The ids of a model's folders, for the model's history (which includes what happened in them). */
export function modelFolderIds(deps: Pick<FolderDeps, 'db'>, teamId: number, modelId: number) {
  return listModelFolderIds(deps.db, teamId, modelId);
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
  await scheduleThumbnails(deps, file);
  return signFile(deps, file);
}
