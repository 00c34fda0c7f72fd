import type { FileItem } from '@trackit/contract/upload.schema';
import type { SignedFile } from './signed-files.service';

export function presentFile(file: SignedFile): FileItem {
  return {
    id: file.id,
    folder_id: file.folderId,
    name: file.name,
    content_type: file.contentType,
    byte_size: file.byteSize,
    checksum: file.checksum,
    kind: file.kind,
    thumbnail_state: file.thumbnailState,
    url: file.url,
    thumb_url: file.thumbUrl,
    preview_url: file.previewUrl,
    created_at: file.createdAt.toISOString(),
  };
}
