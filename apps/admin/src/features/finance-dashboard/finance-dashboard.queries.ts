/**
 * 看板's calls (docs/product.md "Finance dashboard"): its figures (GET /v1/finance/dashboard), and 应付模特
 * (GET /v1/settlements/ready/totals), loaded on its own since it works out 待结算 over every model.
 */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';

/** Query keys, under finance's `['finance']`. */
export const financeDashboardKeys = {
  all: ['finance', 'dashboard'] as const,
  payableToModels: ['finance', 'dashboard', 'payable_to_models'] as const,
};

/** Figures go stale after a minute: coming back to the page later refreshes them. */
const FINANCE_DASHBOARD_STALE_MS = 60_000;

/** Every figure in one answer; the page shows a failure itself, so no toast. */
export const financeDashboardQuery = queryOptions({
  queryKey: financeDashboardKeys.all,
  queryFn: ({ signal }) => api.call(endpoints.receivable.dashboard, {}, { signal, hideToast: true }),
  staleTime: FINANCE_DASHBOARD_STALE_MS,
});

/** 应付模特: what settlements drafted now would pay, and what waits for clients. */
export const payableToModelsQuery = queryOptions({
  queryKey: financeDashboardKeys.payableToModels,
  queryFn: ({ signal }) => api.call(endpoints.settlement.readyTotals, {}, { signal, hideToast: true }),
  staleTime: FINANCE_DASHBOARD_STALE_MS,
});
