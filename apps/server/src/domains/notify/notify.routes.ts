import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentNotification } from './notify.presenter';
import {
  countMyUnread,
  listMyNotifications,
  markMyNotificationsRead,
  type NotifyDeps,
} from './notify.service';

export function notifyRoutes(deps: NotifyDeps): Handlers<Endpoints['notify']> {
  return {
    list: async ({ auth, query }) => {
      const { rows, total } = await listMyNotifications(deps, auth, query);
      return { items: rows.map(presentNotification), total };
    },
    unreadCount: async ({ auth }) => ({ unread_count: await countMyUnread(deps, auth) }),
    markRead: async ({ auth, body }) => ({ updated: await markMyNotificationsRead(deps, auth, body) }),
  };
}
