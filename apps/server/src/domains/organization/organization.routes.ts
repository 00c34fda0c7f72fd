import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { memberRoutes } from './members/member.routes';
import { orgUnitRoutes } from './org-units/org-unit.routes';
import { presentMemberOption } from './organization.presenter';
import { listTeamMemberOptions, type OrganizationDeps } from './organization.service';

/** The organization's endpoints: member options here, members and the roles resource in their folders. */
export function organizationRoutes(deps: OrganizationDeps): Handlers<Endpoints['organization']> {
  return {
    memberOptions: async ({ auth, query }) => {
      const { rows, total } = await listTeamMemberOptions(deps, auth, query);
      return { items: rows.map(presentMemberOption), total };
    },
    ...memberRoutes(deps),
    ...orgUnitRoutes(deps),
  };
}
