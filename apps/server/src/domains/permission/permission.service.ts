import type { PermissionLevel } from '@trackit/contract/enums';
import { PERMISSION_KEYS, type PermissionKey } from '@trackit/contract/permissions';
import type { Database } from '../../db/client';
import type { AuthContext } from '../session/auth-context';
import { listRolePermissions } from './permission.repository';

export type Grants = Map<PermissionKey, PermissionLevel>;

const isPermissionKey = (key: string): key is PermissionKey =>
  (PERMISSION_KEYS as readonly string[]).includes(key);

/** What the caller may do in the current team: the owner holds every key at manage, others their role's. */
export async function grantsOf(db: Database, auth: AuthContext): Promise<Grants> {
  if (auth.isOwner) return new Map(PERMISSION_KEYS.map((key) => [key, 'manage']));
  if (auth.roleId === null) return new Map();
  const rows = await listRolePermissions(db, auth.teamId, auth.roleId);
  return new Map(
    rows.filter((row) => isPermissionKey(row.key)).map((row) => [row.key as PermissionKey, row.level]),
  );
}

/** The keys held, in menu order (the admin opens the first one). */
export function keysInMenuOrder(grants: Grants): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => grants.has(key));
}
