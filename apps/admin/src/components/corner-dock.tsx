import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './corner-dock.module.css';

/**
 * Places in the bottom-right corner, from the bottom up: the upload card stays in the corner, the
 * new-version notice sits above it, so both stay visible (docs/product.md §2, §4.8).
 */
export const CORNER_PLACES = { uploadCard: 0, newVersionNotice: 1 } as const;

/**
 * The room the corner takes at the bottom of the window (its height and its margins; 0 when empty), as a
 * CSS variable on the document: the shell leaves that much free below the page and keeps focused fields
 * above it (admin-layout.module.css), so a page scrolled to its end shows its last tiles and their buttons
 * above the upload card instead of under it.
 */
export const CORNER_DOCK_SPACE = '--corner-dock-space';
/** The dock's distance from the window's bottom edge (corner-dock.module.css), kept again above it. */
const DOCK_MARGIN = 24;

let dock: HTMLElement | undefined;

function reserveRoom(element: HTMLElement) {
  // Not in every test environment; the room is only a comfort there.
  if (typeof ResizeObserver === 'undefined') return;
  new ResizeObserver(() => {
    const height = element.getBoundingClientRect().height;
    const space = height > 0 ? Math.ceil(height) + 2 * DOCK_MARGIN : 0;
    document.documentElement.style.setProperty(CORNER_DOCK_SPACE, `${space}px`);
  }).observe(element);
}

/** The one corner container, added to the body on first use. */
const cornerDock = (): HTMLElement => {
  if (!dock?.isConnected) {
    dock = document.createElement('div');
    dock.className = styles.dock ?? '';
    dock.dataset.testid = 'corner-dock';
    document.body.append(dock);
    reserveRoom(dock);
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
