import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics';

/** The route's pattern (`/storm_api/v1/orders/:id`), never the raw URL: a bounded set of labels. */
export const routePatternOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * After each answer: counted in the request metrics when there are any, and logged at warn level with
 * its route, status and duration when it took longer than `slowMs` (the request id comes with the
 * request's logger).
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  { metrics, slowMs }: { metrics: Metrics | undefined; slowMs: number },
) {
  app.addHook('onResponse', async (request, reply) => {
    const durationMs = reply.elapsedTime;
    const route = routePatternOf(request);
    metrics?.observeRequest(route, request.method, reply.statusCode, durationMs / 1000);
    if (durationMs > slowMs) {
      request.log.warn(
        { method: request.method, route, statusCode: reply.statusCode, durationMs: Math.round(durationMs) },
        'slow request',
      );
    }
  });
}
