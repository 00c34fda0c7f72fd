import { randomUUID } from 'node:crypto';
import { SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { fileSuffix } from '@trackit/contract/patterns';
import { isAcceptedContentType } from '@trackit/contract/upload';
import type { DirectUploadRequest } from '@trackit/contract/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findTeamFolderForUpdate, touchFolder } from '../folder/folder.repository';
import { byMember, recordOperation } from '../operation-log/operation-log.repository';
import type { AuthContext, RequestOrigin } from '../session/auth-context';
import { signBlobId, verifySignedBlobId } from './signed-id';
import type { BlobStorage } from './storage/blob-storage';
import {
  type BlobRow,
  deletePendingBlob,
  findTeamBlobForUpdate,
  insertBlob,
  insertFile,
  listStalePendingBlobs,
  markBlobAttached,
} from './upload.repository';

export interface UploadDeps {
  db: Database;
  storage: BlobStorage;
  clock: () => Date;
  blobKey: Buffer;
  maxBytes: number;
  log: FastifyBaseLogger;
  /** ffmpeg is on this machine: videos get a poster frame, else an icon. */
  videoPosters: boolean;
}

const PENDING_LIFETIME_MS = 24 * 3_600_000;

/** `teams/<team>/<yyyy>/<mm>/<uuid>[.<suffix>]`: spread over folders, never guessable, never a user's name. */
function newBlobKey(teamId: number, at: Date, suffix: string | undefined): string {
  const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const safeSuffix = suffix && /^[a-z0-9]{1,10}$/i.test(suffix) ? `.${suffix.toLowerCase()}` : '';
  return `teams/${teamId}/${month}/${randomUUID()}${safeSuffix}`;
}

export const fileKindOf = (contentType: string): 'image' | 'video' | 'document' =>
  contentType.startsWith('image/') ? 'image' : contentType.startsWith('video/') ? 'video' : 'document';

/** Images whose thumbnails sharp can make (SVG is served as it is). */
const THUMBNAIL_TYPES = /^image\/(jpeg|png|webp|gif|avif|tiff|heic|heif)$/;

/** POST /v1/direct_uploads: records a pending blob and answers where and how to PUT its bytes. */
export async function createDirectUpload(deps: UploadDeps, auth: AuthContext, input: DirectUploadRequest) {
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
 * Takes an uploaded blob of the caller's team for a new use, in the caller's transaction: refuses a
 * forged or foreign reference, a blob already taken, and bytes missing or unlike what was declared.
 */
export async function claimUploadedBlob(
  deps: Pick<UploadDeps, 'storage' | 'blobKey'>,
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
  await markBlobAttached(tx, blob.id, at);
  return blob;
}

/** POST /v1/files: the uploaded blob becomes a file of the folder, in one transaction. */
export async function attachFile(
  deps: UploadDeps,
  auth: AuthContext,
  input: { folder_id: number; signed_id: string },
  origin: RequestOrigin,
) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const folder = await findTeamFolderForUpdate(tx, auth.teamId, input.folder_id);
    if (!folder) throw new AppError('notFound', { message: UPLOAD_MESSAGES.folderNotFound });
    const blob = await claimUploadedBlob(deps, tx, auth, input.signed_id, now);
    const kind = fileKindOf(blob.contentType);
    const file = await insertFile(tx, {
      teamId: auth.teamId,
      folderId: folder.id,
      blobId: blob.id,
      name: blob.filename,
      contentType: blob.contentType,
      byteSize: blob.byteSize,
      checksum: blob.checksum,
      kind,
      thumbnailState:
        THUMBNAIL_TYPES.test(blob.contentType) || (kind === 'video' && deps.videoPosters)
          ? 'pending'
          : 'none',
      createdAt: now,
      updatedAt: now,
    });
    await touchFolder(tx, folder.id, now);
    await recordOperation(tx, {
      action: 'file_upload',
      ...byMember(auth, origin, now),
      targetType: 'folder',
      targetId: folder.id,
      detail: { folder: folder.name, file: blob.filename, byte_size: blob.byteSize },
    });
    return { file, blobKey: blob.key };
  });
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
      if (await deletePendingBlob(deps.db, blob.id)) {
        await deps.storage.delete(blob.key);
        purged += 1;
      }
    }
  }
}
