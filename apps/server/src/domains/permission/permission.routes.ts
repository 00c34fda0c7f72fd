import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { myPermissions, type PermissionDeps, permissionCatalogue } from './permission.service';

export function permissionRoutes(deps: PermissionDeps): Handlers<Endpoints['permission']> {
  return {
    mine: async ({ auth }) => myPermissions(deps, auth),
    catalogue: async () => permissionCatalogue(),
  };
}
