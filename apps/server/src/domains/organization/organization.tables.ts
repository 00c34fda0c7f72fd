import { bigint, index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';

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
    permissionKey: varchar('permission_key', { length: 32 }).notNull(),
    level: varchar('level', { length: 8, enum: ['read', 'edit', 'manage'] }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);
