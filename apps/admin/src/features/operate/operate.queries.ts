/**
 * The operation-log page's one call, and the mapping between its address (filters and page in the
 * search params, so back and reload keep them) and the query.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGINATION } from '@trackit/contract/envelope';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import dayjs from 'dayjs';
import { api } from '../../api';

export const OPERATE_PAGE_SIZE = PAGINATION.defaultPerPage;

/** Dates are YYYY-MM-DD, both ends inclusive (China time, as the server reads them). */
export interface OperateFilter {
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

export const operateKeys = {
  all: ['operation_logs'] as const,
  list: (filter: OperateFilter) => ['operation_logs', 'list', filter] as const,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION_MAX_LENGTH = 64;

const readDay = (value: string | null): string | undefined =>
  value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : undefined;

const readPage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * The filter the address asks for. A malformed date is dropped, a reversed range is put in order, so a
 * hand-edited URL never makes the server refuse the call.
 */
export const parseOperateFilter = (search: URLSearchParams): OperateFilter => {
  const action = search.get('action')?.trim();
  let from = readDay(search.get('from'));
  let to = readDay(search.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    ...(action && action.length <= ACTION_MAX_LENGTH ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page: readPage(search.get('page')),
  };
};

/** The address of a filter: only what is set, and the page when past the first. */
export const toOperateSearch = (filter: OperateFilter): URLSearchParams => {
  const search = new URLSearchParams();
  if (filter.action) search.set('action', filter.action);
  if (filter.from) search.set('from', filter.from);
  if (filter.to) search.set('to', filter.to);
  if (filter.page > 1) search.set('page', String(filter.page));
  return search;
};

/** GET /v1/operation_logs query parameters. */
export const toOperateParams = (filter: OperateFilter) => ({
  page: filter.page,
  per_page: OPERATE_PAGE_SIZE,
  ...(filter.action ? { action: filter.action } : {}),
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
});

export const operationLogsQuery = (filter: OperateFilter) =>
  queryOptions({
    queryKey: operateKeys.list(filter),
    queryFn: ({ signal }) =>
      api.getPage<OperationLog>('/v1/operation_logs', toOperateParams(filter), { signal }),
    placeholderData: keepPreviousData,
  });
