import { envelopeSchema } from '@trackit/contract/envelope';
import { operationLogFilterSchema, operationLogSchema } from '@trackit/contract/operation-log.schema';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ApiRouter } from '../../http/api-router';
import { pageQuerySchema, pageWindow, sendPage } from '../../http/pagination';
import { authOf } from '../../http/request-context';
import { requirePermission } from '../permission/permission.guard';
import { presentOperationLog } from './operation-log.presenter';
import { listOperationLogs } from './operation-log.repository';

const DAY_MS = 86_400_000;
/** Dates of the filter are days in China time (the agencies' time zone). */
const startOfChinaDay = (date: string) => new Date(`${date}T00:00:00+08:00`);

export function registerOperationLogRoutes(api: ApiRouter, deps: { db: Database }) {
  api.get(
    '/operation_logs',
    {
      preHandler: requirePermission(deps.db, 'operation_record', 'read'),
      schema: {
        querystring: pageQuerySchema.extend(operationLogFilterSchema.shape),
        response: { 200: envelopeSchema(z.array(operationLogSchema)) },
      },
    },
    async (request, reply) => {
      const { action, membership_id, from, to } = request.query;
      const { rows, total } = await listOperationLogs(
        deps.db,
        authOf(request).teamId,
        {
          action,
          membershipId: membership_id,
          from: from ? startOfChinaDay(from) : undefined,
          before: to ? new Date(startOfChinaDay(to).getTime() + DAY_MS) : undefined,
        },
        pageWindow(request.query),
      );
      return sendPage(reply, request.query, rows.map(presentOperationLog), total);
    },
  );
}
