import { envelopeSchema } from '@trackit/contract/envelope';
import { teamListItemSchema, tokenPairSchema } from '@trackit/contract/session.schema';
import { z } from 'zod';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { authOf, originOf } from '../../http/request-context';
import { type SessionDeps, switchTeam } from '../session/session.service';
import { presentTeamListItem } from './team.presenter';
import { listValidMemberships } from './team.repository';

export function registerTeamRoutes(api: ApiRouter, deps: SessionDeps) {
  api.get(
    '/teams',
    { schema: { response: { 200: envelopeSchema(z.array(teamListItemSchema)) } } },
    async (request) => {
      const memberships = await listValidMemberships(deps.db, authOf(request).userId);
      return ok(memberships.map(presentTeamListItem));
    },
  );

  api.post(
    '/teams/:id/login',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request) => ok(await switchTeam(deps, authOf(request), request.params.id, originOf(request))),
  );
}
