/**
 * The month's withholding list (扣缴明细, docs/product.md "Model settlements"), for the individual income
 * tax filing due by the 15th of the next month: every model paid as an individual by a settlement paid in
 * the month (its `paid_on`, the month the tax was worked out for), a row per income item and residency,
 * with the income, taxable income and tax withheld summed over those settlements (a correction's negative
 * figures included) and the number of payments (次: one per job). The export is the tax bureau's import
 * (./withholding-workbook.ts): one row per payment. A model's ID number is sensitive: it is answered whole
 * to the members who see models' tax identity (the model domain's rule, data_management manage), masked
 * for everyone else (maskIdNumber: its first three and last four characters).
 */
import { monthEnd } from '@trackit/contract/business-time';
import { cappedSum } from '@trackit/contract/money';
import type { Withholding, WithholdingQuery, WithholdingRow } from '@trackit/contract/settlement.schema';
import { INCOME_CATEGORIES } from '@trackit/contract/settlement-enums';
import { maskIdNumber } from '@trackit/contract/tax-identity';
import type { AuthContext } from '../../http/auth-context';
import { canManage, type ModelTaxIdentity, modelTaxIdentities } from '../model/model.service';
import { listWithholding, type WithholdingPaymentRow } from './settlement.repository';
import type { SettlementDeps } from './settlement.service';

/** The month's list with what its export adds: each payment, and each model's identity. */
export interface WithholdingMonth {
  list: Withholding;
  payments: WithholdingPaymentRow[];
  identities: ReadonlyMap<number, ModelTaxIdentity>;
  /** Whether the caller sees ID numbers whole (else they are masked, in the list and the export). */
  showIdNumber: boolean;
}

/** Exact up to MAX_SUM_FEN and capped beyond, as each payment's sums are (db/money-sum.ts). */
const sumOf = (rows: readonly { income: number; taxable: number; tax: number }[]) => ({
  income: cappedSum(rows.map((row) => row.income)),
  taxable: cappedSum(rows.map((row) => row.taxable)),
  tax: cappedSum(rows.map((row) => row.tax)),
});

/** The month's payments, grouped by model, item and residency into the list's rows, in the payments' order. */
function rowsOf(
  payments: readonly WithholdingPaymentRow[],
  identities: ReadonlyMap<number, ModelTaxIdentity>,
  showIdNumber: boolean,
): WithholdingRow[] {
  const groups = new Map<string, WithholdingPaymentRow[]>();
  for (const payment of payments) {
    const key = `${payment.modelId}:${payment.category}:${payment.residency}`;
    groups.set(key, [...(groups.get(key) ?? []), payment]);
  }
  return [...groups.values()].flatMap((group) => {
    const [first] = group;
    if (!first) return [];
    const identity = identities.get(first.modelId);
    const idNumber = identity?.idNumber ?? null;
    return [
      {
        model: { id: first.modelId, name: first.name },
        id_type: identity?.idType ?? null,
        id_number: idNumber === null ? null : showIdNumber ? idNumber : maskIdNumber(idNumber),
        id_number_masked: idNumber !== null && !showIdNumber,
        tax_residency: first.residency,
        income_category: first.category,
        ...sumOf(group),
        payments: group.length,
        settlements: [...new Set(group.flatMap((payment) => payment.numbers))].sort(),
      },
    ];
  });
}

/** The month's list, its payments and the models' identities (for the list, and for the export). */
export async function withholdingMonth(
  deps: SettlementDeps,
  auth: AuthContext,
  query: WithholdingQuery,
): Promise<WithholdingMonth> {
  const from = `${query.month}-01`;
  const [payments, showIdNumber] = await Promise.all([
    listWithholding(deps.db, auth.teamId, { from, to: monthEnd(from) }),
    canManage(deps, auth),
  ]);
  const identities = await modelTaxIdentities(
    deps.db,
    auth.teamId,
    payments.map((payment) => payment.modelId),
  );
  const rows = rowsOf(payments, identities, showIdNumber);
  return {
    list: {
      month: query.month,
      rows,
      totals: sumOf(rows),
      by_category: INCOME_CATEGORIES.flatMap((category) => {
        const of = rows.filter((row) => row.income_category === category);
        return of.length === 0 ? [] : [{ income_category: category, ...sumOf(of) }];
      }),
    },
    payments,
    identities,
    showIdNumber,
  };
}

/** GET /v1/finance/withholding. */
export async function getWithholding(
  deps: SettlementDeps,
  auth: AuthContext,
  query: WithholdingQuery,
): Promise<Withholding> {
  return (await withholdingMonth(deps, auth, query)).list;
}
