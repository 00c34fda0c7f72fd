import type { PublicFile } from '@trackit/contract/share.schema';
import type { SignedFile } from '../upload/signed-files.service';

/** A file on a share page: its kind, name, size and short-lived addresses; nothing of who uploaded it or where it is stored. */
export function presentPublicFile(file: SignedFile): PublicFile {
  return {
    id: file.id,
    kind: file.kind,
    name: file.name,
    content_type: file.contentType,
    byte_size: file.byteSize,
    url: file.url,
    thumb_url: file.thumbUrl,
    preview_url: file.previewUrl,
  };
}
