/** 看板's one call (GET /v1/finance/dashboard, docs/product.md "Finance dashboard"). */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';

/** Query keys, under finance's `['finance']`. */
export const financeDashboardKeys = {
  all: ['finance', 'dashboard'] as const,
};

/** Figures go stale after a minute: coming back to the page later refreshes them. */
const FINANCE_DASHBOARD_STALE_MS = 60_000;

/** Every figure in one answer; the page shows a failure itself, so no toast. */
export const financeDashboardQuery = queryOptions({
  queryKey: financeDashboardKeys.all,
  queryFn: ({ signal }) => api.call(endpoints.receivable.dashboard, {}, { signal, hideToast: true }),
  staleTime: FINANCE_DASHBOARD_STALE_MS,
});
