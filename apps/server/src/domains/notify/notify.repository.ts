import type { ApprovalNoticeOutcome } from '@trackit/contract/enums';
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { notificationSlots, notifications } from './notify.tables';

/** Every query is scoped to the team and to the recipient: a member only ever sees their own. */
export interface Recipient {
  teamId: number;
  membershipId: number;
}

export interface NotificationFilter {
  type?: 'event_notice' | 'audit_required' | undefined;
  read?: boolean | undefined;
}

const ownedBy = (recipient: Recipient) =>
  and(
    eq(notifications.teamId, recipient.teamId),
    eq(notifications.recipientMembershipId, recipient.membershipId),
  );

export type NotificationRow = typeof notifications.$inferSelect;

export async function listNotifications(
  db: Database,
  recipient: Recipient,
  filter: NotificationFilter,
  window: PageWindow,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [ownedBy(recipient)];
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  if (filter.read === true) conditions.push(isNotNull(notifications.readAt));
  if (filter.read === false) conditions.push(isNull(notifications.readAt));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function countUnread(db: Database, recipient: Recipient): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(ownedBy(recipient), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** Marks the recipient's own unread notifications (the given ones, or all) as read; returns how many. */
export async function markRead(
  db: Database,
  recipient: Recipient,
  ids: number[] | 'all',
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at, updatedAt: at })
    .where(
      and(
        ownedBy(recipient),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Marks the `audit_required` notices of one request as settled: those sent for it, found by the record's
 * link and the moment it was asked (requestApproval sends them at the request's own time).
 */
export async function settleAuditNotices(
  db: Database,
  request: { teamId: number; link: string; requestedAt: Date; outcome: ApprovalNoticeOutcome; at: Date },
): Promise<void> {
  await db
    .update(notifications)
    .set({ approvalOutcome: request.outcome, updatedAt: request.at })
    .where(
      and(
        eq(notifications.teamId, request.teamId),
        eq(notifications.type, 'audit_required'),
        eq(notifications.link, request.link),
        eq(notifications.createdAt, request.requestedAt),
        isNull(notifications.approvalOutcome),
      ),
    );
}

export async function insertNotifications(db: Database, values: (typeof notifications.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(notifications).values(values).returning({ id: notifications.id });
}

/**
 * Takes the team's slot for `key` at `at` when it is free: never taken, or last taken `intervalMs` or
 * more before. One statement (an upsert whose update only happens when the slot is free), so of two
 * callers at once exactly one takes it: the second waits for the first's row and finds it taken.
 */
export async function takeNotificationSlot(
  db: Database,
  slot: { teamId: number; key: string; at: Date; intervalMs: number },
): Promise<boolean> {
  const rows = await db
    .insert(notificationSlots)
    .values({ teamId: slot.teamId, key: slot.key, sentAt: slot.at })
    .onConflictDoUpdate({
      target: [notificationSlots.teamId, notificationSlots.key],
      set: { sentAt: slot.at },
      setWhere: lte(notificationSlots.sentAt, new Date(slot.at.getTime() - slot.intervalMs)),
    })
    .returning({ key: notificationSlots.key });
  return rows.length > 0;
}
