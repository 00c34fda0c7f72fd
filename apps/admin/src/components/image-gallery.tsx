import { DownloadOutlined } from '@ant-design/icons';
import { Button, Image } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { FileTypeIcon } from './file-type-icon';
import styles from './image-gallery.module.css';

/**
 * A full-screen gallery any code can open (docs/product.md §2 "Shell navigation"): `openGallery(items, i)`
 * for files of any kind, `openImageGallery(urls, i)` for plain pictures. One host, mounted at the app
 * root, renders antd's preview group (zoom, rotate, flip, previous/next, arrow keys, Esc) from a small
 * module-level store; videos play and PDFs show in place of the picture, each with its name and a
 * download button.
 */

export type GalleryItemKind = 'image' | 'video' | 'pdf' | 'file';

export interface GalleryItem {
  kind: GalleryItemKind;
  /**
   * What is shown: the picture, the video, or the PDF. A PDF's address must be served inline under a
   * CSP `sandbox` (the server's file route does): Chromium shows no PDF in an `<iframe sandbox>`, so
   * the response sandboxes itself. Unused for `file`.
   */
  src: string;
  name?: string;
  /** Where the download button fetches the file (an address answering `Content-Disposition: attachment`). */
  downloadUrl?: string;
  /** A video's still, shown before it plays. */
  poster?: string;
  /** For `file`: the icon of its type. */
  contentType?: string;
}

interface GalleryState {
  open: boolean;
  items: readonly GalleryItem[];
  current: number;
}

let state: GalleryState = { open: false, items: [], current: 0 };
const listeners = new Set<() => void>();

const setState = (next: GalleryState): void => {
  state = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Opens the gallery on `items`, at `startIndex` (clamped to the list); an empty list does nothing. */
export function openGallery(items: readonly GalleryItem[], startIndex = 0): void {
  const list = items.filter((item) => item.kind === 'file' || Boolean(item.src));
  if (list.length === 0) return;
  const index = Number.isInteger(startIndex) ? startIndex : 0;
  setState({ open: true, items: list, current: Math.min(Math.max(index, 0), list.length - 1) });
}

/** Opens the gallery on pictures given by address. */
export function openImageGallery(urls: readonly string[], startIndex = 0): void {
  openGallery(
    urls.map((src) => ({ kind: 'image', src })),
    startIndex,
  );
}

export function closeGallery(): void {
  if (state.open) setState({ ...state, open: false });
}

/** What the gallery shows now (for tests and for code that wants to know whether it is open). */
export const galleryState = (): Readonly<GalleryState> => state;

/** A transparent pixel: antd checks each item's address as a picture, which a video or PDF is not. */
const BLANK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function GalleryHeader({ item }: { item: GalleryItem }) {
  return (
    <div className={styles.header}>
      <span className={styles.name} title={item.name} data-testid="gallery-name">
        {item.name}
      </span>
      <span className={styles.headerSpacer} />
      {item.downloadUrl && (
        <Button
          ghost
          icon={<DownloadOutlined />}
          href={item.downloadUrl}
          download={item.name ?? true}
          data-testid="gallery-download"
        >
          下载
        </Button>
      )}
    </div>
  );
}

function FileCard({ item }: { item: GalleryItem }) {
  return (
    <div className={styles.fileCard} data-testid="gallery-file">
      <FileTypeIcon contentType={item.contentType ?? ''} style={{ fontSize: 56, color: '#1d3a8a' }} />
      <span className={styles.fileName} title={item.name}>
        {item.name}
      </span>
      <span className={styles.fileHint}>此文件暂不支持在线预览，请下载后查看</span>
      {item.downloadUrl && (
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href={item.downloadUrl}
          download={item.name ?? true}
        >
          下载
        </Button>
      )}
    </div>
  );
}

/** What takes the picture's place for each kind. Rendered only while open, so nothing plays on after. */
function Stage({ item, picture }: { item: GalleryItem; picture: ReactNode }) {
  switch (item.kind) {
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: staff's own footage, without captions to offer
        <video
          key={item.src}
          className={styles.video}
          src={item.src}
          poster={item.poster}
          controls
          autoPlay
          playsInline
          preload="metadata"
          data-testid="gallery-video"
        />
      );
    case 'pdf':
      return (
        <iframe
          key={item.src}
          className={styles.pdf}
          src={item.src}
          title={item.name ?? 'PDF'}
          data-testid="gallery-pdf"
        />
      );
    case 'file':
      return <FileCard item={item} />;
    default:
      return picture;
  }
}

/** Mounted once inside antd's ConfigProvider, so the preview speaks Chinese and follows the theme. */
export function ImageGalleryHost() {
  const { open, items, current } = useSyncExternalStore(subscribe, galleryState);
  if (items.length === 0) return null;
  const shown = items[current];
  const isPicture = shown?.kind === 'image';
  return (
    <Image.PreviewGroup
      items={items.map((item) => ({
        src: item.kind === 'image' ? item.src : (item.poster ?? BLANK_IMAGE),
        alt: item.name ?? '',
      }))}
      classNames={{ popup: { root: styles.gallery, mask: styles.mask } }}
      preview={{
        open,
        current,
        mask: { blur: true },
        // Dragging and wheel-zooming are for pictures; on a video or PDF the wheel scrolls it.
        movable: isPicture,
        wheel: isPicture,
        onOpenChange: (next) => {
          if (!next) closeGallery();
        },
        onChange: (next) => setState({ ...state, current: next }),
        imageRender: (picture) =>
          open && shown ? (
            <>
              <GalleryHeader item={shown} />
              <Stage item={shown} picture={picture} />
            </>
          ) : null,
        // The position only where there is somewhere else to go.
        countRender: (position, total) => (total > 1 ? `${position} / ${total}` : null),
        // Zoom, rotate and flip only for pictures.
        actionsRender: (actions) => (isPicture ? actions : null),
      }}
    />
  );
}
