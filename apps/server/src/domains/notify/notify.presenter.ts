import type { Notification } from '@trackit/contract/notify.schema';
import type { NotificationRow } from './notify.repository';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    approval_outcome: row.approvalOutcome,
  };
}
