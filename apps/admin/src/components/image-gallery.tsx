import { Image } from 'antd';
import { useSyncExternalStore } from 'react';

/**
 * An image preview gallery any code can open (docs/product.md §2 "Shell navigation"): `openImageGallery(urls, i)`.
 * One host, mounted at the app root, renders antd's preview group (zoom, rotate, flip, previous/next,
 * arrow keys, Esc) from a small module-level store.
 */

interface GalleryState {
  open: boolean;
  urls: readonly string[];
  current: number;
}

let state: GalleryState = { open: false, urls: [], current: 0 };
const listeners = new Set<() => void>();

const setState = (next: GalleryState): void => {
  state = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Opens the gallery on `urls`, at `startIndex` (clamped to the list); an empty list does nothing. */
export function openImageGallery(urls: readonly string[], startIndex = 0): void {
  const list = urls.filter(Boolean);
  if (list.length === 0) return;
  const index = Number.isInteger(startIndex) ? startIndex : 0;
  setState({ open: true, urls: list, current: Math.min(Math.max(index, 0), list.length - 1) });
}

export function closeImageGallery(): void {
  if (state.open) setState({ ...state, open: false });
}

/** What the gallery shows now (for tests and for code that wants to know whether it is open). */
export const imageGalleryState = (): Readonly<GalleryState> => state;

/** Mounted once inside antd's ConfigProvider, so the preview speaks Chinese and follows the theme. */
export function ImageGalleryHost() {
  const { open, urls, current } = useSyncExternalStore(subscribe, imageGalleryState);
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup
      items={[...urls]}
      preview={{
        open,
        current,
        onOpenChange: (next) => {
          if (!next) closeImageGallery();
        },
        onChange: (next) => setState({ ...state, current: next }),
      }}
    />
  );
}
