/**
 * The app's addresses (docs/product.md §2.4), below /h5. Anything else, and a share id that cannot be
 * one (SHARE_ID_PATTERN), is the 404 page without asking the server.
 */
import { isShareId } from '@trackit/contract/share';

export type RouteMatch =
  | { page: 'package'; shareId: string }
  | { page: 'model'; shareId: string; modelId: number }
  | { page: 'photos'; shareId: string; modelId: number }
  | { page: 'files'; shareId: string; modelId: number }
  | { page: 'folder'; shareId: string }
  | { page: 'notFound' };

const PATTERNS: ReadonlyArray<[RegExp, 'package' | 'model' | 'photos' | 'files' | 'folder']> = [
  [/^\/s\/([^/]+)\/?$/, 'package'],
  [/^\/s\/([^/]+)\/([1-9]\d{0,15})\/?$/, 'model'],
  [/^\/photo\/([^/]+)\/([1-9]\d{0,15})\/?$/, 'photos'],
  [/^\/files\/([^/]+)\/([1-9]\d{0,15})\/?$/, 'files'],
  [/^\/f\/([^/]+)\/?$/, 'folder'],
];

export function matchRoute(pathname: string): RouteMatch {
  for (const [pattern, page] of PATTERNS) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const [, shareId = '', modelId] = found;
    if (!isShareId(shareId)) return { page: 'notFound' };
    if (page === 'package' || page === 'folder') return { page, shareId };
    return { page, shareId, modelId: Number(modelId) };
  }
  return { page: 'notFound' };
}

/** Addresses of the app's pages, below /h5 (for links). */
export const paths = {
  package: (shareId: string) => `/s/${shareId}`,
  model: (shareId: string, modelId: number) => `/s/${shareId}/${modelId}`,
  photos: (shareId: string, modelId: number, index = 0) =>
    `/photo/${shareId}/${modelId}${index > 0 ? `?i=${index}` : ''}`,
  files: (shareId: string, modelId: number) => `/files/${shareId}/${modelId}`,
  folder: (shareId: string) => `/f/${shareId}`,
  folderPhoto: (shareId: string, index: number) => `/f/${shareId}?i=${index}`,
} as const;
