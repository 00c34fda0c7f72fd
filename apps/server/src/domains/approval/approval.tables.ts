import {
  APPROVAL_KIND_NAMES,
  APPROVAL_SETTINGS_DEFAULTS,
  COMMISSION_CHANGE_CONTROLS,
} from '@trackit/contract/approval.schema';
import { APPROVAL_STATUSES } from '@trackit/contract/enums';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';

/**
 * An approval (docs/product.md §4.7): a request on the record `record_id` of `kind`
 * (packages/contract/src/approval.schema.ts), `init` until one approver decides it `passed` or
 * `rejected`, with the decision's comment. A record asks again with a new row; its history is its rows
 * in order. `record_id` points into the kind's own table, so it has no foreign key: the kind's domain
 * removes its approvals with its record. A request is open while `init` and not withdrawn: a record that
 * leaves the flow undecided (an order cancelled while it waits) withdraws it, so no approver is asked
 * to decide it any more, and its history keeps the request.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    kind: enumColumn('kind', APPROVAL_KIND_NAMES, 32).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    status: enumColumn('status', APPROVAL_STATUSES, 16).notNull().default('init'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The decision's comment; empty while undecided or when the approver gave none. */
    comment: text('comment').notNull().default(''),
    /** What the approvers are asked about, as the record was named when it asked (e.g. an order's number and title). */
    subject: text('subject').notNull().default(''),
    /**
     * The admin address where an approver sees the record and decides, as the request's notification links
     * it (a kind's record may be shown on another's page: an invoice correction on its invoice).
     */
    link: text('link').notNull().default(''),
    /** When the record left the flow undecided; an open request is `init` and not withdrawn. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    teamKey('approvals', t),
    teamReference('approvals_requested_by_team_fk', t.teamId, t.requestedBy, memberships),
    teamReference('approvals_decided_by_team_fk', t.teamId, t.decidedBy, memberships),
    // The record's history in order, and its current approval (the last one).
    index('approvals_team_record_idx').on(t.teamId, t.kind, t.recordId, t.requestedAt, t.id),
    // The 待办 lists: a team's open requests of a kind, oldest first.
    index('approvals_team_pending_idx')
      .on(t.teamId, t.kind, t.requestedAt, t.id)
      .where(sql`${t.status} = 'init' and ${t.withdrawnAt} is null`),
    // A record waits for one decision at a time.
    uniqueIndex('approvals_record_pending_key')
      .on(t.teamId, t.kind, t.recordId)
      .where(sql`${t.status} = 'init' and ${t.withdrawnAt} is null`),
    // A decided request is never withdrawn.
    check('approvals_withdrawn_check', sql`${t.withdrawnAt} is null or ${t.status} = 'init'`),
    // Decided exactly when it is no longer init.
    check('approvals_decided_check', sql`(${t.status} = 'init') = (${t.decidedAt} is null)`),
    enumCheck('approvals_kind_check', t.kind, APPROVAL_KIND_NAMES),
    enumCheck('approvals_status_check', t.status, APPROVAL_STATUSES),
  ],
);

/**
 * The team's approval settings (审批与复核, GET/PATCH /v1/approval_settings), one row per team once saved;
 * a team without a row has APPROVAL_SETTINGS_DEFAULTS (commission changes to approval, bank changes
 * reviewed, self-approval left to each kind). The approval domain's own table: it reads
 * `forbid_self_approval` when a request is decided, and the kinds' domains ask it through its service.
 */
export const approvalSettings = pgTable(
  'approval_settings',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .primaryKey()
      .references(() => teams.id),
    commissionChangeControl: enumColumn('commission_change_control', COMMISSION_CHANGE_CONTROLS, 16)
      .notNull()
      .default(APPROVAL_SETTINGS_DEFAULTS.commission_change_control),
    bankChangeReview: boolean('bank_change_review')
      .notNull()
      .default(APPROVAL_SETTINGS_DEFAULTS.bank_change_review),
    forbidSelfApproval: boolean('forbid_self_approval')
      .notNull()
      .default(APPROVAL_SETTINGS_DEFAULTS.forbid_self_approval),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedByMembershipId: bigint('updated_by_membership_id', { mode: 'number' }),
  },
  (t) => [
    teamReference('approval_settings_updated_by_team_fk', t.teamId, t.updatedByMembershipId, memberships),
    enumCheck(
      'approval_settings_commission_change_control_check',
      t.commissionChangeControl,
      COMMISSION_CHANGE_CONTROLS,
    ),
  ],
);
