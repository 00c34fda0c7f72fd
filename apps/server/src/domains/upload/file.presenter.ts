import { SIGNED_URL_EXPIRY_SECONDS } from '@trackit/contract/constants';
import type { FileItem } from '@trackit/contract/upload.schema';
import type { BlobStorage } from './storage/blob-storage';
import type { FileRow } from './upload.repository';

/** Signed addresses live longer than upload ones: a page of thumbnails stays usable for an hour. */
const VIEW_EXPIRY_SECONDS = Math.max(SIGNED_URL_EXPIRY_SECONDS, 3600);

export async function presentFile(
  storage: BlobStorage,
  row: FileRow & { blobKey: string },
): Promise<FileItem> {
  const sign = (key: string, contentType: string, downloadName?: string) =>
    storage.presignGet({
      key,
      contentType,
      expiresInSeconds: VIEW_EXPIRY_SECONDS,
      ...(downloadName ? { downloadName } : {}),
    });
  const ready = row.thumbnailState === 'ready' && row.thumbKey && row.previewKey;
  return {
    id: row.id,
    folder_id: row.folderId,
    name: row.name,
    content_type: row.contentType,
    byte_size: row.byteSize,
    checksum: row.checksum,
    kind: row.kind,
    thumbnail_state: row.thumbnailState,
    url: await sign(row.blobKey, row.contentType, row.name),
    thumb_url: ready ? await sign(row.thumbKey as string, 'image/webp') : null,
    preview_url: ready
      ? await sign(row.previewKey as string, 'image/webp')
      : row.kind === 'image'
        ? await sign(row.blobKey, row.contentType)
        : null,
    created_at: row.createdAt.toISOString(),
  };
}
