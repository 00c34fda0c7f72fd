/**
 * A settlement as its model sees it (GET /v1/public/settlements/{share_id}, and what the PDF prints): the
 * model's own share of each line and the settlement's figures, the mother agency's share as what it takes
 * from the model (so gross − commission − mother agency = income, line by line and in total) and the part
 * of the commission it is paid (shown under 佣金, where it is taken from), the payout
 * account masked to its last four digits. The client's fee of a line is added only when the team shows it
 * (`showClientFees`); otherwise the key is absent.
 */

import { type Bank, bankName } from '@trackit/contract/banks';
import { businessDate } from '@trackit/contract/business-time';
import { maskAccountNumber } from '@trackit/contract/model.schema';
import type { SettlementDetail } from '@trackit/contract/settlement.schema';
import { INCOME_CATEGORIES } from '@trackit/contract/settlement-enums';
import { motherAgencyInCommission } from '@trackit/contract/settlement-math';
import type { PublicSettlement } from '@trackit/contract/settlement-share.schema';

export interface StatementExtras {
  teamName: string;
  /** The legal name of the payee entity that paid (a paid settlement). */
  payerName: string | null;
  account: { bank: Bank | null; bankName: string | null; accountNumber: string | null };
  /** The client's total of each fee line, by fee line id (read only when shown). */
  clientTotals: ReadonlyMap<number, number>;
  showClientFees: boolean;
  expiresAt: Date | null;
}

const payoutAccountOf = ({ bank, bankName: name, accountNumber }: StatementExtras['account']) =>
  accountNumber
    ? [bank ? bankName(bank, name) : null, maskAccountNumber(accountNumber)].filter(Boolean).join(' ')
    : null;

/** An individual's tax per income item, summed over the settlement's payments, items without payments left out. */
const taxesByCategory = (detail: SettlementDetail) =>
  INCOME_CATEGORIES.flatMap((category) => {
    const jobs = detail.jobs.filter((job) => job.income_category === category);
    if (jobs.length === 0) return [];
    const sum = (figure: 'income' | 'taxable' | 'tax') => jobs.reduce((total, job) => total + job[figure], 0);
    return [{ category, income: sum('income'), taxable: sum('taxable'), tax: sum('tax') }];
  });

export function presentPublicSettlement(detail: SettlementDetail, extras: StatementExtras): PublicSettlement {
  const { showClientFees } = extras;
  const lines = detail.lines.map((line) => ({
    order_number: line.order.number,
    order_title: line.order.title,
    date: line.date,
    kind: line.kind,
    income_category: line.income_category,
    gross: line.gross,
    commission: line.commission,
    mother_agency_in_commission: motherAgencyInCommission(line),
    mother_agency: line.mother_agency_from_model,
    income: line.income,
    ...(showClientFees ? { client_total: extras.clientTotals.get(line.fee_line_id) ?? 0 } : {}),
  }));
  return {
    agency: extras.payerName ?? extras.teamName,
    number: detail.number,
    model_name: detail.model.name,
    status: detail.status,
    payout_type: detail.payout_type,
    period_from: detail.period_from,
    period_to: detail.period_to,
    created_on: businessDate(detail.created_at),
    tax_month: detail.tax_month,
    corrects: detail.corrects?.number ?? null,
    reason: detail.reason,
    lines,
    tax_residency: detail.payout_type === 'studio' ? null : detail.tax_residency,
    taxes: detail.payout_type === 'studio' ? [] : taxesByCategory(detail),
    deductions: detail.deductions_taken.map((deduction) => ({
      kind: deduction.kind,
      occurred_on: deduction.occurred_on,
      amount: deduction.amount,
      note: deduction.note,
    })),
    totals: {
      gross: detail.gross,
      commission: detail.commission,
      mother_agency_in_commission: motherAgencyInCommission(detail),
      mother_agency: detail.mother_agency_from_model,
      income: detail.income,
      taxable: detail.taxable,
      tax: detail.tax,
      deductions: detail.deductions,
      net: detail.net,
      ...(showClientFees
        ? { client_total: lines.reduce((sum, line) => sum + (line.client_total ?? 0), 0) }
        : {}),
    },
    paid:
      detail.paid_on && detail.paid_reference
        ? { on: detail.paid_on, reference: detail.paid_reference }
        : null,
    payout_account: payoutAccountOf(extras.account),
    show_client_fees: showClientFees,
    expires_at: extras.expiresAt?.toISOString() ?? null,
  };
}
