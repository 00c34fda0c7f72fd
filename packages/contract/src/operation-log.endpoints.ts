import { endpoint, page, requires } from './endpoint';
import { operationLogQuerySchema, operationLogSchema } from './operation-log.schema';

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
