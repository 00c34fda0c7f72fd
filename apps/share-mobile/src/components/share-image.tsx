/**
 * A picture in a grid slot: the 480 px thumbnail or the 1600 px preview, whichever the slot needs at the
 * phone's pixel density (`srcset` + `sizes`); never the original. The first covers are the page's
 * largest paint: eager, high priority; the rest wait until scrolled near.
 */
import type { PUBLIC_IMAGE_WIDTHS, PublicFile } from '@trackit/contract/share.schema';
import { createContext, useContext } from 'react';
import styles from './share-image.module.css';

/**
 * The contract's PUBLIC_IMAGE_WIDTHS, held equal to it by the type: importing the value would bring
 * share.schema.ts, whose schemas keep zod in the bundle (~30 KB compressed).
 */
const WIDTHS = { thumb: 480, preview: 1600 } as const satisfies typeof PUBLIC_IMAGE_WIDTHS;

/** The width of a two-column grid slot (page margins 20 px, gap 12 px, page at most 560 px wide). */
export const GRID_SLOT_SIZES = '(min-width: 560px) 254px, calc(50vw - 26px)';

export const srcSetOf = (file: Pick<PublicFile, 'thumb_url' | 'preview_url'>): string =>
  [
    file.thumb_url ? `${file.thumb_url} ${WIDTHS.thumb}w` : null,
    file.preview_url ? `${file.preview_url} ${WIDTHS.preview}w` : null,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * What a page does when one of its files fails to load: its signed address may have expired, so the
 * page asks for its answer again (useQuery's refreshAddresses).
 */
export const AddressRefresh = createContext<() => void>(() => undefined);

interface ShareImageProps {
  file: PublicFile;
  alt: string;
  sizes?: string;
  /** Above the fold: load at once with high priority. */
  eager?: boolean;
}

/** Fills its 3:4 slot (object-fit: cover). A picture not processed yet shows `fallback`. */
export function ShareImage({ file, alt, sizes = GRID_SLOT_SIZES, eager = false }: ShareImageProps) {
  const onError = useContext(AddressRefresh);
  const src = file.thumb_url ?? file.preview_url;
  if (!src) return <span className={styles.pending} aria-label={alt} role="img" />;
  return (
    <img
      className={styles.image}
      src={src}
      srcSet={srcSetOf(file)}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      onError={onError}
    />
  );
}

/** A model without a cover: the initial of the name on a quiet ground. */
export function InitialPlaceholder({ name }: { name: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '';
  return (
    <span className={styles.initial} aria-hidden="true">
      {initial}
    </span>
  );
}
