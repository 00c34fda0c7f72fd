import type { Folder } from '@trackit/contract/folder.schema';
import type { FolderShare } from '@trackit/contract/package.schema';
import { SHARE_PATHS } from '@trackit/contract/share';
import type { PublicFolder } from '@trackit/contract/share.schema';
import { presentPublicFile } from '../share/public-file.presenter';
import type { FolderShareRow } from './folder.repository';
import type { FolderView } from './folder.service';
import type { SharedFolderData } from './folder-share.service';

export function presentFolderShare(share: FolderShareRow): FolderShare {
  return {
    share_id: share.shareId,
    mobile_url: SHARE_PATHS.mobileFolder(share.shareId),
    desktop_url: SHARE_PATHS.desktopFolder(share.shareId),
    created_at: share.createdAt.toISOString(),
  };
}

/** A shared folder as the share pages see it: names and files only. */
export function presentPublicFolder(data: SharedFolderData): PublicFolder {
  const files = data.files.map(presentPublicFile);
  return {
    name: data.folder.name,
    team_name: data.teamName,
    model_name: data.modelName,
    model_english_name: data.modelEnglishName,
    photos: files.filter((file) => file.kind === 'image'),
    files: files.filter((file) => file.kind !== 'image'),
  };
}

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
    share: row.share ? presentFolderShare(row.share) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
