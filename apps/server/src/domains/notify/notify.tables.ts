import { APPROVAL_NOTICE_OUTCOMES, NOTIFICATION_TYPES } from '@trackit/contract/enums';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';

/** A notification to one member of a team (docs/product.md §10 "Notification"). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    recipientMembershipId: bigint('recipient_membership_id', { mode: 'number' }).notNull(),
    type: enumColumn('type', NOTIFICATION_TYPES).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    /** Admin path of the record it concerns. */
    link: varchar('link', { length: 500 }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** An `audit_required` notice's request once settled (decided or withdrawn); null while it waits. */
    approvalOutcome: enumColumn('approval_outcome', APPROVAL_NOTICE_OUTCOMES, 16),
    ...timestamps,
  },
  (t) => [
    teamKey('notifications', t),
    teamReference(
      'notifications_recipient_membership_team_fk',
      t.teamId,
      t.recipientMembershipId,
      memberships,
    ),
    index('notifications_recipient_created_idx').on(t.recipientMembershipId, t.createdAt.desc(), t.id.desc()),
    index('notifications_recipient_unread_idx').on(t.recipientMembershipId).where(sql`read_at is null`),
    enumCheck('notifications_type_check', t.type, NOTIFICATION_TYPES),
    enumCheck('notifications_approval_outcome_check', t.approvalOutcome, APPROVAL_NOTICE_OUTCOMES),
  ],
);

/**
 * When a notification sent at most once per interval (`notifyMembers`' `once`) was last sent, per team and
 * key: the next one of the key is sent only once the interval has passed.
 */
export const notificationSlots = pgTable(
  'notification_slots',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    /** What the notifications are about, e.g. `package:12:visitor:{device id}`. */
    key: varchar('key', { length: 200 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] })],
);
