import type { PublicFile } from '@trackit/contract/share.schema';
import { PUBLIC_IMAGE_WIDTHS } from '@trackit/contract/share.schema';

/**
 * The `src` and `srcset` of a picture in a grid: the 480 px thumbnail and the 1600 px preview, so the
 * browser takes the preview only on a large tile or a high-density screen. Never the original (`url`),
 * which can weigh tens of megabytes and is for downloads. Null while neither is made yet.
 */
export function gridImageSources(file: PublicFile): { src: string; srcSet: string } | null {
  const candidates: { url: string; width: number }[] = [];
  if (file.thumb_url) candidates.push({ url: file.thumb_url, width: PUBLIC_IMAGE_WIDTHS.thumb });
  if (file.preview_url) candidates.push({ url: file.preview_url, width: PUBLIC_IMAGE_WIDTHS.preview });
  const first = candidates[0];
  if (!first) return null;
  return { src: first.url, srcSet: candidates.map(({ url, width }) => `${url} ${width}w`).join(', ') };
}

/** What full-screen preview shows: the 1600 px preview, else the thumbnail. */
export const previewImageSource = (file: PublicFile): string | null => file.preview_url ?? file.thumb_url;
