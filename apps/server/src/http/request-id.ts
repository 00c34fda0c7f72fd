import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@trackit/contract/envelope';
import type { FastifyInstance } from 'fastify';

/** A fresh id per request (never taken from the client), logged with every line and sent back. */
export const generateRequestId = () => randomUUID();

export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
