import { envelopeSchema } from '@trackit/contract/envelope';
import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationFilterSchema,
  notificationSchema,
  unreadCountSchema,
} from '@trackit/contract/notify.schema';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { pageQuerySchema, pageWindow, sendPage } from '../../http/pagination';
import { authOf } from '../../http/request-context';
import { presentNotification } from './notify.presenter';
import { countUnread, listNotifications, markRead } from './notify.repository';

const recipientOf = (request: Parameters<typeof authOf>[0]) => {
  const auth = authOf(request);
  return { teamId: auth.teamId, membershipId: auth.membershipId };
};

export function registerNotifyRoutes(api: ApiRouter, deps: { db: Database; clock: () => Date }) {
  api.get(
    '/notifies',
    {
      schema: {
        querystring: pageQuerySchema.extend(notificationFilterSchema.shape),
        response: { 200: envelopeSchema(z.array(notificationSchema)) },
      },
    },
    async (request, reply) => {
      const { type, read } = request.query;
      const { rows, total } = await listNotifications(
        deps.db,
        recipientOf(request),
        { type, read: read === undefined ? undefined : read === 'true' },
        pageWindow(request.query),
      );
      return sendPage(reply, request.query, rows.map(presentNotification), total);
    },
  );

  api.get(
    '/notifies/unread_count',
    { schema: { response: { 200: envelopeSchema(unreadCountSchema) } } },
    async (request) => ok({ unread_count: await countUnread(deps.db, recipientOf(request)) }),
  );

  api.patch(
    '/notifies',
    {
      schema: {
        body: markNotificationsReadSchema,
        response: { 200: envelopeSchema(markNotificationsReadResultSchema) },
      },
    },
    async (request) => {
      const ids = request.body.all ? 'all' : (request.body.ids ?? []);
      return ok({ updated: await markRead(deps.db, recipientOf(request), ids, deps.clock()) });
    },
  );
}
