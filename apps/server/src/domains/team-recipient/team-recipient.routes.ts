import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentTeamRecipient } from './team-recipient.presenter';
import {
  createTeamRecipient,
  getTeamRecipient,
  listTeamRecipientsOf,
  type SeenRecipient,
  type TeamRecipientDeps,
  updateTeamRecipient,
} from './team-recipient.service';

const present = ({ row, can }: SeenRecipient) => presentTeamRecipient(row, can);

/** Handlers of `endpoints.teamRecipient`: each calls one service function and presents. */
export function teamRecipientRoutes(deps: TeamRecipientDeps): Handlers<Endpoints['teamRecipient']> {
  return {
    create: async ({ auth, body, origin }) => present(await createTeamRecipient(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { rows, total, can } = await listTeamRecipientsOf(deps, auth, query);
      return { items: rows.map((row) => presentTeamRecipient(row, can)), total };
    },
    get: async ({ auth, params }) => present(await getTeamRecipient(deps, auth, params.id)),
    update: async ({ auth, params, body, origin }) =>
      present(await updateTeamRecipient(deps, auth, params.id, body, origin)),
  };
}
