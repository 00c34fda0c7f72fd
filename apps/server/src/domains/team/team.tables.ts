import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { departments, roles } from '../organization/organization.tables';
import { users } from '../user/user.tables';

/** An agency. */
export const teams = pgTable('teams', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 50 }).notNull(),
  ...timestamps,
});

/** A user's place in a team: how they appear there, their role, and whether they may sign in. */
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
    status: varchar('status', { length: 16, enum: ['valid', 'pause', 'off_duty'] })
      .notNull()
      .default('valid'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_team_user_key').on(t.teamId, t.userId),
    index('memberships_user_valid_idx').on(t.userId).where(sql`status = 'valid'`),
    index('memberships_avatar_idx').on(t.avatar),
  ],
);
