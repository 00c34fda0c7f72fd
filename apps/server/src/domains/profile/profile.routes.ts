import { envelopeSchema } from '@trackit/contract/envelope';
import { profileSchema, profileUpdateSchema } from '@trackit/contract/session.schema';
import type { ApiRouter } from '../../http/api-router';
import { ok } from '../../http/envelope';
import { authOf, originOf } from '../../http/request-context';
import { presentProfile } from './profile.presenter';
import { getProfile, type ProfileDeps, updateProfile } from './profile.service';

export function registerProfileRoutes(api: ApiRouter, deps: ProfileDeps) {
  api.get('/profile', { schema: { response: { 200: envelopeSchema(profileSchema) } } }, async (request) =>
    ok(presentProfile(await getProfile(deps, authOf(request)))),
  );

  api.patch(
    '/profile',
    { schema: { body: profileUpdateSchema, response: { 200: envelopeSchema(profileSchema) } } },
    async (request) =>
      ok(presentProfile(await updateProfile(deps, authOf(request), request.body, originOf(request)))),
  );
}
