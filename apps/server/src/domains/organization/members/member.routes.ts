import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../../http/endpoint-router';
import { presentHandover, presentMember } from './member.presenter';
import {
  getMember,
  handOverMember,
  inviteMember,
  listTeamMembers,
  type MemberDeps,
  updateMember,
} from './member.service';

type MemberEndpoints = 'listMembers' | 'getMember' | 'inviteMember' | 'updateMember' | 'handOverMember';

/** Handlers of the member endpoints: each calls one service function and presents. */
export function memberRoutes(deps: MemberDeps): Pick<Handlers<Endpoints['organization']>, MemberEndpoints> {
  return {
    listMembers: async ({ auth, query }) => {
      const { rows, total } = await listTeamMembers(deps, auth, query);
      return { items: rows.map(presentMember), total };
    },
    getMember: async ({ auth, params }) => presentMember(await getMember(deps, auth, params.id)),
    inviteMember: async ({ auth, body, origin }) =>
      presentMember(await inviteMember(deps, auth, body, origin)),
    updateMember: async ({ auth, params, body, origin }) =>
      presentMember(await updateMember(deps, auth, params.id, body, origin)),
    handOverMember: async ({ auth, params, body, origin }) =>
      presentHandover(await handOverMember(deps, auth, params.id, body, origin)),
  };
}
