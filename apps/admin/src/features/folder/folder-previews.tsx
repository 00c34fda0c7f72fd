import { FileImageOutlined, FileOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { FOLDER_PREVIEW_COUNT, type FolderPreview } from '@trackit/contract/folder.schema';
import styles from './folder-previews.module.css';

const ICONS = { image: <FileImageOutlined />, video: <PlayCircleOutlined />, document: <FileOutlined /> };

/** A folder's first files as small squares: the thumbnail once made, else the kind's icon; empty slots keep the row even. */
export function FolderPreviews({
  previews,
  testId,
}: {
  previews: readonly FolderPreview[];
  testId?: string;
}) {
  const slots = Array.from({ length: FOLDER_PREVIEW_COUNT }, (_, index) => previews[index]);
  return (
    <span className={styles.row} data-testid={testId}>
      {slots.map((preview, index) =>
        preview ? (
          <span key={preview.id} className={styles.slot} data-testid="folder-preview">
            {preview.thumb_url ? (
              <img className={styles.image} src={preview.thumb_url} alt="" loading="lazy" decoding="async" />
            ) : (
              ICONS[preview.kind]
            )}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty slots have nothing else to tell them apart
          <span key={`empty-${index}`} className={`${styles.slot} ${styles.empty}`} />
        ),
      )}
    </span>
  );
}
