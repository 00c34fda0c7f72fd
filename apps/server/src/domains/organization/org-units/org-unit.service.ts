/**
 * The roles resource (docs/product.md "Organization"): departments (a tree) and roles (a level per
 * permission key) of a team, both rows of `roles`. Departments need organization edit, any change to a
 * role needs manage, nobody grants above their own, and the team keeps a valid member holding
 * organization manage. Each write and its operation-log entry commit in one transaction; the grants a
 * member holds are read per request, so a change counts from their next request.
 */
import { compareNames } from '@trackit/contract/collation';
import type { OrgUnitKind, PermissionLevel } from '@trackit/contract/enums';
import {
  ORGANIZATION_MESSAGES,
  type OrgUnitCreate,
  type OrgUnitQuery,
  type OrgUnitUpdate,
  type RolePermissions,
} from '@trackit/contract/organization.schema';
import {
  GRANT_LEVEL_LABELS,
  PERMISSION_KEY_LABELS,
  PERMISSION_KEYS,
  type PermissionKey,
} from '@trackit/contract/permissions';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../../http/auth-context';
import { type ChangeLogField, changeLog, shown } from '../../operation-log/change-log';
import { memberActor, recordOperation } from '../../operation-log/operation-log.service';
import { grantsOf } from '../../permission/permission.service';
import {
  checkGrantsWithin,
  type OrganizationRefusal,
  requireOrganizationManage,
} from '../organization.policy';
import { ensureOrganizationManagerRemains, type OrganizationDeps, roleGrants } from '../organization.service';
import {
  countUnitMembers,
  deleteOrgUnitRow,
  findNameClash,
  findOrgUnit,
  insertOrgUnit,
  listOrgUnitRows,
  lockTeamUnits,
  type OrgUnitRecord,
  type OrgUnitRow,
  replaceRoleGrants,
  updateOrgUnitRow,
} from './org-unit.repository';

export type OrgUnitDeps = OrganizationDeps;

// The resource's id names a department or a role; a missing one (or another team's) cannot tell which,
// so it answers as the resource is called: 角色不存在.
const unitNotFound = () => new AppError('notFound', { message: ORGANIZATION_MESSAGES.roleNotFound });
const departmentNotFound = () =>
  new AppError('notFound', { message: ORGANIZATION_MESSAGES.departmentNotFound });
const conflict = (message: string) => new AppError('conflict', { message });

function refuse(refusal: OrganizationRefusal | null) {
  if (refusal) throw new AppError(refusal.error, { message: refusal.message });
}

const nameTaken = (kind: OrgUnitKind, name: string) =>
  conflict(
    kind === 'role'
      ? ORGANIZATION_MESSAGES.roleNameTaken(name)
      : ORGANIZATION_MESSAGES.departmentNameTaken(name),
  );

async function refuseNameClash(
  tx: Database,
  teamId: number,
  unit: { kind: OrgUnitKind; name: string; parentId: number | null },
  exceptId?: number,
) {
  if (await findNameClash(tx, teamId, unit, exceptId)) throw nameTaken(unit.kind, unit.name);
}

/**
 * Runs a write; when a concurrent one took the name between the check and the write (the check cannot
 * lock a row that does not exist yet), the unique index refuses it and the caller gets the same 409.
 */
async function withNameClashAnswer<T>(kind: OrgUnitKind, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(kind, name);
    throw error;
  }
}

async function getUnitOfTeam(db: Database, teamId: number, kind: OrgUnitKind, unitId: number) {
  const [row] = await listOrgUnitRows(db, teamId, kind, unitId);
  if (!row) throw unitNotFound();
  return row;
}

/** The unit of the team, read in the transaction; another team's or a missing one is not found. */
async function requireUnit(tx: Database, teamId: number, unitId: number): Promise<OrgUnitRecord> {
  const unit = await findOrgUnit(tx, teamId, unitId);
  if (!unit) throw unitNotFound();
  return unit;
}

/** GET /v1/roles?kind=: every department or every role of the team, by name. */
export async function listTeamOrgUnits(deps: OrgUnitDeps, auth: AuthContext, query: OrgUnitQuery) {
  const rows = await listOrgUnitRows(deps.db, auth.teamId, query.kind);
  // In dictionary (pinyin) order, as people look names up; the database's own order is by code point.
  return rows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

/** POST /v1/roles: a department (under a department of the team, or at the top) or a role (manage). */
export async function createOrgUnit(
  deps: OrgUnitDeps,
  auth: AuthContext,
  input: OrgUnitCreate,
  origin: RequestOrigin,
): Promise<OrgUnitRow> {
  const caller = await grantsOf(deps, auth);
  const parentId = input.parent_id ?? null;
  if (input.kind === 'role') {
    refuse(requireOrganizationManage(caller));
    if (parentId !== null) throw conflict(ORGANIZATION_MESSAGES.rolesHaveNoParent);
  }
  const now = deps.clock();
  const id = await withNameClashAnswer(input.kind, input.name, () =>
    deps.db.transaction(async (tx) => {
      // Serializes with moves and deletions of the team's departments: the parent cannot go meanwhile.
      const locked = await lockTeamUnits(tx, auth.teamId, input.kind);
      if (parentId !== null && !locked.some((unit) => unit.id === parentId)) throw departmentNotFound();
      await refuseNameClash(tx, auth.teamId, { kind: input.kind, name: input.name, parentId });
      const created = await insertOrgUnit(tx, {
        teamId: auth.teamId,
        kind: input.kind,
        name: input.name,
        parentId,
        createdAt: now,
        updatedAt: now,
      });
      await recordOperation(tx, {
        action: input.kind === 'role' ? 'role_create' : 'department_create',
        actor: memberActor(auth, origin, now),
        targetId: created,
        detail: { name: input.name },
      });
      return created;
    }),
  );
  return getUnitOfTeam(deps.db, auth.teamId, input.kind, id);
}

/** Refuses a parent that is the department itself or one of its descendants (the tree stays a tree). */
function refuseCycle(departments: Map<number, number | null>, departmentId: number, parentId: number) {
  const seen = new Set<number>();
  for (let at: number | null | undefined = parentId; at != null; at = departments.get(at)) {
    if (at === departmentId || seen.has(at)) throw conflict(ORGANIZATION_MESSAGES.departmentCycle);
    seen.add(at);
  }
}

/** What a PATCH of a department or role may change, with the label and display of each in the log. */
const ORG_UNIT_CHANGE_LOG: ChangeLogField<{ name: string; parentId: number | null }>[] = [
  { field: 'name', label: '名称' },
  { field: 'parentId', label: '上级部门', show: shown.orgUnit },
];

/**
 * PATCH /v1/roles/{id}: renames a unit, moves a department (`parent_id` null: to the top). A role's
 * change needs manage, and a role has no parent.
 */
export async function updateOrgUnit(
  deps: OrgUnitDeps,
  auth: AuthContext,
  unitId: number,
  input: OrgUnitUpdate,
  origin: RequestOrigin,
): Promise<OrgUnitRow> {
  const caller = await grantsOf(deps, auth);
  const now = deps.clock();
  const kind = await deps.db.transaction(async (tx) => {
    const unit = await requireUnit(tx, auth.teamId, unitId);
    if (unit.kind === 'role') {
      refuse(requireOrganizationManage(caller));
      if (input.parent_id != null) throw conflict(ORGANIZATION_MESSAGES.rolesHaveNoParent);
    }
    // Every unit of the kind, locked: two moves of the same team run one after the other, so the second
    // walks the tree as the first left it and neither can close a cycle the other opened. Row locks of
    // the departments (rather than the team's row) hold up only writers of this tree.
    const locked = await lockTeamUnits(tx, auth.teamId, unit.kind);
    const current = locked.find((row) => row.id === unitId);
    if (!current) throw unitNotFound();
    const name = input.name ?? current.name;
    const parentId =
      unit.kind === 'department' && input.parent_id !== undefined ? input.parent_id : current.parentId;
    if (parentId !== current.parentId && parentId !== null) {
      const parents = new Map(locked.map((row) => [row.id, row.parentId]));
      if (!parents.has(parentId)) throw departmentNotFound();
      refuseCycle(parents, unitId, parentId);
    }
    const changes = await changeLog(tx, auth.teamId, current, { name, parentId }, ORG_UNIT_CHANGE_LOG);
    if (changes.length === 0) return unit.kind;

    await withNameClashAnswer(unit.kind, name, async () => {
      await refuseNameClash(tx, auth.teamId, { kind: unit.kind, name, parentId }, unitId);
      await updateOrgUnitRow(tx, auth.teamId, unitId, { name, parentId, updatedAt: now });
    });
    await recordOperation(tx, {
      action: unit.kind === 'role' ? 'role_update' : 'department_update',
      actor: memberActor(auth, origin, now),
      targetId: unitId,
      detail: { name, changes },
    });
    return unit.kind;
  });
  return getUnitOfTeam(deps.db, auth.teamId, kind, unitId);
}

/**
 * DELETE /v1/roles/{id}: a department without members (any status) or sub-departments, or a role no
 * member holds (manage); the role's grants go with it.
 */
export async function deleteOrgUnit(
  deps: OrgUnitDeps,
  auth: AuthContext,
  unitId: number,
  origin: RequestOrigin,
): Promise<void> {
  const caller = await grantsOf(deps, auth);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const unit = await requireUnit(tx, auth.teamId, unitId);
    if (unit.kind === 'role') refuse(requireOrganizationManage(caller));
    // Serializes with moves under this department and with creations in it (see updateOrgUnit).
    const locked = await lockTeamUnits(tx, auth.teamId, unit.kind);
    if (!locked.some((row) => row.id === unitId)) throw unitNotFound();
    const members = await countUnitMembers(tx, auth.teamId, unit);
    if (unit.kind === 'department') {
      if (members > 0 || locked.some((row) => row.parentId === unitId)) {
        throw conflict(ORGANIZATION_MESSAGES.departmentNotEmpty(unit.name));
      }
    } else if (members > 0) {
      throw conflict(ORGANIZATION_MESSAGES.roleInUse(unit.name, members));
    }
    await deleteOrgUnitRow(tx, auth.teamId, unitId);
    await recordOperation(tx, {
      action: unit.kind === 'role' ? 'role_delete' : 'department_delete',
      actor: memberActor(auth, origin, now),
      targetId: unitId,
      detail: { name: unit.name },
    });
  });
}

type Grants = Record<PermissionKey, PermissionLevel>;
/** A role's matrix in the log: each key's level (`none` when not granted), in the keys' order. */
const GRANTS_CHANGE_LOG: ChangeLogField<Grants>[] = PERMISSION_KEYS.map((key) => ({
  field: key,
  label: PERMISSION_KEY_LABELS[key],
  show: shown.label(GRANT_LEVEL_LABELS),
}));

/**
 * PUT /v1/roles/{id}/permissions: the role's whole matrix (a key left out or `none`: not granted). No
 * level above the caller's own; the team keeps a valid member holding organization manage.
 */
export async function setRolePermissions(
  deps: OrgUnitDeps,
  auth: AuthContext,
  roleId: number,
  input: RolePermissions,
  origin: RequestOrigin,
): Promise<OrgUnitRow> {
  const caller = await grantsOf(deps, auth);
  const now = deps.clock();
  const wanted = new Map<PermissionKey, PermissionLevel>();
  for (const item of input.items) if (item.level !== 'none') wanted.set(item.key, item.level);
  await deps.db.transaction(async (tx) => {
    const unit = await requireUnit(tx, auth.teamId, roleId);
    if (unit.kind !== 'role') throw conflict(ORGANIZATION_MESSAGES.departmentsHaveNoPermissions);
    refuse(
      checkGrantsWithin(
        caller,
        Array.from(wanted, ([key, level]) => ({ key, level })),
      ),
    );
    // The team's roles, locked: two matrices changed at once cannot each count on the other role to
    // keep the team's last organization manager.
    await lockTeamUnits(tx, auth.teamId, 'role');
    const before = new Map(
      (await roleGrants(tx, auth.teamId, roleId)).map((grant) => [grant.key, grant.level]),
    );
    const matrix = (levels: Map<PermissionKey, PermissionLevel>) =>
      Object.fromEntries(PERMISSION_KEYS.map((key) => [key, levels.get(key) ?? 'none'])) as Grants;
    const changes = await changeLog(tx, auth.teamId, matrix(before), matrix(wanted), GRANTS_CHANGE_LOG);
    if (changes.length === 0) return;

    await replaceRoleGrants(
      tx,
      auth.teamId,
      roleId,
      PERMISSION_KEYS.flatMap((key) => {
        const level = wanted.get(key);
        return level ? [{ key, level }] : [];
      }),
      now,
    );
    await updateOrgUnitRow(tx, auth.teamId, roleId, { updatedAt: now });
    await ensureOrganizationManagerRemains(tx, auth.teamId);
    await recordOperation(tx, {
      action: 'role_permissions',
      actor: memberActor(auth, origin, now),
      targetId: roleId,
      detail: { name: unit.name, changes },
    });
  });
  return getUnitOfTeam(deps.db, auth.teamId, 'role', roleId);
}
