import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentPackage, presentPackageActivity } from './package.presenter';
import {
  createPackage,
  getPackage,
  getPackageActivity,
  listTeamPackages,
  type PackageDeps,
  revokePackage,
  updatePackage,
} from './package.service';

/** Handlers of `endpoints.package`: one service call each, presented. */
export function packageRoutes(deps: PackageDeps): Handlers<Endpoints['package']> {
  return {
    create: async ({ auth, body, origin }) => presentPackage(await createPackage(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { items, total } = await listTeamPackages(deps, auth, query);
      return { items: items.map(presentPackage), total };
    },
    get: async ({ auth, params }) => presentPackage(await getPackage(deps, auth, params.id)),
    update: async ({ auth, params, body, origin }) =>
      presentPackage(await updatePackage(deps, auth, params.id, body, origin)),
    revoke: async ({ auth, params, origin }) =>
      presentPackage(await revokePackage(deps, auth, params.id, origin)),
    activity: async ({ auth, params }) =>
      presentPackageActivity(await getPackageActivity(deps, auth, params.id)),
  };
}
