/**
 * The full-screen gallery: swipe between photos, pinch or double-tap to zoom (antd-mobile's
 * ImageViewer.Multi). Its code (with the gesture and animation libraries) is downloaded only when a
 * gallery opens.
 */
import 'antd-mobile/es/global';
import type { PublicFile } from '@trackit/contract/share.schema';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { useState } from 'react';
import { TEXTS } from '../texts';
import styles from './gallery.module.css';
import { CloseIcon } from './icons';

/** The 1600 px preview; the thumbnail or, last, the original for a photo not processed yet. */
const fullScreenUrl = (photo: PublicFile): string => photo.preview_url ?? photo.thumb_url ?? photo.url;

export interface GalleryProps {
  photos: readonly PublicFile[];
  startIndex: number;
  /** Shown under the photo (whose photos these are). */
  caption: string;
  onIndexChange?: (index: number) => void;
  /** After the closing animation. */
  onClosed: () => void;
}

export default function Gallery({ photos, startIndex, caption, onIndexChange, onClosed }: GalleryProps) {
  const [visible, setVisible] = useState(true);
  const start = Number.isInteger(startIndex) ? Math.min(Math.max(startIndex, 0), photos.length - 1) : 0;
  return (
    <>
      <ImageViewer.Multi
        visible={visible}
        images={photos.map(fullScreenUrl)}
        defaultIndex={start}
        onIndexChange={onIndexChange}
        onClose={() => setVisible(false)}
        afterClose={onClosed}
        renderFooter={() => <p className={styles.caption}>{caption}</p>}
        classNames={{ mask: styles.mask }}
      />
      {/* A tap on the photo closes too; this says so to whoever does not know. */}
      {visible && (
        <button
          type="button"
          className={styles.close}
          aria-label={TEXTS.close}
          onClick={() => setVisible(false)}
        >
          <CloseIcon />
        </button>
      )}
    </>
  );
}
