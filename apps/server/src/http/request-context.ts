import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestOrigin } from './auth-context';

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/**
 * A signal that fires when the client closes the connection before its answer is complete, so that
 * long work for it (reading an uploaded workbook) stops instead of going on for no one.
 */
export function clientGoneSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (request.raw.socket?.destroyed) controller.abort();
  else response.once('close', () => response.writableFinished || controller.abort());
  return controller.signal;
}
