import { MEMBER_ACCOUNT_STATUSES, ORG_UNIT_KINDS, PERMISSION_LEVELS } from '@trackit/contract/enums';
import { PERMISSION_KEYS } from '@trackit/contract/permissions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';
import { users } from '../user/user.tables';

/**
 * A team's departments and roles share one table, as the API serves both from /v1/roles: a department
 * (kind `department`) is a node of a tree (`parent_id`); a role (kind `role`) has a level per permission
 * key (role_permissions). One id space, so `PATCH /v1/roles/{id}` names either without a kind.
 */
export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    kind: enumColumn('kind', ORG_UNIT_KINDS, 16).notNull().default('role'),
    /** A department's parent department; null at the top, and always null for a role. */
    parentId: bigint('parent_id', { mode: 'number' }),
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps,
  },
  (t) => [
    teamKey('roles', t),
    teamReference('roles_parent_team_fk', t.teamId, t.parentId, t),
    index('roles_team_kind_idx').on(t.teamId, t.kind),
    index('roles_parent_idx').on(t.parentId),
    uniqueIndex('roles_team_role_name_key').on(t.teamId, t.name).where(sql`kind = 'role'`),
    // Sibling departments have distinct names; the same name may recur under another parent.
    uniqueIndex('roles_team_department_name_key')
      .on(t.teamId, sql`coalesce(parent_id, 0)`, t.name)
      .where(sql`kind = 'department'`),
    enumCheck('roles_kind_check', t.kind, ORG_UNIT_KINDS),
    check('roles_parent_only_departments_check', sql`kind = 'department' or parent_id is null`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionKey: enumColumn('permission_key', PERMISSION_KEYS).notNull(),
    level: enumColumn('level', PERMISSION_LEVELS, 8).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionKey] }),
    enumCheck('role_permissions_permission_key_check', t.permissionKey, PERMISSION_KEYS),
    enumCheck('role_permissions_level_check', t.level, PERMISSION_LEVELS),
  ],
);

/** A user's place in a team (a member): how they appear there, their role, and whether they may sign in. */
export const memberships = pgTable(
  'memberships',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    nickname: varchar('nickname', { length: 50 }).notNull(),
    avatar: varchar('avatar', { length: 1024 }),
    avatarThumb: varchar('avatar_thumb', { length: 1024 }),
    baseColor: varchar('base_color', { length: 16 }).notNull(),
    /** A row of `roles` of kind department. */
    departmentId: bigint('department_id', { mode: 'number' }),
    /** A row of `roles` of kind role: the levels the member holds (unless they are the owner). */
    roleId: bigint('role_id', { mode: 'number' }),
    /** The direct superior (直属上级), another member of the team; shown on the profile card. */
    superiorId: bigint('superior_id', { mode: 'number' }),
    /** The owner holds every permission at the manage level, whatever the role says. */
    isOwner: boolean('is_owner').notNull().default(false),
    status: enumColumn('status', MEMBER_ACCOUNT_STATUSES, 16).notNull().default('valid'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    teamKey('memberships', t),
    teamReference('memberships_department_team_fk', t.teamId, t.departmentId, roles),
    teamReference('memberships_role_team_fk', t.teamId, t.roleId, roles),
    teamReference('memberships_superior_team_fk', t.teamId, t.superiorId, t),
    uniqueIndex('memberships_team_user_key').on(t.teamId, t.userId),
    index('memberships_user_valid_idx').on(t.userId).where(sql`status = 'valid'`),
    index('memberships_avatar_idx').on(t.avatar),
    // The member list's filters, and "is this role or department in use".
    index('memberships_team_department_idx').on(t.teamId, t.departmentId),
    index('memberships_team_role_idx').on(t.teamId, t.roleId),
    enumCheck('memberships_status_check', t.status, MEMBER_ACCOUNT_STATUSES),
  ],
);
