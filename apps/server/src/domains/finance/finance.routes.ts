import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { type FinanceDeps, getFinanceOrder } from './finance.service';

/** Handlers of `endpoints.receivable`: each calls one service function. */
export function receivableRoutes(deps: FinanceDeps): Handlers<Endpoints['receivable']> {
  return {
    order: ({ auth, params }) => getFinanceOrder(deps, auth, params.id),
  };
}
