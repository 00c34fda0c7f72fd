/**
 * What every public share call gets (docs/product.md "Packages and share pages"): a limit per client
 * address, and headers that keep the pages out of search engines and their address out of referrers.
 * A share call is a call of the share pages' API or a share page's HTML (which looks the share up for
 * its link preview): both count against the one limit of the address. The limit is kept in this
 * process's memory: it stops one address hammering share ids or flooding views and picks; a deployment
 * with several processes divides it by their number at worst.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { markShareAnswer } from '../../http/share-headers';
import { isSharePageUrl } from './share-paths';

export const PUBLIC_API_PREFIX = `${API_BASE_PATH}/v1/public/`;

/** A call of the share pages' API, or a share page itself: what the per-address limit counts. */
export const isShareCall = (url: string): boolean => url.startsWith(PUBLIC_API_PREFIX) || isSharePageUrl(url);

export interface ShareGuardOptions {
  /** Calls one address may make per window (default 300 a minute: a client browsing fast makes ~30). */
  limit?: number;
  windowMs?: number;
  clock?: () => Date;
}

/** A fixed-window count per key; windows past are forgotten as they are passed. */
export function createWindowCounter(limit: number, windowMs: number) {
  const counts = new Map<string, number>();
  let windowStart = 0;
  return {
    /** Counts one call; resolves the seconds to wait when the key is over its limit, else 0. */
    hit(key: string, now: number): number {
      if (now - windowStart >= windowMs) {
        counts.clear();
        windowStart = now - (now % windowMs);
      }
      const used = (counts.get(key) ?? 0) + 1;
      counts.set(key, used);
      return used > limit ? Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) : 0;
    },
  };
}

export function registerShareGuard(app: FastifyInstance, options: ShareGuardOptions = {}) {
  const counter = createWindowCounter(options.limit ?? 300, options.windowMs ?? 60_000);
  const clock = options.clock ?? (() => new Date());
  app.addHook('onRequest', async (request, reply) => {
    if (!isShareCall(request.url)) return;
    markShareAnswer(reply);
    reply.header('cache-control', 'no-store');
    const wait = counter.hit(request.ip, clock().getTime());
    if (wait > 0) {
      throw new AppError('tooManyRequests', {
        message: SHARE_MESSAGES.rateLimited,
        headers: { 'retry-after': String(wait) },
      });
    }
  });
}
