import type { Folder } from '@trackit/contract/folder.schema';
import type { FolderRow } from './folder.repository';

export function presentFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    model_id: row.modelId,
    file_count: row.fileCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
