import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { myPermissionKeys, type PermissionDeps, permissionCatalogue } from './permission.service';

export function permissionRoutes(deps: PermissionDeps): Handlers<Endpoints['permission']> {
  return {
    mine: async ({ auth }) => (await myPermissionKeys(deps, auth)).map((key) => ({ key })),
    catalogue: async () => permissionCatalogue(),
  };
}
