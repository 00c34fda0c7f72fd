import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentWaitingApproval } from './approval.presenter';
import { listWaitingApprovals } from './approval.service';
import {
  type ApprovalSettingsDeps,
  getApprovalSettings,
  updateApprovalSettings,
} from './approval-settings.service';

export function approvalRoutes(deps: ApprovalSettingsDeps): Handlers<Endpoints['approval']> {
  return {
    waiting: async ({ auth, query }) => {
      const { rows, total } = await listWaitingApprovals(deps, auth, query);
      return { items: rows.map(presentWaitingApproval), total };
    },
    settings: ({ auth }) => getApprovalSettings(deps, auth),
    updateSettings: ({ auth, body, origin }) => updateApprovalSettings(deps, auth, body, origin),
  };
}
