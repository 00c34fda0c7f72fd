/**
 * 费用 (docs/product.md "Receivables"): the billed orders' money as of a business date (default today),
 * paged, summed and exported with the same filters (fee-list.repository.ts).
 */
import { businessDate } from '@trackit/contract/business-time';
import { AGING_BUCKETS } from '@trackit/contract/finance-enums';
import { cappedSum } from '@trackit/contract/money';
import {
  FEE_EXPORT_MAX_ROWS,
  type FeeFilter,
  type FeeQuery,
  type FeeRow,
  type FeeTotals,
} from '@trackit/contract/receivable.schema';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import { type FeeDate, type FeeRowRecord, listFeeRows, sumFeeRows } from './fee-list.repository';
import type { FinanceDeps } from './finance.service';

/** The date asked for (default today) beside today's. */
function feeDateOf(deps: FinanceDeps, filter: FeeFilter): FeeDate {
  const today = businessDate(deps.clock());
  return { asOf: filter.as_of ?? today, today };
}

export function presentFeeRow(row: FeeRowRecord): FeeRow {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    company:
      row.companyId !== null && row.companyName !== null
        ? { id: row.companyId, name: row.companyName }
        : null,
    team_recipient:
      row.teamRecipientId !== null && row.recipientShortName !== null
        ? { id: row.teamRecipientId, short_name: row.recipientShortName }
        : null,
    owner:
      row.ownerId !== null && row.ownerNickname !== null
        ? { id: row.ownerId, nickname: row.ownerNickname }
        : null,
    billed_on: row.billedOn,
    last_date: row.lastDate,
    due_on: row.dueOn,
    billed: row.billed,
    invoiced: row.invoiced,
    received: row.received,
    outstanding: row.outstanding,
    payment_state: row.paymentState,
    days_overdue: row.daysOverdue,
    aging_bucket: row.agingBucket,
  };
}

/** GET /v1/finance/fees. */
export async function listFees(deps: FinanceDeps, auth: AuthContext, query: FeeQuery) {
  const { items, total } = await listFeeRows(
    deps.db,
    auth.teamId,
    query,
    feeDateOf(deps, query),
    pageWindow(query),
  );
  return { items: items.map(presentFeeRow), total };
}

/**
 * GET /v1/finance/fees/totals: the filter's figures, and every bucket listed, in order, 0 where no row falls
 * (the buckets under the filter less its aging buckets).
 */
export async function feeTotals(deps: FinanceDeps, auth: AuthContext, filter: FeeFilter): Promise<FeeTotals> {
  const when = feeDateOf(deps, filter);
  const groups = await sumFeeRows(deps.db, auth.teamId, filter, when);
  const totals: FeeTotals = {
    as_of: when.asOf,
    count: 0,
    billed: 0,
    invoiced: 0,
    received: 0,
    outstanding: 0,
    buckets: AGING_BUCKETS.map((bucket) => ({ bucket, count: 0, outstanding: 0 })),
  };
  for (const group of groups) {
    // Each group's sums are capped at MAX_SUM_FEN already (db/money-sum.ts); their total is capped as well.
    totals.count += group.count;
    totals.billed = cappedSum([totals.billed, group.billed]);
    totals.invoiced = cappedSum([totals.invoiced, group.invoiced]);
    totals.received = cappedSum([totals.received, group.received]);
    totals.outstanding = cappedSum([totals.outstanding, group.outstanding]);
  }
  // The chips of the aging buckets keep their figures while one is chosen: they are summed under the
  // filter without its aging buckets, so choosing 1-30天 leaves 31-60天's amount in place (issue 35).
  const bucketGroups = filter.aging_bucket?.length
    ? await sumFeeRows(deps.db, auth.teamId, { ...filter, aging_bucket: undefined }, when)
    : groups;
  for (const group of bucketGroups) {
    const bucket = totals.buckets.find((entry) => entry.bucket === group.bucket);
    if (bucket) {
      bucket.count = group.count;
      bucket.outstanding = group.outstanding;
    }
  }
  return totals;
}

/** GET /v1/finance/fees/export: the list's filter, at most FEE_EXPORT_MAX_ROWS rows, in the list's order. */
export async function exportFees(deps: FinanceDeps, auth: AuthContext, filter: FeeFilter) {
  const now = deps.clock();
  const when = feeDateOf(deps, filter);
  const { items } = await listFeeRows(deps.db, auth.teamId, filter, when, {
    limit: FEE_EXPORT_MAX_ROWS,
    offset: 0,
  });
  return { items: items.map(presentFeeRow), asOf: when.asOf, exportedAt: now };
}
