/**
 * Records an open of a share page and how long it stayed visible (docs/product.md "Packages and share
 * pages"): one view call when the page opens, then the visible time, re-sent with the same view id
 * each time the page is hidden and when it closes. Time while the tab is in the background or the phone
 * is locked does not count. Framework-free; each app wraps it in an effect.
 */

import type { ShareApp, ShareViewPage } from '@trackit/contract/share';
import { SHARE_VIEW_MAX_VISIBLE_MS } from '@trackit/contract/share';
import { beaconPublic, callPublic } from './public-client';
import { publicEndpoints } from './public-endpoints';
import { randomShareToken, visitorId, visitorName } from './visitor';

export interface ShareViewTarget {
  shareId: string;
  page: ShareViewPage;
  modelId?: number | null;
  app: ShareApp;
}

/** Starts recording a view of the page; the returned function ends it (on leaving the page). */
export function trackShareView(
  target: ShareViewTarget,
  now: () => number = () => performance.now(),
): () => void {
  const viewId = randomShareToken();
  let visibleMs = 0;
  let visibleSince: number | null = document.visibilityState === 'visible' ? now() : null;
  let sentMs = -1;

  const body = () => {
    const name = visitorName();
    return {
      view_id: viewId,
      visitor_id: visitorId(),
      page: target.page,
      model_id: target.modelId ?? null,
      app: target.app,
      visible_ms: Math.min(Math.round(visibleMs), SHARE_VIEW_MAX_VISIBLE_MS),
      ...(name ? { name } : {}),
    };
  };
  const settle = () => {
    if (visibleSince !== null) {
      visibleMs += now() - visibleSince;
      visibleSince = document.visibilityState === 'visible' ? now() : null;
    }
  };
  const flush = () => {
    settle();
    const sent = body();
    if (sent.visible_ms === sentMs) return;
    sentMs = sent.visible_ms;
    beaconPublic(publicEndpoints.view, { params: { share_id: target.shareId }, body: sent });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      visibleSince ??= now();
    } else {
      flush();
      visibleSince = null;
    }
  };

  // The open itself, at once (a fetch: the page is alive).
  sentMs = 0;
  void callPublic(publicEndpoints.view, {
    params: { share_id: target.shareId },
    body: { ...body(), visible_ms: 0 },
  }).catch(() => undefined);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
    flush();
  };
}
