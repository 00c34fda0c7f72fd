import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../session/auth-context';
import type { BlobStorage } from '../upload/storage/blob-storage';
import { claimUploadedBlob } from '../upload/upload.service';

export const AVATAR_ROUTE = '/storm_api/v1/avatars';

export interface AvatarDeps {
  storage: BlobStorage;
  blobKey: Buffer;
}

/**
 * Takes an uploaded image as the member's avatar: a 256 px square thumbnail is made at once (avatars are
 * small), and the membership keeps two stable addresses that redirect to freshly signed ones.
 */
export async function adoptAvatar(
  deps: AvatarDeps,
  tx: Database,
  auth: AuthContext,
  signedId: string,
  at: Date,
) {
  const blob = await claimUploadedBlob(deps, tx, auth, signedId, at);
  if (!blob.contentType.startsWith('image/'))
    throw new AppError('badRequest', { message: UPLOAD_MESSAGES.notAnImage });
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.read(blob.key)) chunks.push(chunk as Buffer);
  let thumb: Buffer;
  try {
    thumb = await sharp(Buffer.concat(chunks))
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('badRequest', { message: UPLOAD_MESSAGES.notAnImage });
  }
  await deps.storage.put(`${blob.key}.avatar.webp`, thumb, 'image/webp');
  return { avatar: `${AVATAR_ROUTE}/${blob.id}`, avatarThumb: `${AVATAR_ROUTE}/${blob.id}?size=thumb` };
}
