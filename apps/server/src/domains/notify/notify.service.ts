/** Notifications (docs/product.md §10 "Notification"): each member's own, and how other domains send them. */
import type { ApprovalNoticeOutcome } from '@trackit/contract/enums';
import type { MarkNotificationsRead, NotificationQuery } from '@trackit/contract/notify.schema';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import {
  countUnread,
  insertNotifications,
  listNotifications,
  markRead,
  type Recipient,
  settleAuditNotices,
  takeNotificationSlot,
} from './notify.repository';

export interface NotifyDeps {
  db: Database;
  clock: () => Date;
}

/** A member only ever sees their own notifications, in their current team. */
const recipientOf = (auth: AuthContext): Recipient => ({
  teamId: auth.teamId,
  membershipId: auth.membershipId,
});

export function listMyNotifications(deps: NotifyDeps, auth: AuthContext, query: NotificationQuery) {
  const read = query.read === undefined ? undefined : query.read === 'true';
  return listNotifications(deps.db, recipientOf(auth), { type: query.type, read }, pageWindow(query));
}

export function countMyUnread(deps: NotifyDeps, auth: AuthContext): Promise<number> {
  return countUnread(deps.db, recipientOf(auth));
}

/** Marks the given notifications, or all of them, as read; returns how many changed. */
export function markMyNotificationsRead(deps: NotifyDeps, auth: AuthContext, request: MarkNotificationsRead) {
  const ids = request.all ? 'all' : (request.ids ?? []);
  return markRead(deps.db, recipientOf(auth), ids, deps.clock());
}

export interface NewNotification {
  teamId: number;
  /** Members of that team who receive it; each gets their own copy (and read state). */
  recipientMembershipIds: number[];
  type: 'event_notice' | 'audit_required';
  title: string;
  body?: string;
  /** Admin path of the record it concerns, e.g. `/admin/order/12`. */
  link?: string;
  at: Date;
  /**
   * Sent at most once per `intervalMs` for `key` (in the team): while one of the same key was sent less
   * than that before, this one is not sent at all. The record of what happened is the caller's to keep.
   */
  once?: { key: string; intervalMs: number };
}

/**
 * The one way other domains notify members (approvals, usage-right expiry, bookings). Pass the
 * transaction of the change the notification announces, so both are kept or neither (a slot of `once`
 * too). Several notifications (a lock that reaches hundreds of options) go in one statement. Answers how
 * many were sent.
 */
export async function notifyMembers(
  db: Database,
  notification: NewNotification | readonly NewNotification[],
): Promise<number> {
  const list: NewNotification[] = [];
  for (const one of ([] as NewNotification[]).concat(notification)) {
    if (one.recipientMembershipIds.length === 0) continue;
    const { once } = one;
    if (once) {
      const slot = { teamId: one.teamId, key: once.key, at: one.at, intervalMs: once.intervalMs };
      if (!(await takeNotificationSlot(db, slot))) continue;
    }
    list.push(one);
  }
  if (list.length === 0) return 0;
  const created = await insertNotifications(
    db,
    list.flatMap((one) =>
      [...new Set(one.recipientMembershipIds)].map((recipientMembershipId) => ({
        teamId: one.teamId,
        recipientMembershipId,
        type: one.type,
        title: one.title,
        body: one.body ?? '',
        link: one.link ?? null,
        createdAt: one.at,
        updatedAt: one.at,
      })),
    ),
  );
  return created.length;
}

/**
 * A request was decided or withdrawn: the notices that asked its approvers to decide it stop reading
 * 待审批 and show what became of it, in the caller's transaction.
 */
export function settleApprovalNotices(
  db: Database,
  request: { teamId: number; link: string; requestedAt: Date; outcome: ApprovalNoticeOutcome; at: Date },
): Promise<void> {
  return settleAuditNotices(db, request);
}
