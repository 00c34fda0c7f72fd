import { StarFilled } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Folder } from '@trackit/contract/folder.schema';
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { modelFoldersQuery } from '../folder/folder.queries';
import { FolderKindTag } from '../folder/folder-kind';
import { compCardPicturesQuery } from './model.queries';
import styles from './model-picture-picker.module.css';

const thumbOf = (file: FileItem) => file.thumb_url ?? file.preview_url ?? undefined;

export interface ModelPictures {
  /** The folders that hold pictures, each with its pictures. */
  groups: { folder: Folder; files: FileItem[] }[];
  isPending: boolean;
  error: Error | null;
  retry: () => void;
}

/** The model's folders that may hold photos, each with its pictures once loaded (comp card and package). */
export function useModelPictures(model: Pick<Model, 'id'>): ModelPictures {
  const folders = useQuery(modelFoldersQuery(model.id));
  const photoFolders = (folders.data?.data ?? []).filter(
    (folder) => folder.kind !== 'video' && folder.file_count > 0,
  );
  const pictures = useQueries({
    queries: photoFolders.map((folder) => compCardPicturesQuery(model.id, folder.id)),
  });
  const groups = photoFolders
    .map((folder, index) => ({ folder, files: pictures[index]?.data ?? [] }))
    .filter((group) => group.files.length > 0);
  return {
    groups,
    isPending: folders.isPending || pictures.some((query) => query.isPending),
    error: folders.error ?? pictures.find((query) => query.error)?.error ?? null,
    retry: () => {
      void folders.refetch();
      for (const query of pictures) if (query.isError) void query.refetch();
    },
  };
}

export interface ModelPicturePickerProps {
  /** What `useModelPictures` gave. */
  pictures: ModelPictures;
  /** The ticked pictures, in the order they were ticked. */
  chosen: readonly number[];
  onToggle: (fileId: number) => void;
  /** The mark of the picture at this place (from 0) among the chosen ones; its number by default. */
  badgeOf?: (place: number) => string;
  /** A picture that may not be ticked now (a limit reached, say). */
  isDisabled?: (fileId: number) => boolean;
  /** The model's cover where it is not to be ticked: marked 封面 and disabled. */
  coverId?: number | null;
  /** Said when the model has no pictures. */
  emptyText: string;
  /** `photo` and `folder` are followed by the id. */
  testIds: { photo: string; folder?: string; empty: string };
  /** Taller, with larger tiles, for a dialog that holds the picker alone. */
  spacious?: boolean;
}

/** A picture to tick: its place among the chosen ones, or the cover's mark. */
function PictureTile({
  file,
  badge,
  isCover,
  disabled,
  onToggle,
  testId,
}: {
  file: FileItem;
  badge: string | null;
  isCover: boolean;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={isCover ? `${styles.tile} ${styles.cover}` : styles.tile}
      aria-pressed={badge !== null}
      disabled={disabled || isCover}
      title={isCover ? '封面已印在正面' : file.name}
      onClick={onToggle}
      data-testid={testId}
    >
      <img src={thumbOf(file)} alt={file.name} className={styles.image} loading="lazy" />
      {badge !== null && <span className={styles.order}>{badge}</span>}
      {isCover && (
        <span className={styles.coverBadge}>
          <StarFilled style={{ color: '#faad14' }} /> 封面
        </span>
      )}
    </button>
  );
}

/**
 * A model's pictures by folder, each a tile to tick, numbered in the order they were ticked; a skeleton
 * while they load, the error with a retry, or the empty state.
 */
export function ModelPicturePicker({
  pictures: { groups, isPending, error, retry },
  chosen,
  onToggle,
  badgeOf = (place) => String(place + 1),
  isDisabled = () => false,
  coverId = null,
  emptyText,
  testIds,
  spacious = false,
}: ModelPicturePickerProps) {
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={error.message || MESSAGES.networkError}
        action={<Button onClick={retry}>{MESSAGES.uploadRetry}</Button>}
      />
    );
  }
  if (groups.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid={testIds.empty} />;
  }
  return (
    <div className={spacious ? `${styles.picker} ${styles.spacious}` : styles.picker}>
      {groups.map(({ folder, files }) => (
        <section key={folder.id} data-testid={testIds.folder && `${testIds.folder}${folder.id}`}>
          <div className={styles.folderHead}>
            <span>{folder.name}</span>
            <FolderKindTag kind={folder.kind} />
          </div>
          <div className={styles.grid}>
            {files.map((file) => {
              const place = chosen.indexOf(file.id);
              return (
                <PictureTile
                  key={file.id}
                  file={file}
                  badge={place === -1 ? null : badgeOf(place)}
                  isCover={file.id === coverId}
                  disabled={isDisabled(file.id)}
                  onToggle={() => onToggle(file.id)}
                  testId={`${testIds.photo}${file.id}`}
                />
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
