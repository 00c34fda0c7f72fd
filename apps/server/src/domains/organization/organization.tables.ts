import { MEMBER_ACCOUNT_STATUSES, PERMISSION_LEVELS } from '@trackit/contract/enums';
import { PERMISSION_KEYS } from '@trackit/contract/permissions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';
import { users } from '../user/user.tables';

/** A department of a team; a tree (managed with the organization pages). */
export const departments = pgTable(
  'departments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps,
  },
  (t) => [index('departments_team_id_idx').on(t.teamId)],
);

/** A role of a team: for each permission key a level (read, edit, manage). */
export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps,
  },
  (t) => [index('roles_team_id_idx').on(t.teamId)],
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
    departmentId: bigint('department_id', { mode: 'number' }).references(() => departments.id),
    roleId: bigint('role_id', { mode: 'number' }).references(() => roles.id),
    /** The owner holds every permission at the manage level, whatever the role says. */
    isOwner: boolean('is_owner').notNull().default(false),
    status: enumColumn('status', MEMBER_ACCOUNT_STATUSES, 16).notNull().default('valid'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_team_user_key').on(t.teamId, t.userId),
    index('memberships_user_valid_idx').on(t.userId).where(sql`status = 'valid'`),
    index('memberships_avatar_idx').on(t.avatar),
    enumCheck('memberships_status_check', t.status, MEMBER_ACCOUNT_STATUSES),
  ],
);
