/**
 * A company's history (its page's 操作记录): what members did to the company and to its contacts, from
 * the operation log, for whoever may read the company.
 */
import type { PageQuery } from '@trackit/contract/envelope';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { companyContactIds } from '../contact/contact.service';
import { listRecordHistory } from '../operation-log/operation-log.service';
import { type CompanyDeps, getCompany } from './company.service';

/** GET /v1/companies/{id}/history: newest first; another team's company is "not found". */
export async function listCompanyHistory(
  deps: CompanyDeps,
  auth: AuthContext,
  companyId: number,
  query: PageQuery,
) {
  await getCompany(deps, auth, companyId);
  const contactIds = await companyContactIds(deps, auth.teamId, companyId);
  return listRecordHistory(
    deps.db,
    auth.teamId,
    [
      { type: 'company', ids: [companyId] },
      { type: 'contact', ids: contactIds },
    ],
    pageWindow(query),
  );
}
