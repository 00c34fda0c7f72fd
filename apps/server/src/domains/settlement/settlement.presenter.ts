import type { ApprovalStep } from '@trackit/contract/approval.schema';
import type { FeeKind, PermissionLevel } from '@trackit/contract/enums';
import { levelAllows } from '@trackit/contract/permissions';
import type {
  ReadyFigures,
  ReadyToSettle,
  ReadyToSettleLine,
  Settlement,
  SettlementDetail,
  SettlementJob,
  SettlementLine,
} from '@trackit/contract/settlement.schema';
import type { IncomeCategory } from '@trackit/contract/settlement-enums';
import type { SettlementFigures, ShareSplit } from '@trackit/contract/settlement-math';
import type {
  SettlementJobRow,
  SettlementLineRow,
  SettlementRecord,
  SettlementRow,
} from './settlement.repository';
import type { CandidateLine, SettlementModel } from './settlement-ready.repository';
import type { LineRelease } from './settlement-release';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const splitOf = (split: ShareSplit) => ({
  gross: split.gross,
  commission: split.commission,
  mother_agency: split.motherAgency,
  mother_agency_from_model: split.motherAgencyFromModel,
  income: split.income,
});

/**
 * What the caller may do with the settlement now, by its status and the caller's `accounting` level; a paid
 * settlement is correctable while one of its lines is not taken back by a live correction.
 */
export function settlementAbilities(
  settlement: SettlementRecord,
  level: PermissionLevel | undefined,
  hasUncorrectedLine = true,
) {
  const edit = levelAllows(level, 'edit');
  const manage = levelAllows(level, 'manage');
  return {
    submit: edit && settlement.status === 'draft',
    decide: manage && settlement.status === 'submitted',
    pay: manage && settlement.status === 'passed',
    delete: edit && (settlement.status === 'draft' || settlement.status === 'rejected'),
    correct: edit && settlement.status === 'paid' && settlement.correctsId === null && hasUncorrectedLine,
  };
}

export function presentSettlement(row: SettlementRow, level: PermissionLevel | undefined): Settlement {
  const { settlement } = row;
  return {
    id: settlement.id,
    number: settlement.number,
    model: { id: settlement.modelId, name: row.modelName },
    status: settlement.status,
    payout_type: settlement.payoutType,
    tax_residency: settlement.taxResidency,
    period_from: settlement.periodFrom,
    period_to: settlement.periodTo,
    tax_month: settlement.taxMonth,
    ...splitOf(settlement),
    taxable: settlement.taxable,
    tax: settlement.tax,
    deductions: settlement.deductions,
    net: settlement.net,
    has_advance: settlement.hasAdvance,
    corrects:
      row.corrects?.id && row.corrects.number ? { id: row.corrects.id, number: row.corrects.number } : null,
    reason: settlement.reason,
    paid_on: settlement.paidOn,
    paid_reference: settlement.paidReference,
    paid_by:
      row.paidBy?.id && row.paidBy.shortName ? { id: row.paidBy.id, short_name: row.paidBy.shortName } : null,
    created_by:
      settlement.createdByMembershipId !== null && row.createdByName !== null
        ? { id: settlement.createdByMembershipId, nickname: row.createdByName }
        : null,
    created_at: settlement.createdAt.toISOString(),
    submitted_at: iso(settlement.submittedAt),
    decided_at: iso(settlement.decidedAt),
    can: settlementAbilities(settlement, level, row.hasUncorrectedLine),
  };
}

function presentLine(
  { line, orderNumber, orderTitle, orderFirstDate, companyName }: SettlementLineRow,
  corrected: ReadonlySet<number>,
): SettlementLine {
  return {
    id: line.id,
    fee_line_id: line.feeLineId,
    order: { id: line.orderId, number: orderNumber, title: orderTitle },
    company_name: companyName,
    date: orderFirstDate,
    kind: line.kind,
    income_category: line.incomeCategory,
    ...splitOf(line),
    advance: line.advance,
    corrects_line_id: line.correctsLineId,
    corrected: corrected.has(line.id),
  };
}

function presentJob({ job, orderNumber }: SettlementJobRow): SettlementJob {
  return {
    order_id: job.orderId,
    order_number: orderNumber,
    income_category: job.incomeCategory,
    ...splitOf(job),
    earlier_income: job.earlierIncome,
    earlier_tax: job.earlierTax,
    taxable: job.taxable,
    tax: job.tax,
  };
}

export interface SettlementDetailParts {
  lines: SettlementLineRow[];
  jobs: SettlementJobRow[];
  deductions: SettlementDetail['deductions_taken'];
  approvals: ApprovalStep[];
  corrections: SettlementDetail['corrections'];
  /** Its lines a live correction takes back. */
  correctedLineIds: ReadonlySet<number>;
  /** What the model's tax identity lacks for the payment (empty when complete or not needed). */
  taxIdentityMissing: string[];
}

export function presentSettlementDetail(
  row: SettlementRow,
  parts: SettlementDetailParts,
  level: PermissionLevel | undefined,
): SettlementDetail {
  return {
    ...presentSettlement(row, level),
    tax_identity_missing: parts.taxIdentityMissing,
    lines: parts.lines.map((line) => presentLine(line, parts.correctedLineIds)),
    jobs: parts.jobs.map(presentJob),
    deductions_taken: parts.deductions,
    approvals: parts.approvals,
    corrections: parts.corrections,
  };
}

/** What 待结算 shows of a figure set: the totals of a settlement's figures. */
export const readyFigures = (figures: SettlementFigures): ReadyFigures => ({
  gross: figures.totals.gross,
  commission: figures.totals.commission,
  mother_agency: figures.totals.motherAgency,
  income: figures.totals.income,
  tax: figures.totals.tax,
  deductions: figures.totals.deductions,
  net: figures.totals.net,
});

function presentReadyLine(
  line: CandidateLine,
  release: LineRelease,
  categories: Readonly<Record<FeeKind, IncomeCategory>>,
): ReadyToSettleLine {
  return {
    fee_line_id: line.feeLineId,
    order_id: line.orderId,
    order_number: line.orderNumber,
    order_title: line.orderTitle,
    company_name: line.companyName,
    date: line.orderFirstDate,
    kind: line.kind,
    income_category: categories[line.kind],
    total: line.total,
    paid: line.paid,
    line_gross: line.gross,
    settled_gross: line.settled.gross,
    releasable: splitOf(release.now),
    waiting_gross: release.waiting.gross,
    advanced: release.advanced,
    commission_rate: release.terms.commissionRate,
    commission_override: line.override,
    rate_locked: line.taken,
  };
}

export function presentReadyToSettle(
  model: SettlementModel,
  lines: { line: CandidateLine; release: LineRelease }[],
  categories: Readonly<Record<FeeKind, IncomeCategory>>,
  releasable: SettlementFigures,
  waiting: SettlementFigures,
): ReadyToSettle {
  return {
    model: { id: model.id, name: model.name },
    payout_type: model.payoutType,
    tax_residency: model.taxResidency,
    commission_rate: model.commissionRate,
    releasable: readyFigures(releasable),
    waiting: readyFigures(waiting),
    lines: lines.map(({ line, release }) => presentReadyLine(line, release, categories)),
  };
}
