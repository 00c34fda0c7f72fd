import { SESSION_END_REASONS } from '@trackit/contract/session.schema';
import { bigint, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, timestamps } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { users } from '../user/user.tables';

/** Sign-in codes: only a keyed hash is kept. Every request leaves a row, sent or not (rate limits). */
export const mobileCodes = pgTable(
  'mobile_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** Wrong and right tries evaluated against this code; it is void at 5. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    requestIp: varchar('request_ip', { length: 64 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('mobile_codes_mobile_created_idx').on(t.mobile, t.createdAt.desc()),
    index('mobile_codes_ip_created_idx').on(t.requestIp, t.createdAt.desc()),
  ],
);

/**
 * Refused sign-ins. `code_id` is the live code the try was evaluated against (a code that was sent);
 * a try when no code was live has none and counts only against the client address (docs/decisions.md).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    codeId: bigint('code_id', { mode: 'number' }).references(() => mobileCodes.id),
    ...timestamps,
  },
  (t) => [
    index('sign_in_failures_mobile_created_idx').on(t.mobile, t.createdAt.desc()),
    index('sign_in_failures_ip_created_idx').on(t.ip, t.createdAt.desc()),
  ],
);

/**
 * A signed-in device. The refresh token is `<id>.<generation>.<signature>`: only the generation is
 * stored, so a copy of the database cannot mint tokens, and a retired generation presented again is
 * recognised (reuse detection).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    membershipId: bigint('membership_id', { mode: 'number' })
      .notNull()
      .references(() => memberships.id),
    refreshGeneration: integer('refresh_generation').notNull().default(1),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Hard end: 90 days after sign-in, whatever the refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endReason: enumColumn('end_reason', SESSION_END_REASONS),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('user_sessions_user_last_seen_idx').on(t.userId, t.lastSeenAt.desc()),
    enumCheck('user_sessions_end_reason_check', t.endReason, SESSION_END_REASONS),
  ],
);
