import type { OrgUnitKind, PermissionLevel } from '@trackit/contract/enums';
import type { PermissionKey } from '@trackit/contract/permissions';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { memberships, rolePermissions, roles } from '../organization.tables';

export type OrgUnitRecord = typeof roles.$inferSelect;
export type OrgUnitRow = OrgUnitRecord & {
  memberCount: number;
  permissions: { key: PermissionKey; level: PermissionLevel }[];
};

// Written with table names: the subquery's own columns must not be taken for the unit's. Served by
// memberships_team_department_idx / memberships_team_role_idx; members of any status count.
const memberCount = sql<number>`(select count(*)::int from "memberships" where "memberships"."team_id" = "roles"."team_id" and (case when "roles"."kind" = 'department' then "memberships"."department_id" else "memberships"."role_id" end) = "roles"."id")`;

/**
 * The team's units of one kind (or the one unit `onlyId`), by name then id, each with its member count
 * and, for roles, its grants: two statements whatever the number of units (no query per unit).
 */
export async function listOrgUnitRows(
  db: Database,
  teamId: number,
  kind: OrgUnitKind,
  onlyId?: number,
): Promise<OrgUnitRow[]> {
  const where = and(
    eq(roles.teamId, teamId),
    eq(roles.kind, kind),
    onlyId === undefined ? undefined : eq(roles.id, onlyId),
  );
  const units = await db
    .select({ unit: roles, memberCount })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.name), asc(roles.id));
  const grants =
    kind === 'role' && units.length > 0
      ? await db
          .select({
            roleId: rolePermissions.roleId,
            key: rolePermissions.permissionKey,
            level: rolePermissions.level,
          })
          .from(rolePermissions)
          .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
          .where(where)
      : [];
  const byRole = new Map<number, { key: PermissionKey; level: PermissionLevel }[]>();
  for (const grant of grants) {
    const list = byRole.get(grant.roleId) ?? [];
    list.push({ key: grant.key, level: grant.level });
    byRole.set(grant.roleId, list);
  }
  return units.map(({ unit, memberCount }) => ({
    ...unit,
    memberCount,
    permissions: byRole.get(unit.id) ?? [],
  }));
}

/** A unit of the team (either kind); undefined for a missing one or another team's. */
export async function findOrgUnit(
  db: Database,
  teamId: number,
  unitId: number,
): Promise<OrgUnitRecord | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, unitId), eq(roles.teamId, teamId)));
  return row;
}

/**
 * Locks every unit of `kind` in the team (in id order, so two writers never deadlock) and returns them.
 * NO KEY UPDATE: writers of the same team queue behind each other, while members referring to a unit
 * (a foreign key's KEY SHARE lock) are not held up.
 */
export function lockTeamUnits(tx: Database, teamId: number, kind: OrgUnitKind) {
  return tx
    .select({ id: roles.id, parentId: roles.parentId, name: roles.name })
    .from(roles)
    .where(and(eq(roles.teamId, teamId), eq(roles.kind, kind)))
    .orderBy(asc(roles.id))
    .for('no key update');
}

/** Another unit of the team with this name: any role, or a department under the same parent. */
export async function findNameClash(
  db: Database,
  teamId: number,
  unit: { kind: OrgUnitKind; name: string; parentId: number | null },
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.teamId, teamId),
        eq(roles.kind, unit.kind),
        eq(roles.name, unit.name),
        unit.kind === 'department' ? sql`coalesce(${roles.parentId}, 0) = ${unit.parentId ?? 0}` : undefined,
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertOrgUnit(db: Database, values: typeof roles.$inferInsert): Promise<number> {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  if (!row) throw new Error('org unit not created');
  return row.id;
}

export async function updateOrgUnitRow(
  db: Database,
  teamId: number,
  unitId: number,
  values: Partial<Pick<typeof roles.$inferInsert, 'name' | 'parentId' | 'updatedAt'>>,
) {
  await db
    .update(roles)
    .set(values)
    .where(and(eq(roles.id, unitId), eq(roles.teamId, teamId)));
}

/** Deletes the unit; a role's grants go with it (role_permissions cascades). */
export async function deleteOrgUnitRow(db: Database, teamId: number, unitId: number) {
  await db.delete(roles).where(and(eq(roles.id, unitId), eq(roles.teamId, teamId)));
}

/** The team's members placed in the department or holding the role, any status. */
export async function countUnitMembers(
  db: Database,
  teamId: number,
  unit: Pick<OrgUnitRecord, 'id' | 'kind'>,
) {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.teamId, teamId),
        unit.kind === 'department' ? eq(memberships.departmentId, unit.id) : eq(memberships.roleId, unit.id),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Replaces the role's whole matrix: the old rows go, the granted ones are written. Scoped by the team
 * (role_permissions has no team of its own, docs/decisions.md "Tenancy in the database"): a role of
 * another team is left as it is.
 */
export async function replaceRoleGrants(
  tx: Database,
  teamId: number,
  roleId: number,
  grants: { key: PermissionKey; level: PermissionLevel }[],
  at: Date,
) {
  const ofTeam = tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.teamId, teamId), eq(roles.kind, 'role')));
  await tx.delete(rolePermissions).where(inArray(rolePermissions.roleId, ofTeam));
  if (grants.length === 0 || (await ofTeam).length === 0) return;
  await tx.insert(rolePermissions).values(
    grants.map((grant) => ({
      roleId,
      permissionKey: grant.key,
      level: grant.level,
      createdAt: at,
      updatedAt: at,
    })),
  );
}
