import { Spin } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import styles from './page-loading.module.css';

export interface PageLoadingProps {
  /** Fill the content area of the signed-in layout rather than the whole window. */
  inline?: boolean;
}

/** The large centred spinner shown while a page's code or the data it cannot do without loads. */
export function PageLoading({ inline = false }: PageLoadingProps) {
  return (
    <div
      className={inline ? styles.inline : styles.window}
      data-testid="page-loading"
      data-variant={inline ? 'inline' : 'window'}
    >
      <Spin size="large" />
    </div>
  );
}

/** Shown only when loading lasts this long, so a quick page change does not flash. */
const OVERLAY_DELAY_MS = 200;

export interface PageLoadingOverlayProps {
  loading: boolean;
  /** Height of what stays on top of the page (the shell's sticky header): the spinner centres below it. */
  top: number;
}

/**
 * The large spinner over the shell's content while the next page's code loads (the root path's first
 * page too, when nothing is shown yet): centred in the visible part of the content area. Its parent
 * must be positioned.
 */
export function PageLoadingOverlay({ loading, top }: PageLoadingOverlayProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!shown) return null;
  return (
    <div
      className={styles.overlay}
      style={{ '--page-loading-top': `${top}px` } as CSSProperties}
      data-testid="page-loading"
      data-variant="overlay"
    >
      <div className={styles.overlaySpot}>
        <Spin size="large" />
      </div>
    </div>
  );
}
