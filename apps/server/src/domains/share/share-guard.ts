/**
 * What every public share call gets (docs/product.md "Packages and share pages"): a limit per client
 * address, and headers that keep the pages out of search engines and their address out of referrers.
 * A share call is a call of the share pages' API or a share page's HTML (which looks the share up for
 * its link preview): both count against the one limit of the address. The limit is counted in the rate
 * limits' shared store (limits/rate-limits.ts: Redis, else the database), so it holds whatever the number
 * of processes: it stops one address hammering share ids or flooding views and picks.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { markShareAnswer } from '../../http/share-headers';
import { type RateLimitStore, RateLimitStoreError } from '../../limits/rate-limits';
import { isSharePageUrl } from './share-paths';

export const PUBLIC_API_PREFIX = `${API_BASE_PATH}/v1/public/`;

/** A call of the share pages' API, or a share page itself: what the per-address limit counts. */
export const isShareCall = (url: string): boolean => url.startsWith(PUBLIC_API_PREFIX) || isSharePageUrl(url);

export interface ShareGuardOptions {
  /** Where the counts are kept. */
  limits: RateLimitStore;
  /** Calls one address may make per minute (default 300: a client browsing fast makes ~30). */
  perMinute?: number;
}

export function registerShareGuard(app: FastifyInstance, { limits, perMinute = 300 }: ShareGuardOptions) {
  const limit = limits.limit('share', { points: perMinute, durationSeconds: 60 });
  // While the store does not answer, share calls are let through (a share page matters more than its
  // limit): said once at warn level when it fails, and once when it answers again.
  let storeFailing = false;
  app.addHook('onRequest', async (request, reply) => {
    if (!isShareCall(request.url)) return;
    markShareAnswer(reply);
    reply.header('cache-control', 'no-store');
    let wait: number;
    try {
      wait = await limit.hit(request.ip);
    } catch (error) {
      if (!(error instanceof RateLimitStoreError)) throw error;
      if (!storeFailing) request.log.warn({ err: error }, 'share limit not counted: calls let through');
      storeFailing = true;
      return;
    }
    if (storeFailing) request.log.info('share limit counted again');
    storeFailing = false;
    if (wait > 0) {
      throw new AppError('tooManyRequests', {
        message: SHARE_MESSAGES.rateLimited,
        headers: { 'retry-after': String(wait) },
      });
    }
  });
}
