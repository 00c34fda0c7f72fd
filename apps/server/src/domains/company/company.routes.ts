import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { presentHistoryPage } from '../operation-log/operation-log.presenter';
import { presentCompany } from './company.presenter';
import {
  type CompanyDeps,
  createCompany,
  deleteCompany,
  getCompany,
  getCompanyDeletion,
  listTeamCompanies,
  updateCompany,
} from './company.service';
import { listCompanyHistory } from './company-history.service';

/** Handlers of `endpoints.company`: each calls one service function and presents. */
export function companyRoutes(deps: CompanyDeps): Handlers<Endpoints['company']> {
  return {
    create: async ({ auth, body, origin }) => presentCompany(await createCompany(deps, auth, body, origin)),
    list: async ({ auth, query }) => {
      const { rows, total } = await listTeamCompanies(deps, auth, query);
      return { items: rows.map(presentCompany), total };
    },
    get: async ({ auth, params }) => presentCompany(await getCompany(deps, auth, params.id)),
    history: async ({ auth, params, query }) =>
      presentHistoryPage(await listCompanyHistory(deps, auth, params.id, query)),
    update: async ({ auth, params, body, origin }) =>
      presentCompany(await updateCompany(deps, auth, params.id, body, origin)),
    deletion: async ({ auth, params }) => getCompanyDeletion(deps, auth, params.id),
    delete: async ({ auth, params, origin }) => {
      await deleteCompany(deps, auth, params.id, origin);
      return null;
    },
  };
}
