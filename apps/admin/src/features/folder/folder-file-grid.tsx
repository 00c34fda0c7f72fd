import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  LoadingOutlined,
  PlayCircleFilled,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@trackit/client/format';
import { isPdfType } from '@trackit/contract/upload';
import type { FileItem } from '@trackit/contract/upload.schema';
import { Button, Checkbox, Popconfirm, Tooltip } from 'antd';
import { type DragEvent, memo, useState } from 'react';
import { FileTypeIcon } from '../../components/file-type-icon';
import { type GalleryItem, openGallery } from '../../components/image-gallery';
import styles from './folder-files.module.css';

const isPdf = (file: FileItem): boolean => isPdfType(file.content_type);

/** Pictures, videos and PDFs open in the gallery; other documents (Word, Excel…) download. */
export const opensInGallery = (file: FileItem): boolean =>
  file.kind === 'image' || file.kind === 'video' || isPdf(file);

/**
 * A file as the gallery shows it. `url` is the original offered as a download (`attachment`): a
 * `<video>` plays it all the same. A PDF shows from `preview_url`, the original served inline under
 * the file route's sandboxing CSP (framable by our own pages only); without it the gallery offers the
 * download.
 */
export const galleryItemOf = (file: FileItem): GalleryItem => {
  const common = { name: file.name, downloadUrl: file.url, contentType: file.content_type };
  if (file.kind === 'image') return { ...common, kind: 'image', src: file.preview_url ?? file.url };
  if (file.kind === 'video') {
    const poster = file.preview_url ?? file.thumb_url;
    return { ...common, kind: 'video', src: file.url, ...(poster ? { poster } : {}) };
  }
  if (isPdf(file) && file.preview_url) return { ...common, kind: 'pdf', src: file.preview_url };
  return { ...common, kind: 'file', src: '' };
};

function Preview({ file }: { file: FileItem }) {
  const [broken, setBroken] = useState(false);
  if (file.thumb_url && file.thumbnail_state === 'ready' && !broken) {
    return (
      <img
        className={styles.thumbImage}
        src={file.thumb_url}
        alt={file.name}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={styles.placeholder}>
      <FileTypeIcon contentType={file.content_type} />
      {file.thumbnail_state === 'pending' && <LoadingOutlined className={styles.pending} />}
    </span>
  );
}

/** What a member who may edit can do to the files; absent for read-only members. */
export interface FileEditing {
  selected: ReadonlySet<number>;
  onToggle: (file: FileItem) => void;
  onDelete: (file: FileItem) => void;
  /** The whole folder's new order; absent while not every file is loaded (the order would be partial). */
  onReorder?: ((fileIds: number[]) => void) | undefined;
  /** Offered on pictures when the folder belongs to a model. */
  onSetCover?: ((file: FileItem) => void) | undefined;
  coverFileId?: number | null | undefined;
}

/** Where a dragged tile lands: `fileIds` with `moved` placed where `target` stood. */
export const movedOrder = (fileIds: readonly number[], moved: number, target: number): number[] => {
  const from = fileIds.indexOf(moved);
  const to = fileIds.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...fileIds];
  const next = fileIds.filter((id) => id !== moved);
  next.splice(to, 0, moved);
  return next;
};

/** A tile dragged within the grid carries this type (never `Files`, so the upload drop ignores it). */
const DRAG_TYPE = 'application/x-trackit-file';

function TileTools({
  file,
  index,
  fileIds,
  editing,
}: {
  file: FileItem;
  index: number;
  fileIds: readonly number[];
  editing: FileEditing;
}) {
  const { onReorder, onSetCover } = editing;
  const isCover = editing.coverFileId === file.id;
  const step = (by: -1 | 1) => {
    const target = fileIds[index + by];
    if (onReorder && target !== undefined) onReorder(movedOrder(fileIds, file.id, target));
  };
  return (
    <div className={styles.tools}>
      <Checkbox
        checked={editing.selected.has(file.id)}
        onChange={() => editing.onToggle(file)}
        aria-label={`选择 ${file.name}`}
        data-testid={`file-select-${file.id}`}
      />
      <span className={styles.toolButtons}>
        {onReorder && (
          <>
            <Tooltip title="前移">
              <Button
                size="small"
                type="text"
                icon={<ArrowLeftOutlined />}
                disabled={index === 0}
                onClick={() => step(-1)}
                aria-label="前移"
                data-testid={`file-earlier-${file.id}`}
              />
            </Tooltip>
            <Tooltip title="后移">
              <Button
                size="small"
                type="text"
                icon={<ArrowRightOutlined />}
                disabled={index === fileIds.length - 1}
                onClick={() => step(1)}
                aria-label="后移"
                data-testid={`file-later-${file.id}`}
              />
            </Tooltip>
          </>
        )}
        {onSetCover && file.kind === 'image' && (
          <Tooltip title={isCover ? '当前封面' : '设为模特封面'}>
            <Button
              size="small"
              type="text"
              icon={isCover ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              disabled={isCover}
              onClick={() => onSetCover(file)}
              aria-label="设为模特封面"
              data-testid={`file-cover-${file.id}`}
            />
          </Tooltip>
        )}
        <Popconfirm
          title="删除文件"
          description={`确定删除「${file.name}」吗？删除后无法恢复。`}
          okText="删除"
          okButtonProps={{ danger: true, 'data-testid': 'file-delete-confirm' }}
          cancelText="取消"
          onConfirm={() => editing.onDelete(file)}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除"
            data-testid={`file-delete-${file.id}`}
          />
        </Popconfirm>
      </span>
    </div>
  );
}

function FileTile({
  file,
  onOpen,
  index,
  fileIds,
  editing,
  dragging,
  onDragState,
}: {
  file: FileItem;
  onOpen: (file: FileItem) => void;
  index: number;
  fileIds: readonly number[];
  editing?: FileEditing | undefined;
  dragging: { moved: number | null; over: number | null };
  onDragState: (state: { moved: number | null; over: number | null }) => void;
}) {
  const reorder = editing?.onReorder;
  const dragProps = reorder
    ? {
        draggable: true,
        onDragStart: (event: DragEvent) => {
          event.dataTransfer.setData(DRAG_TYPE, String(file.id));
          event.dataTransfer.effectAllowed = 'move';
          onDragState({ moved: file.id, over: null });
        },
        onDragOver: (event: DragEvent) => {
          if (!Array.from(event.dataTransfer.types).includes(DRAG_TYPE)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (dragging.over !== file.id) onDragState({ ...dragging, over: file.id });
        },
        onDrop: (event: DragEvent) => {
          const moved = Number(event.dataTransfer.getData(DRAG_TYPE));
          if (!moved) return;
          event.preventDefault();
          onDragState({ moved: null, over: null });
          if (moved !== file.id) reorder(movedOrder(fileIds, moved, file.id));
        },
        onDragEnd: () => onDragState({ moved: null, over: null }),
      }
    : {};
  const preview = (
    <>
      <Preview file={file} />
      {file.kind === 'video' && (
        <span className={styles.playBadge} data-testid="video-badge" aria-hidden>
          <PlayCircleFilled />
        </span>
      )}
    </>
  );
  return (
    <figure
      className={styles.tile}
      data-testid={`folder-file-${file.id}`}
      data-kind={file.kind}
      data-thumbnail={file.thumbnail_state}
      data-selected={editing?.selected.has(file.id) || undefined}
      data-drop-target={(dragging.over === file.id && dragging.moved !== file.id) || undefined}
      {...dragProps}
    >
      {opensInGallery(file) ? (
        <button
          type="button"
          className={styles.thumb}
          onClick={() => onOpen(file)}
          title={file.name}
          data-testid="file-open"
        >
          {preview}
        </button>
      ) : (
        // Office documents cannot be shown here: they download, in this tab.
        <a className={styles.thumb} href={file.url} download={file.name} title={file.name}>
          {preview}
        </a>
      )}
      <figcaption className={styles.caption}>
        <span className={styles.name} title={file.name}>
          {file.name}
        </span>
        <span className={styles.size}>{formatFileSize(file.byte_size)}</span>
      </figcaption>
      {editing && <TileTools file={file} index={index} fileIds={fileIds} editing={editing} />}
    </figure>
  );
}

/**
 * The folder's files as thumbnails (a video with a play badge); a picture, video or PDF opens the
 * gallery over all of those in the folder. With `editing`, each tile can be selected, moved earlier or
 * later (or dragged onto another tile's place), made the model's cover and deleted after a confirmation.
 * Memoised: the page re-renders while uploads run, the grid only when its files change.
 */
export const FolderFileGrid = memo(function FolderFileGrid({
  files,
  editing,
}: {
  files: readonly FileItem[];
  editing?: FileEditing | undefined;
}) {
  const [dragging, setDragging] = useState<{ moved: number | null; over: number | null }>({
    moved: null,
    over: null,
  });
  const fileIds = files.map((file) => file.id);
  const handleOpen = (file: FileItem) => {
    const shown = files.filter(opensInGallery);
    openGallery(shown.map(galleryItemOf), shown.indexOf(file));
  };

  return (
    <div className={styles.grid} data-testid="folder-grid">
      {files.map((file, index) => (
        <FileTile
          key={file.id}
          file={file}
          onOpen={handleOpen}
          index={index}
          fileIds={fileIds}
          editing={editing}
          dragging={dragging}
          onDragState={setDragging}
        />
      ))}
    </div>
  );
});
