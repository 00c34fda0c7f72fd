/**
 * Where each figure of 看板 leads (docs/product.md "Finance dashboard"): the list behind it, filtered with
 * the parameters that list reads from its address. 费用 and the invoice list through their contract query
 * schemas (the writer they read back with), so a click lands on exactly the rows the figure sums; the
 * receipt list reads `from` and `to` (its received dates) and `unallocated`; 模特结算 its `tab`.
 */
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { AGING_BUCKETS, type AgingBucket } from '@trackit/contract/finance-enums';
import { type InvoiceQuery, invoiceQuerySchema } from '@trackit/contract/invoice.schema';
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

/** The receipt list received within [from, to]. */
export const receiptList = ({ from, to }: { from: string; to: string }): string =>
  withQuery(RECEIPTS_PATH, new URLSearchParams({ from, to }));

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
  /** 本月代扣个税: 模特结算's 扣缴明细 tab. */
  withholding: string;
}

/** Every figure's list, for the dates of one answer. */
export function financeDashboardLinks(
  answer: Pick<FinanceDashboard, 'received_this_month' | 'received_last_month'>,
): FinanceDashboardLinks {
  return {
    receivable: feeList({ outstanding: true }),
    bucket: (bucket) => feeList({ aging_bucket: [bucket] }),
    receivedThisMonth: receiptList(answer.received_this_month),
    receivedLastMonth: receiptList(answer.received_last_month),
    invoicedUnpaid: invoiceList({ status: ['issued'] }),
    overdue: feeList({ aging_bucket: OVERDUE_BUCKETS }),
    byDueDate: feeList({ outstanding: true, sort: 'due_on' }),
    month: (month) => invoiceList({ issued_from: month.from, issued_to: month.to }),
    client: (companyId) => feeList({ company_id: companyId, outstanding: true }),
    credit: withQuery(RECEIPTS_PATH, new URLSearchParams({ unallocated: 'true' })),
    payableToModels: withQuery(SETTLEMENTS_PATH, new URLSearchParams({ tab: 'ready' })),
    withholding: withQuery(SETTLEMENTS_PATH, new URLSearchParams({ tab: 'withholding' })),
  };
}
