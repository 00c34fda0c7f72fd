import { endpoint, json, page, sessionAccess } from './endpoint';
import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from './notify.schema';

export const notifyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/notifies',
    summary: '本人的通知，最新的在前',
    access: sessionAccess,
    query: notificationQuerySchema,
    answer: page(notificationSchema),
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/v1/notifies/unread_count',
    summary: '本人的未读通知数',
    access: sessionAccess,
    answer: json(unreadCountSchema),
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/v1/notifies',
    summary: '将指定通知或全部通知标为已读',
    access: sessionAccess,
    body: markNotificationsReadSchema,
    answer: json(markNotificationsReadResultSchema),
  }),
} as const;
