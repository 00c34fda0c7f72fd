import { StarFilled } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { type QueryLike, QueryState } from '../../components/query-state';
import { modelFoldersQuery } from '../folder/folder.queries';
import { FolderKindTag } from '../folder/folder-kind';
import { compCardPicturesQuery } from './model.queries';
import styles from './model-picture-picker.module.css';

const thumbOf = (file: FileItem) => file.thumb_url ?? file.preview_url ?? undefined;

/** A folder that holds pictures, with its pictures. */
export interface PictureGroup {
  folder: Folder;
  files: FileItem[];
}

/** The folders that hold pictures, once they and their pictures have loaded, as one query. */
export type ModelPictures = QueryLike<PictureGroup[]>;

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
  const isPending = folders.isPending || pictures.some((query) => query.isPending);
  const error = folders.error ?? pictures.find((query) => query.error)?.error ?? null;
  return {
    // Shown once every folder answered; a failed one shows the error rather than fewer pictures.
    data: isPending || error ? undefined : groups,
    error,
    isFetching: folders.isFetching || pictures.some((query) => query.isFetching),
    refetch: () => {
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
  pictures,
  chosen,
  onToggle,
  badgeOf = (place) => String(place + 1),
  isDisabled = () => false,
  coverId = null,
  emptyText,
  testIds,
  spacious = false,
}: ModelPicturePickerProps) {
  return (
    <QueryState
      query={pictures}
      empty={{ when: (groups) => groups.length === 0, text: emptyText, testId: testIds.empty }}
    >
      {(groups) => (
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
      )}
    </QueryState>
  );
}
