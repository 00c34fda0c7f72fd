import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentWaitingApproval } from './approval.presenter';
import { type ApprovalDeps, listWaitingApprovals } from './approval.service';

export function approvalRoutes(deps: ApprovalDeps): Handlers<Endpoints['approval']> {
  return {
    waiting: async ({ auth, query }) => {
      const { rows, total } = await listWaitingApprovals(deps, auth, query);
      return { items: rows.map(presentWaitingApproval), total };
    },
  };
}
