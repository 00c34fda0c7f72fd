import { z } from 'zod';
import { APPROVAL_NOTICE_OUTCOMES, NOTIFICATION_TYPES } from './enums';
import { pageQuerySchema } from './envelope';

/** GET /v1/notifies item: a notification addressed to the current member. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Admin path of the record it concerns (`/admin/order/12`), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** For an `audit_required` notice: what became of the request once settled; null while it waits. */
  approval_outcome: z.enum(APPROVAL_NOTICE_OUTCOMES).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /v1/notifies query (plus page and per_page). */
export const notificationFilterSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).optional(),
  read: z.enum(['true', 'false']).optional(),
});
export type NotificationFilter = z.infer<typeof notificationFilterSchema>;
export const notificationQuerySchema = pageQuerySchema.extend(notificationFilterSchema.shape);
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

/** GET /v1/notifies/unread_count (docs/product.md §3). */
export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PATCH /v1/notifies: mark the given notifications, or all of them, as read. */
export const markNotificationsReadSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => Boolean(body.ids) !== Boolean(body.all), { message: '请指定要标记的通知，或全部标记' });
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
export const markNotificationsReadResultSchema = z.object({ updated: z.number().int() });
export type MarkNotificationsReadResult = z.infer<typeof markNotificationsReadResultSchema>;
