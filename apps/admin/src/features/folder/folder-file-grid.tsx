import { LoadingOutlined } from '@ant-design/icons';
import { formatFileSize } from '@trackit/client/format';
import type { FileItem } from '@trackit/contract/upload.schema';
import { memo, useState } from 'react';
import { FileTypeIcon } from '../../components/file-type-icon';
import { openImageGallery } from '../../components/image-gallery';
import styles from './folder-detail-page.module.css';

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

function FileTile({ file, onOpenImage }: { file: FileItem; onOpenImage: (file: FileItem) => void }) {
  const preview = <Preview file={file} />;
  return (
    <figure
      className={styles.tile}
      data-testid={`folder-file-${file.id}`}
      data-kind={file.kind}
      data-thumbnail={file.thumbnail_state}
    >
      {file.kind === 'image' ? (
        <button type="button" className={styles.thumb} onClick={() => onOpenImage(file)} title={file.name}>
          {preview}
        </button>
      ) : (
        // Videos and documents open (or download) in a new tab.
        <a
          className={styles.thumb}
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          title={file.name}
        >
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
 * The folder's files as thumbnails; an image opens the gallery over all the folder's images. Memoised:
 * the page re-renders while uploads run, the grid only when its files change.
 */
export const FolderFileGrid = memo(function FolderFileGrid({ files }: { files: readonly FileItem[] }) {
  const handleOpenImage = (file: FileItem) => {
    const images = files.filter((candidate) => candidate.kind === 'image');
    openImageGallery(
      images.map((image) => image.preview_url ?? image.url),
      images.indexOf(file),
    );
  };

  return (
    <div className={styles.grid} data-testid="folder-grid">
      {files.map((file) => (
        <FileTile key={file.id} file={file} onOpenImage={handleOpenImage} />
      ))}
    </div>
  );
});
