import type { Database } from '../../db/client';
import { insertNotifications } from './notify.repository';

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
}

/**
 * The one way other domains notify members (approvals, usage-right expiry, bookings). Pass the
 * transaction of the change the notification announces, so both are kept or neither.
 */
export async function notifyMembers(db: Database, notification: NewNotification): Promise<number> {
  const recipients = [...new Set(notification.recipientMembershipIds)];
  const created = await insertNotifications(
    db,
    recipients.map((recipientMembershipId) => ({
      teamId: notification.teamId,
      recipientMembershipId,
      type: notification.type,
      title: notification.title,
      body: notification.body ?? '',
      link: notification.link ?? null,
      createdAt: notification.at,
      updatedAt: notification.at,
    })),
  );
  return created.length;
}
