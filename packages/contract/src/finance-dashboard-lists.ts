/**
 * The list each figure of the finance dashboard (看板) opens, as the filters of that list's own query
 * (issue 35 item 7): the admin's links write them in the list's address (finance-dashboard-links.ts), and
 * finance-dashboard-lists.int.test.ts follows them through the list endpoints, so the rows a click lands on
 * count and add up to the figure. One word means one thing on every page (RECEIVABLE_WORDS).
 */
import type { FinanceDashboard } from './finance-dashboard.schema';
import type { AgingBucket } from './finance-enums';
import type { InvoiceQuery } from './invoice.schema';
import type { ReceiptQuery } from './receipt.schema';
import type { FeeQuery } from './receivable.schema';

/**
 * The receivable words, the same on 看板, 费用 and 财务详情: 应收 is what was billed, 已开票 what was
 * invoiced, 已收 what was received, 未收 what is still outstanding (应收 − 已收).
 */
export const RECEIVABLE_WORDS = {
  billed: '应收',
  invoiced: '已开票',
  received: '已收',
  outstanding: '未收',
} as const;

type Filters<Q> = { [K in keyof Q]?: Q[K] };

/** The lists a figure opens, by the query each reads. */
export type DashboardList =
  | { list: 'fees'; query: Filters<FeeQuery> }
  | { list: 'invoices'; query: Filters<InvoiceQuery> }
  | { list: 'receipts'; query: Filters<ReceiptQuery> }
  | { list: 'withholding'; query: { month: string } };

const fees = (query: Filters<FeeQuery>): DashboardList => ({ list: 'fees', query });

/** Each figure's list, for the dates of one answer. */
export function financeDashboardLists(
  answer: Pick<FinanceDashboard, 'received_this_month' | 'received_last_month' | 'withheld_this_month'>,
) {
  const received = (range: { from: string; to: string }): DashboardList => ({
    list: 'receipts',
    query: { received_from: range.from, received_to: range.to, voided: false },
  });
  return {
    /** 未收: billed orders with something outstanding. */
    receivable: fees({ outstanding: true }),
    bucket: (bucket: AgingBucket) => fees({ aging_bucket: [bucket] }),
    receivedThisMonth: received(answer.received_this_month),
    receivedLastMonth: received(answer.received_last_month),
    /** 已开票未收款: issued invoices with something left to receive. */
    invoicedUnpaid: { list: 'invoices', query: { open: true } } as DashboardList,
    client: (companyId: number) => fees({ company_id: companyId, outstanding: true }),
    /** 预收款: receipts with something not allocated. */
    credit: { list: 'receipts', query: { unallocated: true } } as DashboardList,
    /** 本月代扣个税: this month's 扣缴明细 (not the list's default, last month). */
    withholding: {
      list: 'withholding',
      query: { month: answer.withheld_this_month.from.slice(0, 7) },
    } as DashboardList,
  };
}
