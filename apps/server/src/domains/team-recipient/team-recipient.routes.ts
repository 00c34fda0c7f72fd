import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentTeamRecipient } from './team-recipient.presenter';
import {
  createTeamRecipient,
  getTeamRecipient,
  listTeamRecipientsOf,
  type TeamRecipientDeps,
  updateTeamRecipient,
} from './team-recipient.service';
import { decideBankChange, withdrawBankChange } from './team-recipient-bank-change.service';

/** Handlers of `endpoints.teamRecipient`: each calls one service function and presents. */
export function teamRecipientRoutes(deps: TeamRecipientDeps): Handlers<Endpoints['teamRecipient']> {
  return {
    create: async ({ auth, body, origin }) =>
      presentTeamRecipient(await createTeamRecipient(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamRecipientsOf(deps, auth, query);
      return { items: items.map(presentTeamRecipient), total };
    },
    get: async ({ auth, params }) => presentTeamRecipient(await getTeamRecipient(deps, auth, params.id)),
    update: async ({ auth, params, body, origin }) =>
      presentTeamRecipient(await updateTeamRecipient(deps, auth, params.id, body, origin)),
    decideBankChange: async ({ auth, params, body, origin }) =>
      presentTeamRecipient(await decideBankChange(deps, auth, params.id, body, origin)),
    withdrawBankChange: async ({ auth, params, origin }) =>
      presentTeamRecipient(await withdrawBankChange(deps, auth, params.id, origin)),
  };
}
