/**
 * A client's account (客户往来, docs/product.md "A client's account"): the figures 费用 shows filtered to the
 * client (finance/fee-list.service.ts feeTotals, so the two pages agree), beside the receipts named to it
 * and their credit (预收款).
 */
import type { CompanyAccount } from '@trackit/contract/company-account.schema';
import type { AuthContext } from '../../http/auth-context';
import { getCompany } from '../company/company.service';
import { feeTotals } from '../finance/fee-list.service';
import { sumCompanyReceipts } from './receipt.repository';
import type { ReceiptDeps } from './receipt.service';

/** GET /v1/companies/{id}/account: 404 for another team's company. */
export async function getCompanyAccount(
  deps: ReceiptDeps,
  auth: AuthContext,
  companyId: number,
): Promise<CompanyAccount> {
  await getCompany(deps, auth, companyId);
  const [totals, receipts] = await Promise.all([
    feeTotals(deps, auth, { company_id: companyId }),
    sumCompanyReceipts(deps.db, auth.teamId, companyId),
  ]);
  return {
    as_of: totals.as_of,
    orders: totals.count,
    billed: totals.billed,
    invoiced: totals.invoiced,
    received: totals.received,
    outstanding: totals.outstanding,
    buckets: totals.buckets,
    receipts: receipts.count,
    receipts_total: receipts.total,
    credit: receipts.credit,
    credit_receipts: receipts.creditCount,
  };
}
