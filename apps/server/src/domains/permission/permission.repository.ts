import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rolePermissions, roles } from '../organization/organization.tables';

/** The keys and levels a role grants, only when the role belongs to the given team. */
export function listRolePermissions(db: Database, teamId: number, roleId: number) {
  return db
    .select({ key: rolePermissions.permissionKey, level: rolePermissions.level })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(roles.teamId, teamId)));
}
