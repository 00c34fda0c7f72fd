import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { type DashboardDeps, getDashboard } from './dashboard.service';

/** Handlers of `endpoints.dashboard`: the answer is the contract's shape already. */
export function dashboardRoutes(deps: DashboardDeps): Handlers<Endpoints['dashboard']> {
  return {
    get: ({ auth }) => getDashboard(deps, auth),
  };
}
