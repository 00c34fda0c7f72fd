import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentMemberOption } from './organization.presenter';
import { listTeamMemberOptions, type OrganizationDeps } from './organization.service';

export function organizationRoutes(deps: OrganizationDeps): Handlers<Endpoints['organization']> {
  return {
    memberOptions: async ({ auth, query }) => {
      const { rows, total } = await listTeamMemberOptions(deps, auth, query);
      return { items: rows.map(presentMemberOption), total };
    },
  };
}
