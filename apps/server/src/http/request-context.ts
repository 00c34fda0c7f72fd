import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from './auth-context';

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
