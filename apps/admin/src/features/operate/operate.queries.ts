/** The operation log's one call: the team's entries, filtered by action and by China-time days. */
import { endpoints } from '@trackit/contract/endpoints';
import type { OperationLogQuery } from '@trackit/contract/operation-log.schema';
import { pagedListQuery } from '../../components/list/list-query';

export const operateKeys = {
  all: ['operation_logs'] as const,
  lists: ['operation_logs', 'list'] as const,
};

/** The team's log, newest first (`OperationLogQuery`). */
export const operationLogsQuery = pagedListQuery(operateKeys.lists, endpoints.operationLog.list);

/**
 * A reversed date range (a hand-edited address) put in order rather than sent as is: the same days,
 * and the server is never asked for an empty range by mistake.
 */
export const orderDateRange = (query: OperationLogQuery): OperationLogQuery =>
  query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query;
