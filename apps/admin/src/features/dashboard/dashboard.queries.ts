/** The data dashboard's one call (GET /v1/dashboard, docs/product.md "Dashboard"). */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';

/** Query keys, all under `['dashboard']`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** Figures go stale after a minute: coming back to the page later refreshes them. */
const DASHBOARD_STALE_MS = 60_000;

/** Every figure in one answer; the page shows a failure itself, so no toast. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => api.call(endpoints.dashboard.get, {}, { signal, hideToast: true }),
  staleTime: DASHBOARD_STALE_MS,
});
