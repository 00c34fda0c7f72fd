import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './corner-dock.module.css';

/**
 * Places in the bottom-right corner, from the bottom up: the upload card stays in the corner, the
 * new-version notice sits above it, so both stay visible (docs/product.md §2, §4.8).
 */
export const CORNER_PLACES = { uploadCard: 0, newVersionNotice: 1 } as const;

let dock: HTMLElement | undefined;

/** The one corner container, added to the body on first use. */
const cornerDock = (): HTMLElement => {
  if (!dock?.isConnected) {
    dock = document.createElement('div');
    dock.className = styles.dock ?? '';
    dock.dataset.testid = 'corner-dock';
    document.body.append(dock);
  }
  return dock;
};

/**
 * Shows its children in the bottom-right corner at `place` (0 lowest). Pieces rendered from different
 * parts of the app (the layout's upload card, the root's notice) stack there instead of overlapping.
 * `shrink`: the piece gives up height when the corner is full.
 */
export function CornerSlot({
  place,
  shrink = false,
  children,
}: {
  place: number;
  shrink?: boolean;
  children: ReactNode;
}) {
  return createPortal(
    <div
      className={shrink ? `${styles.slot} ${styles.shrink}` : styles.slot}
      style={{ order: place }}
      data-corner-place={place}
    >
      {children}
    </div>,
    cornerDock(),
  );
}
