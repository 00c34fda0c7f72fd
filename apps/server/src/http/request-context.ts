import type { FastifyRequest } from 'fastify';
import type { AuthContext, RequestOrigin } from '../domains/session/auth-context';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; null only on public routes. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without signing in (everything else requires a session). */
    public?: boolean;
  }
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/** The caller of a signed-in route (the authentication hook has already refused anyone else). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}
