import type { Folder } from '@trackit/contract/folder.schema';
import type { FolderView } from './folder.service';

export function presentFolder(row: FolderView): Folder {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    model_id: row.modelId,
    model_name: row.modelName,
    file_count: row.fileCount,
    previews: row.previews.map((preview) => ({
      id: preview.id,
      kind: preview.kind,
      thumb_url: preview.thumbUrl,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
