/**
 * Uploads (docs/product.md §5, §7): announcing a file, receiving its bytes at a signed address,
 * turning an uploaded blob into a folder's file or an avatar, and the purge of uploads never used (signed
 * addresses to view files are in ./signed-files.service). Other domains call the functions taking a
 * transaction inside their own.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES, SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { fileSuffix } from '@trackit/contract/patterns';
import { isAcceptedContentType } from '@trackit/contract/upload';
import type {
  BlobGetQuery,
  BlobPutQuery,
  DirectUploadRequest,
  DirectUploadResponse,
  FileKind,
} from '@trackit/contract/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { AppMetrics } from '../../metrics/metrics';
import { makeAvatar } from './images';
import { signBlobId, verifySignedBlobId } from './signed-id';
import type { BlobStorage } from './storage/blob-storage';
import type { DiskStorage, PutRefusal } from './storage/disk-storage';
import type { ThumbnailQueue } from './thumbnail-queue';
import {
  type BlobRow,
  deleteBlobIfUnreferenced,
  deleteFileRow,
  deletePendingBlob,
  type FileRow,
  findTeamBlob,
  findTeamBlobForUpdate,
  insertBlob,
  insertFile,
  listFileIdsOfFolder,
  listStalePendingBlobs,
  lockFiles,
  markBlobAttached,
  moveFileRows,
  type StoredFileRow,
  writeFilePositions,
} from './upload.repository';

export interface UploadDeps {
  db: Database;
  storage: BlobStorage;
  /** The disk driver's own addresses; null when files live in an S3 bucket. */
  disk: DiskStorage | null;
  clock: () => Date;
  blobKey: Buffer;
  maxBytes: number;
  log: FastifyBaseLogger;
  thumbnails: ThumbnailQueue;
  /** ffmpeg is on this machine: videos get a poster frame, else an icon. */
  videoPosters: boolean;
  metrics?: AppMetrics | undefined;
}

const PENDING_LIFETIME_MS = 24 * 3_600_000;
/**
 * A partial upload untouched this long is a crash's leftover: a live one is written to at least once per
 * idle time-out (at most 10 minutes, config.ts) or dropped, and a dropped one removes its own file.
 */
const PARTIAL_UPLOAD_MAX_IDLE_MS = 3_600_000;
/** Images whose thumbnails sharp can make (SVG is served as it is). */
const THUMBNAIL_TYPES = /^image\/(jpeg|png|webp|gif|avif|tiff|heic|heif)$/;

/** `teams/<team>/<yyyy>/<mm>/<uuid>[.<suffix>]`: spread over folders, never guessable, never a user's name. */
function newBlobKey(teamId: number, at: Date, suffix: string | undefined): string {
  const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const safeSuffix = suffix && /^[a-z0-9]{1,10}$/i.test(suffix) ? `.${suffix.toLowerCase()}` : '';
  return `teams/${teamId}/${month}/${randomUUID()}${safeSuffix}`;
}

const fileKindOf = (contentType: string): FileKind =>
  contentType.startsWith('image/') ? 'image' : contentType.startsWith('video/') ? 'video' : 'document';

/** POST /v1/direct_uploads: records a pending blob and answers where and how to PUT its bytes. */
export async function createDirectUpload(
  deps: UploadDeps,
  auth: AuthContext,
  input: DirectUploadRequest,
): Promise<DirectUploadResponse> {
  const contentType = input.content_type.toLowerCase();
  if (!isAcceptedContentType(contentType)) {
    throw new AppError('badRequest', { message: UPLOAD_MESSAGES.unsupportedType });
  }
  if (input.byte_size > deps.maxBytes)
    throw new AppError('payloadTooLarge', { message: UPLOAD_MESSAGES.tooLarge });
  const now = deps.clock();
  const blob = await insertBlob(deps.db, {
    teamId: auth.teamId,
    key: newBlobKey(auth.teamId, now, input.suffix ?? fileSuffix(input.filename)),
    filename: input.filename,
    contentType,
    byteSize: input.byte_size,
    checksum: input.checksum,
    uploadedByMembershipId: auth.membershipId,
    createdAt: now,
    updatedAt: now,
  });
  const put = await deps.storage.presignPut({
    key: blob.key,
    byteSize: blob.byteSize,
    checksum: blob.checksum,
    contentType,
    expiresInSeconds: SIGNED_URL_EXPIRY_SECONDS,
  });
  const previewUrl = await deps.storage.presignGet({
    key: blob.key,
    contentType,
    expiresInSeconds: SIGNED_URL_EXPIRY_SECONDS,
  });
  return {
    direct_upload: { url: put.url, headers: put.headers, preview_url: previewUrl },
    signed_id: signBlobId(deps.blobKey, blob.id, auth.teamId),
  };
}

/**
 * Stores bytes the server made itself (the demo seed's pictures) for a blob the same caller announced, as
 * the browser's PUT would: refused unless the size and MD5 are the announced ones.
 */
export async function storeOwnUpload(
  deps: Pick<UploadDeps, 'db' | 'storage' | 'blobKey'>,
  auth: AuthContext,
  signedId: string,
  bytes: Buffer,
): Promise<void> {
  const blobId = verifySignedBlobId(deps.blobKey, signedId, auth.teamId);
  const blob = blobId ? await findTeamBlob(deps.db, auth.teamId, blobId) : undefined;
  if (blob?.state !== 'pending') throw new AppError('badRequest', { message: UPLOAD_MESSAGES.badSignedId });
  if (bytes.length !== blob.byteSize || createHash('md5').update(bytes).digest('base64') !== blob.checksum) {
    throw new AppError('badRequest', { message: UPLOAD_MESSAGES.contentMismatch });
  }
  await deps.storage.put(blob.key, bytes, blob.contentType);
}

const PUT_REFUSALS: Record<PutRefusal, () => AppError> = {
  forged: () => new AppError('forbidden', { message: UPLOAD_MESSAGES.badUploadAddress }),
  expired: () => new AppError('forbidden', { message: UPLOAD_MESSAGES.badUploadAddress }),
  exists: () => new AppError('conflict', { message: UPLOAD_MESSAGES.alreadyStored }),
  size: () => new AppError('badRequest', { message: UPLOAD_MESSAGES.contentMismatch }),
  checksum: () => new AppError('badRequest', { message: UPLOAD_MESSAGES.contentMismatch }),
};

/** The disk driver, or "no such route" when files live in a bucket (its addresses are the bucket's). */
const diskOf = (deps: Pick<UploadDeps, 'disk'>): DiskStorage => {
  if (!deps.disk) throw new AppError('routeNotFound');
  return deps.disk;
};

/**
 * PUT to a signed disk address: streams the body to disk, refused with nothing kept unless signature,
 * expiry, size and MD5 all hold.
 */
export async function receiveBlob(
  deps: Pick<UploadDeps, 'disk'>,
  input: { key: string; query: BlobPutQuery; contentType: unknown; checksum: unknown; body: Readable },
): Promise<void> {
  const disk = diskOf(deps);
  if (typeof input.contentType !== 'string' || typeof input.checksum !== 'string') {
    throw PUT_REFUSALS.forged();
  }
  const refusal = await disk.verifyAndStore(
    {
      key: input.key,
      expires: input.query.expires,
      byteSize: input.query.size,
      contentType: input.contentType,
      checksum: input.checksum,
      signature: input.query.signature,
    },
    input.body,
  );
  if (refusal) throw PUT_REFUSALS[refusal]();
}

/** GET of a signed disk address: the stored bytes, once the signature and expiry hold. */
export async function openBlob(deps: Pick<UploadDeps, 'disk'>, key: string, query: BlobGetQuery) {
  const disk = diskOf(deps);
  const valid = disk.verifyGet({
    key,
    expires: query.expires,
    contentType: query.type,
    downloadName: query.name ?? '',
    signature: query.signature,
  });
  if (!valid) throw new AppError('forbidden', { message: UPLOAD_MESSAGES.badDownloadAddress });
  const stored = await disk.stat(key);
  if (!stored) throw new AppError('notFound', { message: UPLOAD_MESSAGES.fileMissing });
  return { byteSize: stored.byteSize, stream: await disk.read(key) };
}

/**
 * Takes an uploaded blob of the caller's team for a new use, in the caller's transaction: refuses a
 * forged or foreign reference, a blob already taken, and bytes missing or unlike what was declared.
 */
async function claimUploadedBlob(
  deps: Pick<UploadDeps, 'storage' | 'blobKey' | 'metrics'>,
  tx: Database,
  auth: AuthContext,
  signedId: string,
  at: Date,
): Promise<BlobRow> {
  const blobId = verifySignedBlobId(deps.blobKey, signedId, auth.teamId);
  const blob = blobId ? await findTeamBlobForUpdate(tx, auth.teamId, blobId) : undefined;
  if (!blob) throw new AppError('badRequest', { message: UPLOAD_MESSAGES.badSignedId });
  if (blob.state === 'attached') throw new AppError('conflict', { message: UPLOAD_MESSAGES.alreadyAttached });
  const stored = await deps.storage.stat(blob.key);
  if (!stored) throw new AppError('conflict', { message: UPLOAD_MESSAGES.notUploaded });
  if (stored.byteSize !== blob.byteSize || (stored.checksum && stored.checksum !== blob.checksum)) {
    throw new AppError('conflict', { message: UPLOAD_MESSAGES.contentMismatch });
  }
  await markBlobAttached(tx, auth.teamId, blob.id, at);
  deps.metrics?.uploadStored(blob.byteSize);
  return blob;
}

/**
 * Takes an uploaded blob for another domain's record (an order's attachment), in that domain's
 * transaction, with the same checks as a folder's file.
 */
export function claimBlob(
  deps: Pick<UploadDeps, 'storage' | 'blobKey' | 'metrics'>,
  tx: Database,
  auth: AuthContext,
  signedId: string,
  at: Date,
): Promise<BlobRow> {
  return claimUploadedBlob(deps, tx, auth, signedId, at);
}

/**
 * Deletes the record of a blob another domain's record no longer uses, in that domain's transaction once
 * its own row is gone; resolves the storage keys to delete after the commit (deleteStoredKeys).
 */
export async function releaseBlob(
  tx: Database,
  blob: Pick<BlobRow, 'id' | 'teamId' | 'key'>,
): Promise<string[]> {
  return (await deleteBlobIfUnreferenced(tx, blob.teamId, blob.id)) ? [blob.key] : [];
}

/** The uploaded blob becomes a file of the folder, in the folder domain's transaction. */
export async function addBlobToFolder(
  deps: UploadDeps,
  tx: Database,
  auth: AuthContext,
  input: { folderId: number; signedId: string },
  at: Date,
): Promise<StoredFileRow> {
  const blob = await claimUploadedBlob(deps, tx, auth, input.signedId, at);
  const kind = fileKindOf(blob.contentType);
  const file = await insertFile(tx, {
    teamId: auth.teamId,
    folderId: input.folderId,
    blobId: blob.id,
    name: blob.filename,
    contentType: blob.contentType,
    byteSize: blob.byteSize,
    checksum: blob.checksum,
    kind,
    thumbnailState:
      THUMBNAIL_TYPES.test(blob.contentType) || (kind === 'video' && deps.videoPosters) ? 'pending' : 'none',
    createdAt: at,
    updatedAt: at,
  });
  return { ...file, blobKey: blob.key };
}

/**
 * Asks for a new file's thumbnails; call once the transaction that added it has committed. A send that
 * fails is only logged: the file stays pending and the catch-up at the next start sends it again.
 */
export async function scheduleThumbnails(
  deps: Pick<UploadDeps, 'thumbnails' | 'log'>,
  file: Pick<FileRow, 'id' | 'thumbnailState'>,
): Promise<void> {
  if (file.thumbnailState !== 'pending') return;
  await deps.thumbnails
    .enqueue(file.id)
    .catch((error: unknown) => deps.log.error({ err: error, fileId: file.id }, 'thumbnail job not sent'));
}

/**
 * Puts a folder's files in the given order, in the folder domain's transaction (the folder locked). The
 * list must name every file of the folder once; resolves false, writing nothing, when it does not.
 */
export async function orderFilesOfFolder(
  tx: Database,
  teamId: number,
  folderId: number,
  fileIds: number[],
  at: Date,
): Promise<boolean> {
  const stored = await listFileIdsOfFolder(tx, teamId, folderId);
  const listed = new Set(fileIds);
  if (stored.length !== fileIds.length || stored.some((id) => !listed.has(id))) return false;
  await writeFilePositions(
    tx,
    teamId,
    folderId,
    fileIds,
    fileIds.map((_, index) => index + 1),
    at,
  );
  return true;
}

/** The team's files among `fileIds`, locked for the caller's transaction; another team's are absent. */
export async function lockTeamFiles(
  tx: Database,
  teamId: number,
  fileIds: number[],
): Promise<StoredFileRow[]> {
  const rows = await lockFiles(tx, teamId, fileIds);
  return rows.map((row) => ({ ...row.file, blobKey: row.blobKey }));
}

/**
 * Moves locked files to the end of another folder of the team, keeping their order. The target's files
 * are placed first as they are listed now (unplaced ones have no position), so the moved ones follow.
 */
export async function moveFilesToFolder(
  tx: Database,
  teamId: number,
  moved: Pick<FileRow, 'id'>[],
  folderId: number,
  at: Date,
): Promise<void> {
  const current = await listFileIdsOfFolder(tx, teamId, folderId);
  if (current.length > 0) {
    await writeFilePositions(
      tx,
      teamId,
      folderId,
      current,
      current.map((_, index) => index + 1),
      at,
    );
  }
  await moveFileRows(
    tx,
    teamId,
    moved.map((file, index) => ({ id: file.id, position: current.length + 1 + index })),
    folderId,
    at,
  );
}

/**
 * Deletes a locked file's record, and its blob's record once no file refers to it, in the caller's
 * transaction. Resolves the storage keys to delete once that transaction has committed.
 */
export async function removeFile(tx: Database, file: StoredFileRow): Promise<string[]> {
  await deleteFileRow(tx, file.teamId, file.id);
  if (!(await deleteBlobIfUnreferenced(tx, file.teamId, file.blobId))) return [];
  return [file.blobKey, file.thumbKey, file.previewKey].filter((key): key is string => Boolean(key));
}

/**
 * Deletes stored bytes whose records are gone (after the commit). A failure is logged, not thrown: the
 * records are already gone, and bytes nothing refers to are harmless.
 */
export async function deleteStoredKeys(deps: Pick<UploadDeps, 'storage' | 'log'>, keys: string[]) {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'stored file not deleted');
    }
  }
}

const avatarKey = (blobKey: string) => `${blobKey}.avatar.webp`;

/**
 * Takes an uploaded image as an avatar, in the profile domain's transaction: a 256 px square thumbnail
 * is made at once (an avatar is at most AVATAR_MAX_BYTES). Resolves the blob's id, the avatar's stable name.
 */
export async function adoptAvatarImage(
  deps: Pick<UploadDeps, 'storage' | 'blobKey' | 'metrics'>,
  tx: Database,
  auth: AuthContext,
  signedId: string,
  at: Date,
): Promise<string> {
  const blob = await claimUploadedBlob(deps, tx, auth, signedId, at);
  if (!blob.contentType.startsWith('image/'))
    throw new AppError('badRequest', { message: UPLOAD_MESSAGES.notAnImage });
  if (blob.byteSize > AVATAR_MAX_BYTES)
    throw new AppError('payloadTooLarge', { message: UPLOAD_MESSAGES.avatarTooLarge });
  const thumb = await deps.storage.withLocalFile(blob.key, (stored) =>
    makeAvatar(stored).catch(() => {
      throw new AppError('badRequest', { message: UPLOAD_MESSAGES.notAnImage });
    }),
  );
  await deps.storage.put(avatarKey(blob.key), thumb, 'image/webp');
  return blob.id;
}

/** A freshly signed address of a team's avatar image (or its thumbnail); undefined when there is none. */
export async function signAvatar(
  deps: Pick<UploadDeps, 'db' | 'storage'>,
  teamId: number,
  blobId: string,
  thumb: boolean,
): Promise<string | undefined> {
  const blob = await findTeamBlob(deps.db, teamId, blobId);
  if (!blob) return undefined;
  return deps.storage.presignGet({
    key: thumb ? avatarKey(blob.key) : blob.key,
    contentType: thumb ? 'image/webp' : blob.contentType,
    expiresInSeconds: 3600,
  });
}

/** Removes partial files of uploads a crash cut short (disk driver; a bucket keeps no partial PUTs). */
export async function sweepPartialUploads(deps: Pick<UploadDeps, 'disk' | 'clock'>): Promise<number> {
  if (!deps.disk) return 0;
  return deps.disk.removePartialUploads(new Date(deps.clock().getTime() - PARTIAL_UPLOAD_MAX_IDLE_MS));
}

/** Deletes blobs announced more than a day ago and never attached, with their bytes. */
export async function purgeStaleBlobs(deps: Pick<UploadDeps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - PENDING_LIFETIME_MS);
  let purged = 0;
  for (;;) {
    const stale = await listStalePendingBlobs(deps.db, before, 200);
    if (stale.length === 0) return purged;
    for (const blob of stale) {
      // The row goes first: were the process to stop in between, bytes without a row are harmless.
      if (await deletePendingBlob(deps.db, blob.teamId, blob.id)) {
        await deps.storage.delete(blob.key);
        purged += 1;
      }
    }
  }
}
