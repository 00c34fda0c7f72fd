import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../../http/endpoint-router';
import { presentOrgUnit } from './org-unit.presenter';
import {
  createOrgUnit,
  deleteOrgUnit,
  listTeamOrgUnits,
  type OrgUnitDeps,
  setRolePermissions,
  updateOrgUnit,
} from './org-unit.service';

type OrgUnitEndpoints =
  | 'listOrgUnits'
  | 'createOrgUnit'
  | 'updateOrgUnit'
  | 'deleteOrgUnit'
  | 'setRolePermissions';

/** Handlers of the roles resource (departments and roles): each calls one service function and presents. */
export function orgUnitRoutes(
  deps: OrgUnitDeps,
): Pick<Handlers<Endpoints['organization']>, OrgUnitEndpoints> {
  return {
    listOrgUnits: async ({ auth, query }) => (await listTeamOrgUnits(deps, auth, query)).map(presentOrgUnit),
    createOrgUnit: async ({ auth, body, origin }) =>
      presentOrgUnit(await createOrgUnit(deps, auth, body, origin)),
    updateOrgUnit: async ({ auth, params, body, origin }) =>
      presentOrgUnit(await updateOrgUnit(deps, auth, params.id, body, origin)),
    deleteOrgUnit: async ({ auth, params, origin }) => {
      await deleteOrgUnit(deps, auth, params.id, origin);
      return null;
    },
    setRolePermissions: async ({ auth, params, body, origin }) =>
      presentOrgUnit(await setRolePermissions(deps, auth, params.id, body, origin)),
  };
}
