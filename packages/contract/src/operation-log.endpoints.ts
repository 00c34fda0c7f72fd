import { endpoint, page, requires } from './endpoint';
import { idParamsSchema, pageQuerySchema } from './envelope';
import {
  operationLogQuerySchema,
  operationLogSchema,
  recordHistoryEntrySchema,
} from './operation-log.schema';
import type { PermissionKey } from './permissions';

/**
 * A record's own history (`GET /v1/models/:id/history`…): readable by whoever may read the record, at
 * its key's read level, newest first.
 */
export const recordHistoryEndpoint = <const P extends string, const K extends PermissionKey>(
  path: P,
  summary: string,
  key: K,
) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    access: requires(key, 'read'),
    params: idParamsSchema,
    query: pageQuerySchema,
    answer: page(recordHistoryEntrySchema),
  });

export const operationLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/operation_logs',
    summary: '团队的操作日志，最新的在前；日期按北京时间',
    access: requires('operation_record', 'read'),
    query: operationLogQuerySchema,
    answer: page(operationLogSchema),
  }),
} as const;
