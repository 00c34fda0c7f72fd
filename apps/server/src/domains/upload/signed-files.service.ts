/**
 * Signed addresses of stored files (docs/product.md §5, §7): a file's bytes, thumbnail and preview for the
 * admin app, short-lived ones for the share pages, a download under the file's name, and a picture made
 * ready to print. Announcing, receiving and adopting uploads is in ./upload.service.
 */
import { SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import { isPdfType } from '@trackit/contract/upload';
import type { PageWindow } from '../../http/pagination';
import { makePrintImage } from './images';
import { type FileRow, listFilesOfFolder, type StoredFileRow } from './upload.repository';
import type { UploadDeps } from './upload.service';

/** Signed addresses to view live longer than upload ones: a page of thumbnails stays usable for an hour. */
const VIEW_EXPIRY_SECONDS = Math.max(SIGNED_URL_EXPIRY_SECONDS, 3600);

/** A signed address to download a blob under its name (an order's attachment). */
export function signBlobDownload(
  deps: Pick<UploadDeps, 'storage'>,
  blob: { key: string; contentType: string; name: string },
): Promise<string> {
  return deps.storage.presignGet({
    key: blob.key,
    contentType: blob.contentType,
    downloadName: blob.name,
    expiresInSeconds: VIEW_EXPIRY_SECONDS,
  });
}

/** A file with signed addresses of its bytes, thumbnail and preview. */
export type SignedFile = FileRow & { url: string; thumbUrl: string | null; previewUrl: string | null };

export async function signFile(
  deps: Pick<UploadDeps, 'storage'>,
  row: StoredFileRow,
  expiresInSeconds = VIEW_EXPIRY_SECONDS,
): Promise<SignedFile> {
  const sign = (key: string, contentType: string, downloadName?: string) =>
    deps.storage.presignGet({
      key,
      contentType,
      expiresInSeconds,
      ...(downloadName ? { downloadName } : {}),
    });
  const ready = row.thumbnailState === 'ready' && row.thumbKey && row.previewKey;
  const { blobKey, ...file } = row;
  return {
    ...file,
    url: await sign(blobKey, row.contentType, row.name),
    thumbUrl: ready ? await sign(row.thumbKey as string, 'image/webp') : null,
    // A PDF previews as itself, inline (the gallery frames it); an image as its original until its preview exists.
    previewUrl: isPdfType(row.contentType)
      ? await sign(blobKey, row.contentType)
      : ready
        ? await sign(row.previewKey as string, 'image/webp')
        : row.kind === 'image'
          ? await sign(blobKey, row.contentType)
          : null,
  };
}

/**
 * How long the share pages' signed addresses live: 5 to 10 minutes, ending on a 5-minute boundary, so
 * an address handed out before a package is revoked dies within minutes, while the addresses of one
 * file stay the same for a while (the browser's cache keeps serving them across refetches).
 */
export const PUBLIC_URL_BUCKET_SECONDS = 300;
export function publicUrlSeconds(now: Date): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const end = (Math.floor(nowSeconds / PUBLIC_URL_BUCKET_SECONDS) + 2) * PUBLIC_URL_BUCKET_SECONDS;
  return end - nowSeconds;
}

/** A file with short-lived signed addresses, for a share page (publicUrlSeconds). */
export function signPublicFile(
  deps: Pick<UploadDeps, 'storage' | 'clock'>,
  row: StoredFileRow,
): Promise<SignedFile> {
  return signFile(deps, row, publicUrlSeconds(deps.clock()));
}

/** A page of a folder's files, signed. The folder domain has checked the folder is the team's. */
export async function listSignedFilesOfFolder(
  deps: Pick<UploadDeps, 'db' | 'storage'>,
  teamId: number,
  folderId: number,
  window: PageWindow,
) {
  const { rows, total } = await listFilesOfFolder(deps.db, teamId, folderId, window);
  return { items: await Promise.all(rows.map((row) => signFile(deps, row))), total };
}

/** The most files a shared folder's page lists. */
const SHARED_FOLDER_MAX_FILES = 1000;

/** A shared folder's files in its order, with short-lived addresses (the folder domain checked the share). */
export async function listPublicFilesOfFolder(
  deps: Pick<UploadDeps, 'db' | 'storage' | 'clock'>,
  teamId: number,
  folderId: number,
) {
  const { rows } = await listFilesOfFolder(deps.db, teamId, folderId, {
    limit: SHARED_FOLDER_MAX_FILES,
    offset: 0,
  });
  return Promise.all(rows.map((row) => signPublicFile(deps, row)));
}

/** A signed address of a thumbnail (WebP) the thumbnail queue made. */
export function signThumbnail(deps: Pick<UploadDeps, 'storage'>, key: string): Promise<string> {
  return deps.storage.presignGet({ key, contentType: 'image/webp', expiresInSeconds: VIEW_EXPIRY_SECONDS });
}

/**
 * A stored picture ready to print in a frame of `frame` pixels (a comp card), as JPEG. Decoded from the
 * stored file, never read whole into memory; rejects when the bytes are not a picture sharp can read.
 */
export function renderPrintImage(
  deps: Pick<UploadDeps, 'storage'>,
  file: Pick<StoredFileRow, 'blobKey'>,
  frame: { width: number; height: number },
): Promise<Buffer> {
  return deps.storage.withLocalFile(file.blobKey, (stored) => makePrintImage(stored, frame));
}
