/** What a member may do in their current team: the owner holds every key at manage, others their role's. */
import { PERMISSION_LEVEL_LABELS, PERMISSION_LEVELS, type PermissionLevel } from '@trackit/contract/enums';
import {
  levelAllows,
  PERMISSION_KEY_LABELS,
  PERMISSION_KEYS,
  type PermissionKey,
} from '@trackit/contract/permissions';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { roleGrants } from '../organization/organization.service';

export interface PermissionDeps {
  db: Database;
}

export type Grants = ReadonlyMap<PermissionKey, PermissionLevel>;

/**
 * A role's grants, read once per request: the access check and then the handler (a list that shows the
 * national ID only at manage) both ask. Keyed by the AuthContext object, which authenticate() builds anew
 * for every request, so nothing outlives the request and a role changed meanwhile counts from the next one.
 */
const grantsOfRequest = new WeakMap<AuthContext, Promise<Grants>>();

async function readRoleGrants(deps: PermissionDeps, teamId: number, roleId: number): Promise<Grants> {
  const rows = await roleGrants(deps.db, teamId, roleId);
  return new Map(rows.map((row) => [row.key, row.level]));
}

export function grantsOf(deps: PermissionDeps, auth: AuthContext): Promise<Grants> {
  if (auth.isOwner) return Promise.resolve(new Map(PERMISSION_KEYS.map((key) => [key, 'manage'])));
  if (auth.roleId === null) return Promise.resolve(new Map());
  let grants = grantsOfRequest.get(auth);
  if (!grants) {
    grants = readRoleGrants(deps, auth.teamId, auth.roleId);
    grantsOfRequest.set(auth, grants);
  }
  return grants;
}

/** Refuses (403) a caller who lacks `key` at `level` or above; the one check behind every gated endpoint. */
export async function requireLevel(
  deps: PermissionDeps,
  auth: AuthContext,
  key: PermissionKey,
  level: PermissionLevel,
): Promise<void> {
  const grants = await grantsOf(deps, auth);
  if (!levelAllows(grants.get(key), level)) throw new AppError('forbidden');
}

/** GET /v1/permissions/my: the keys held with their level, in menu order (the admin opens the first one). */
export async function myPermissions(
  deps: PermissionDeps,
  auth: AuthContext,
): Promise<{ key: PermissionKey; level: PermissionLevel }[]> {
  const grants = await grantsOf(deps, auth);
  return PERMISSION_KEYS.flatMap((key) => {
    const level = grants.get(key);
    return level ? [{ key, level }] : [];
  });
}

/** Whether the caller holds `key` at `level` or above (a rule that depends on the body, e.g. archiving). */
export async function holdsLevel(
  deps: PermissionDeps,
  auth: AuthContext,
  key: PermissionKey,
  level: PermissionLevel,
): Promise<boolean> {
  return levelAllows((await grantsOf(deps, auth)).get(key), level);
}

const CATALOGUE = {
  keys: PERMISSION_KEYS.map((key) => ({ key, label: PERMISSION_KEY_LABELS[key] })),
  levels: PERMISSION_LEVELS.map((value) => ({ value, label: PERMISSION_LEVEL_LABELS[value] })),
};

/** GET /v1/permissions: every key and level with its Chinese label, for the role editor. */
export function permissionCatalogue() {
  return CATALOGUE;
}
