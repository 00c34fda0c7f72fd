import { LoadingOutlined, PlayCircleFilled } from '@ant-design/icons';
import { formatFileSize } from '@trackit/client/format';
import { isPdfType } from '@trackit/contract/upload';
import type { FileItem } from '@trackit/contract/upload.schema';
import { memo, useState } from 'react';
import { FileTypeIcon } from '../../components/file-type-icon';
import { type GalleryItem, openGallery } from '../../components/image-gallery';
import styles from './folder-detail-page.module.css';

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

function FileTile({ file, onOpen }: { file: FileItem; onOpen: (file: FileItem) => void }) {
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
    >
      {opensInGallery(file) ? (
        <button type="button" className={styles.thumb} onClick={() => onOpen(file)} title={file.name}>
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
    </figure>
  );
}

/**
 * The folder's files as thumbnails (a video with a play badge); a picture, video or PDF opens the
 * gallery over all of those in the folder. Memoised: the page re-renders while uploads run, the grid
 * only when its files change.
 */
export const FolderFileGrid = memo(function FolderFileGrid({ files }: { files: readonly FileItem[] }) {
  const handleOpen = (file: FileItem) => {
    const shown = files.filter(opensInGallery);
    openGallery(shown.map(galleryItemOf), shown.indexOf(file));
  };

  return (
    <div className={styles.grid} data-testid="folder-grid">
      {files.map((file) => (
        <FileTile key={file.id} file={file} onOpen={handleOpen} />
      ))}
    </div>
  );
});
