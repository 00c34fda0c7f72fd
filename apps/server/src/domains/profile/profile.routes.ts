import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentProfile } from './profile.presenter';
import { getProfile, type ProfileDeps, signedAvatarUrl, updateProfile } from './profile.service';

export function profileRoutes(deps: ProfileDeps): Handlers<Endpoints['profile']> {
  return {
    get: async ({ auth }) => presentProfile(await getProfile(deps, auth)),
    update: async ({ auth, body, origin }) => presentProfile(await updateProfile(deps, auth, body, origin)),
    avatar: async ({ params, query, reply }) =>
      reply
        .header('cache-control', 'private, max-age=300')
        .redirect(await signedAvatarUrl(deps, params, query), 302),
  };
}
