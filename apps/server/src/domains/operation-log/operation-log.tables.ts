import { OPERATION_ACTIONS, OPERATION_TARGET_TYPES } from '@trackit/contract/operation-log.schema';
import { bigint, index, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, timestamps } from '../../db/columns';

/**
 * Who did what, when, to which record (docs/product.md §10 "Operation log"). Team and member are empty for
 * events before a team is known (a refused sign-in).
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' }),
    membershipId: bigint('membership_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    action: enumColumn('action', OPERATION_ACTIONS, 64).notNull(),
    targetType: enumColumn('target_type', OPERATION_TARGET_TYPES, 64),
    targetId: varchar('target_id', { length: 64 }),
    /** What changed or why: before/after values, a reason. Never a secret or a code. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    ...timestamps,
  },
  (t) => [
    teamKey('operation_logs', t),
    index('operation_logs_team_created_idx').on(t.teamId, t.createdAt.desc()),
    // The log's filters: one member's entries, and the entries of a few actions, newest first.
    index('operation_logs_team_member_created_idx').on(t.teamId, t.membershipId, t.createdAt.desc()),
    index('operation_logs_team_action_created_idx').on(t.teamId, t.action, t.createdAt.desc()),
    index('operation_logs_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A record's history (a model's 操作记录 tab): its entries, newest first.
    index('operation_logs_target_idx').on(t.teamId, t.targetType, t.targetId, t.createdAt.desc()),
    enumCheck('operation_logs_action_check', t.action, OPERATION_ACTIONS),
    enumCheck('operation_logs_target_type_check', t.targetType, OPERATION_TARGET_TYPES),
  ],
);
