/**
 * The share apps' pages that open a share link (docs/product.md §2.4, §2.5 and "Share links"), below an
 * app's base path, listed per kind: a package `/s/{id}`, one of its models `/s/{id}/{model}`,
 * `/photo/{id}/{model}` and `/files/{id}/{model}`, a folder shared alone `/f/{id}` a fee statement `/fees/{id}` and a model's settlement `/settlements/{id}`. The link preview
 * (share-meta.service.ts) and the per-address limit (share-guard.ts) read a path through this one
 * function, so what is limited is what is resolved.
 */

import { BASE_PATHS } from '@trackit/contract/constants';
import type { ShareLinkKind } from '@trackit/contract/share';
import { SHARE_APP_BASE_PATHS } from '../../http/static-apps';

/**
 * A page that opens a link of `kind`: the share id, and the item of the record the page shows (a
 * package's model), null on the record's own page.
 */
export interface SharePage {
  kind: ShareLinkKind;
  shareId: string;
  itemId: number | null;
}

/**
 * Each kind's pages: the first group is the share id, the second (where there is one) the item. A new kind
 * adds its line (the typecheck asks for it).
 */
const PAGES: { readonly [K in ShareLinkKind]: readonly RegExp[] } = {
  package: [/^\/s\/([^/]+)(?:\/([^/]+))?\/?$/, /^\/(?:photo|files)\/([^/]+)\/([^/]+)\/?$/],
  folder: [/^\/f\/([^/]+)\/?$/],
  // A fee statement, on the desktop app only (/web/fees/{id}): /h5/fees/{id} sends the browser there
  // (`desktopOnlyPageOf`).
  fee_statement: [/^\/fees\/([^/]+)\/?$/],
  // A model's settlement, on the desktop app only like the fee statement (/h5/settlements/{id} redirects).
  settlement: [/^\/settlements\/([^/]+)\/?$/],
};

/**
 * Kinds whose page exists on the desktop app only: a fee statement is an A4 document to print and keep,
 * laid out once (apps/share-desktop, which also fits a phone's width), rather than a second page in /h5's
 * size budget.
 */
const DESKTOP_ONLY: ReadonlySet<ShareLinkKind> = new Set(['fee_statement', 'settlement']);
const KINDS = Object.keys(PAGES) as ShareLinkKind[];

/** An item's id as the share apps' routers read it (apps/share-mobile/src/routes.ts). */
const ITEM_ID = /^[1-9]\d{0,15}$/;

/**
 * The share a path below a share app's base names; null for any other page of the app. An item segment
 * that cannot be an id reads as item 0, which no record holds: the page is "not found" like an unknown
 * item's (the share id itself is checked where it is opened).
 */
export function sharePageOf(rest: string): SharePage | null {
  for (const kind of KINDS) {
    for (const pattern of PAGES[kind]) {
      const found = pattern.exec(rest);
      if (!found) continue;
      const item = found[2];
      return {
        kind,
        shareId: found[1] ?? '',
        itemId: item === undefined ? null : ITEM_ID.test(item) ? Number(item) : 0,
      };
    }
  }
  return null;
}

/** True when a request's address (path and query) is a share page of one of the share apps. */
export function isSharePageUrl(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return SHARE_APP_BASE_PATHS.some(
    (base) => pathname.startsWith(`${base}/`) && sharePageOf(pathname.slice(base.length)) !== null,
  );
}

/**
 * `registerStaticApps`' `movedTo`: a desktop-only share page asked of /h5 (a link retyped or rewritten for
 * a phone) lives at the same path under /web.
 */
export function desktopOnlyPageOf(basePath: string, rest: string): string | undefined {
  if (basePath !== BASE_PATHS.h5) return undefined;
  const page = sharePageOf(rest);
  return page && DESKTOP_ONLY.has(page.kind) ? `${BASE_PATHS.web}${rest}` : undefined;
}
