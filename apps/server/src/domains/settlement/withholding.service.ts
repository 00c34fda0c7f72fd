/**
 * The month's withholding list (扣缴明细, docs/product.md "Model settlements"), for the individual income
 * tax filing due by the 15th of the next month: every model paid as an individual by a settlement paid in
 * the month (its `paid_on`), with the income, taxable income and tax withheld summed over those
 * settlements (a correction's negative figures included). A model's national ID is sensitive: it is
 * answered whole to the members who see models' IDs (the model domain's rule, data_management manage),
 * masked for everyone else (maskIdNumber: its first three and last four characters).
 */
import { monthEnd } from '@trackit/contract/business-time';
import { cappedSum } from '@trackit/contract/money';
import { maskIdNumber, type Withholding, type WithholdingQuery } from '@trackit/contract/settlement.schema';
import type { AuthContext } from '../../http/auth-context';
import { canManage } from '../model/model.service';
import { listWithholding } from './settlement.repository';
import type { SettlementDeps } from './settlement.service';

/** GET /v1/finance/withholding. */
export async function getWithholding(
  deps: SettlementDeps,
  auth: AuthContext,
  query: WithholdingQuery,
): Promise<Withholding> {
  const from = `${query.month}-01`;
  const [rows, showIdNumber] = await Promise.all([
    listWithholding(deps.db, auth.teamId, { from, to: monthEnd(from) }),
    canManage(deps, auth),
  ]);
  // Exact up to MAX_SUM_FEN and capped beyond, as each model's sums are (db/money-sum.ts).
  const totals = {
    income: cappedSum(rows.map((row) => row.income)),
    taxable: cappedSum(rows.map((row) => row.taxable)),
    tax: cappedSum(rows.map((row) => row.tax)),
  };
  return {
    month: query.month,
    rows: rows.map((row) => ({
      model: { id: row.modelId, name: row.name },
      id_number: row.idNumber === null ? null : showIdNumber ? row.idNumber : maskIdNumber(row.idNumber),
      id_number_masked: row.idNumber !== null && !showIdNumber,
      income: row.income,
      taxable: row.taxable,
      tax: row.tax,
      settlements: row.numbers,
    })),
    totals,
  };
}
