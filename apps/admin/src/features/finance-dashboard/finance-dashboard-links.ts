/**
 * Where each figure of 看板 leads (docs/product.md "Finance dashboard"): the list behind it, filtered with
 * the contract's filters of that figure (finance-dashboard-lists.ts, which the server's test follows through
 * the list endpoints), written through each list's query schema (the writer it reads back with), so a click
 * lands on exactly the rows the figure counts and sums; 扣缴明细 on the figure's month.
 */
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { type DashboardList, financeDashboardLists } from '@trackit/contract/finance-dashboard-lists';
import { AGING_BUCKETS, type AgingBucket } from '@trackit/contract/finance-enums';
import { type InvoiceQuery, invoiceQuerySchema } from '@trackit/contract/invoice.schema';
import { receiptQuerySchema } from '@trackit/contract/receipt.schema';
import { type FeeQuery, feeQuerySchema } from '@trackit/contract/receivable.schema';
import { type ListPatch, writeListSearch } from '../../components/list/list-search-params';

export const FEES_PATH = '/finance/fees';
export const RECEIPTS_PATH = '/finance/receipts';
export const SETTLEMENTS_PATH = toAdminRoute(ADMIN_PATHS.settlements) ?? '/finance/settlements';
const INVOICES_PATH = toAdminRoute(ADMIN_PATHS.invoices) ?? '/finance/invoices';

/** The buckets of what is past its due date (every bucket but 未到期). */
export const OVERDUE_BUCKETS: AgingBucket[] = AGING_BUCKETS.filter((bucket) => bucket !== 'not_due');

const withQuery = (path: string, params: URLSearchParams): string => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** 费用 with these filters. */
export const feeList = (query: ListPatch<FeeQuery>): string =>
  withQuery(FEES_PATH, writeListSearch(feeQuerySchema, query));

/** The 发票 register with these filters. */
export const invoiceList = (query: ListPatch<InvoiceQuery>): string =>
  withQuery(INVOICES_PATH, writeListSearch(invoiceQuerySchema, query));

/** The list of one figure, in the address that list reads. */
export function listLink(target: DashboardList): string {
  switch (target.list) {
    case 'fees':
      return feeList(target.query);
    case 'invoices':
      return invoiceList(target.query);
    case 'receipts':
      return withQuery(RECEIPTS_PATH, writeListSearch(receiptQuerySchema, target.query));
    case 'withholding':
      return withQuery(
        SETTLEMENTS_PATH,
        new URLSearchParams({ tab: 'withholding', month: target.query.month }),
      );
  }
}

export interface FinanceDashboardLinks {
  receivable: string;
  bucket: (bucket: AgingBucket) => string;
  receivedThisMonth: string;
  receivedLastMonth: string;
  invoicedUnpaid: string;
  /** The overdue bar of the weeks ahead: every overdue bucket. */
  overdue: string;
  /** A week ahead or later: what is owed, earliest due first (费用 has no due-date filter). */
  byDueDate: string;
  /** A month's issued invoices. */
  month: (month: { from: string; to: string }) => string;
  client: (companyId: number) => string;
  credit: string;
  /** 应付模特: 模特结算's 待结算 tab. */
  payableToModels: string;
  /** 本月代扣个税: 模特结算's 扣缴明细 tab, on this month. */
  withholding: string;
}

/** Every figure's list, for the dates of one answer. */
export function financeDashboardLinks(
  answer: Pick<FinanceDashboard, 'received_this_month' | 'received_last_month' | 'withheld_this_month'>,
): FinanceDashboardLinks {
  const lists = financeDashboardLists(answer);
  return {
    receivable: listLink(lists.receivable),
    bucket: (bucket) => listLink(lists.bucket(bucket)),
    receivedThisMonth: listLink(lists.receivedThisMonth),
    receivedLastMonth: listLink(lists.receivedLastMonth),
    invoicedUnpaid: listLink(lists.invoicedUnpaid),
    overdue: feeList({ aging_bucket: OVERDUE_BUCKETS }),
    byDueDate: feeList({ outstanding: true, sort: 'due_on' }),
    month: (month) => invoiceList({ issued_from: month.from, issued_to: month.to }),
    client: (companyId) => listLink(lists.client(companyId)),
    credit: listLink(lists.credit),
    payableToModels: withQuery(SETTLEMENTS_PATH, new URLSearchParams({ tab: 'ready' })),
    withholding: listLink(lists.withholding),
  };
}
