import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows, type PermissionKey } from '@trackit/contract/permissions';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { authOf } from '../../http/request-context';
import { grantsOf } from './permission.service';

/**
 * A preHandler refusing callers who lack `key` at `level` or above in their current team (403), so the
 * server enforces what the admin's menu hides.
 */
export function requirePermission(db: Database, key: PermissionKey, level: PermissionLevel) {
  return async (request: FastifyRequest) => {
    const grants = await grantsOf(db, authOf(request));
    if (!levelAllows(grants.get(key), level)) throw new AppError('forbidden');
  };
}
