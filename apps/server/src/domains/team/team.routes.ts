import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentTeamListItem } from './team.presenter';
import { listMyTeams, type TeamDeps } from './team.service';

export function teamRoutes(deps: TeamDeps): Handlers<Endpoints['team']> {
  return {
    mine: async ({ auth }) => (await listMyTeams(deps, auth)).map(presentTeamListItem),
  };
}
