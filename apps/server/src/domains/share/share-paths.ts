/**
 * The share apps' pages that open a share (docs/product.md §2.4 and §2.5), below an app's base path: a
 * package `/s/{id}`, one of its models `/s/{id}/{model}`, `/photo/{id}/{model}` and `/files/{id}/{model}`,
 * and a folder shared alone `/f/{id}`. The link preview (share-meta.service.ts) and the per-address
 * limit (share-guard.ts) read a path through this one function, so what is limited is what is resolved.
 */
import { SHARE_APP_BASE_PATHS } from '../../http/static-apps';

export type SharePage =
  | { kind: 'package'; shareId: string; modelId: number | null }
  | { kind: 'folder'; shareId: string };

const PACKAGE_PAGE = /^\/(?:s\/([^/]+)(?:\/([^/]+))?|(?:photo|files)\/([^/]+)\/([^/]+))\/?$/;
const FOLDER_PAGE = /^\/f\/([^/]+)\/?$/;
/** A model's id as the share apps' routers read it (apps/share-mobile/src/routes.ts). */
const MODEL_ID = /^[1-9]\d{0,15}$/;

/**
 * The share a path below a share app's base names; null for any other page of the app. A segment that
 * cannot be a model's id reads as model 0, which no package holds: the page is "not found" like an
 * unknown model's (the share id itself is checked where it is looked up).
 */
export function sharePageOf(rest: string): SharePage | null {
  const folder = FOLDER_PAGE.exec(rest);
  if (folder) return { kind: 'folder', shareId: folder[1] ?? '' };
  const found = PACKAGE_PAGE.exec(rest);
  if (!found) return null;
  const model = found[2] ?? found[4];
  return {
    kind: 'package',
    shareId: found[1] ?? found[3] ?? '',
    modelId: model === undefined ? null : MODEL_ID.test(model) ? Number(model) : 0,
  };
}

/** True when a request's address (path and query) is a share page of one of the share apps. */
export function isSharePageUrl(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return SHARE_APP_BASE_PATHS.some(
    (base) => pathname.startsWith(`${base}/`) && sharePageOf(pathname.slice(base.length)) !== null,
  );
}
