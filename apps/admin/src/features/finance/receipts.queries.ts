/**
 * Receipts' calls (docs/product.md "Payments received", "财务详情"): the receipt list and one receipt
 * (GET /v1/receipts, GET /v1/receipts/{id}), an order's receivable (GET /v1/finance/orders/{id}), what a
 * receipt can be allocated to (issued invoices still open, orders still owed), and what changes them:
 * 登记收款, 核销, 撤销核销, 作废. Every change stores the receipt as answered and asks 财务详情, 待开票, the
 * invoice lists, 费用 and the receipt lists again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { InvoiceQuery } from '@trackit/contract/invoice.schema';
import type {
  AllocationCreate,
  ReceiptCreateInput,
  ReceiptDetail,
  ReceiptVoid,
} from '@trackit/contract/receipt.schema';
import type { FeeQuery } from '@trackit/contract/receivable.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { recordHistoryQuery } from '../../components/record-history';
import { feeListQuery } from './fees.queries';
import { financeKeys, invoiceListQuery } from './finance.queries';

/** Query keys of receipts, under `['finance']`. */
export const receiptKeys = {
  all: ['finance', 'receipts'] as const,
  lists: ['finance', 'receipts', 'list'] as const,
  detail: (id: number) => ['finance', 'receipts', 'detail', id] as const,
};

export const receiptListQuery = pagedListQuery(receiptKeys.lists, endpoints.receipt.list);

/**
 * The client companies a payer's name may be (earlier receipts, name, invoice buyer, similar name), best
 * first; nothing asked for an empty name.
 */
export const payerCompaniesQuery = (payerName: string) =>
  queryOptions({
    queryKey: ['finance', 'receipts', 'payer-companies', payerName] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.receipt.payerCompanies,
        { query: { payer_name: payerName } },
        { signal, hideToast: true },
      ),
    enabled: payerName.trim() !== '',
    staleTime: 30_000,
  });

/** A client's account (客户往来) on the company page. */
export const companyAccountQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['finance', 'company-account', companyId] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.receipt.companyAccount, { params: { id: companyId } }, { signal, hideToast: true }),
  });

/** One receipt with its allocations; the drawer shows a missing one itself, so no toast. */
export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: receiptKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.receipt.get, { params: { id } }, { signal, hideToast: true }),
  });

/** The issued invoices with something left to receive, matching the buyer's name or the number. */
export const openInvoicesQuery = (keyword: string) =>
  invoiceListQuery({
    page: 1,
    per_page: 20,
    open: true,
    ...(keyword ? { keyword } : {}),
  } satisfies InvoiceQuery);

/** The billed orders still owed, matching the number, title or client (费用's list). */
export const owedOrdersQuery = (keyword: string) =>
  feeListQuery({
    page: 1,
    per_page: 20,
    outstanding: true,
    ...(keyword ? { keyword } : {}),
  } satisfies FeeQuery);

export const financeOrderKeys = {
  all: ['finance', 'orders'] as const,
  detail: (id: number) => ['finance', 'orders', id] as const,
  history: (id: number) => ['finance', 'orders', id, 'history'] as const,
};

/** 财务详情's 资金记录: what members did to the order's invoices and the receipts that paid it, newest first. */
export const financeOrderHistoryQuery = recordHistoryQuery(
  financeOrderKeys.history,
  endpoints.receivable.orderHistory,
);

export const financeOrderQuery = (id: number) =>
  queryOptions({
    queryKey: financeOrderKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.receivable.order, { params: { id } }, { signal, hideToast: true }),
  });

type QueryClient = ReturnType<typeof useQueryClient>;

const refreshFinance = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: financeOrderKeys.all });
  void queryClient.invalidateQueries({ queryKey: financeKeys.ready });
  void queryClient.invalidateQueries({ queryKey: financeKeys.invoiceLists });
  // An invoice's drawer shows what is received of it.
  void queryClient.invalidateQueries({ queryKey: financeKeys.invoiceDetails });
  void queryClient.invalidateQueries({ queryKey: financeKeys.fees });
  void queryClient.invalidateQueries({ queryKey: receiptKeys.lists });
  void queryClient.invalidateQueries({ queryKey: ['finance', 'company-account'] });
};

/** The receipt as the server answered it, cached for its drawer; everything it changes asked again. */
const storeReceipt = (queryClient: QueryClient, receipt: ReceiptDetail) => {
  queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt);
  refreshFinance(queryClient);
};

/** 登记收款 not tied to an order: resolves the new receipt (its credit, nothing allocated yet). */
export function useCreateReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptCreateInput) => api.call(endpoints.receipt.create, { body }),
    onSuccess: (receipt) => storeReceipt(queryClient, receipt),
  });
}

/** 核销: several invoices or fee lines in one request; a 409 (over-allocation, a race) is toasted. */
export function useAllocateReceipt(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AllocationCreate[]) => api.call(endpoints.receipt.allocate, { params: { id }, body }),
    onSuccess: (receipt) => storeReceipt(queryClient, receipt),
  });
}

/** 作废 with its reason: only while nothing is allocated (the server answers 409 otherwise). */
export function useVoidReceipt(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptVoid) => api.call(endpoints.receipt.void, { params: { id }, body }),
    onSuccess: (receipt) => storeReceipt(queryClient, receipt),
  });
}

export interface RecordReceiptInput {
  /** The receipt to record; left out when it is already recorded (its allocation failed before). */
  receipt?: ReceiptCreateInput;
  /** The receipt recorded by an earlier attempt, to allocate only. */
  receiptId?: number;
  allocations: AllocationCreate[];
}

export interface RecordReceiptResult {
  /** The receipt as the server answered it last (with its warnings once allocated). */
  receipt: ReceiptDetail;
  /** Whether the allocations were made (false: the receipt is recorded, its allocation failed). */
  allocated: boolean;
}

/**
 * 登记收款 then 核销: records the receipt (unless `receiptId` names one already recorded), then allocates it.
 * When the allocation is refused (409 over-allocation, toasted by the client), the receipt stays recorded as
 * the client's credit and the result says so, so a second try allocates without recording it twice.
 */
export function useRecordReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      receipt,
      receiptId,
      allocations,
    }: RecordReceiptInput): Promise<RecordReceiptResult> => {
      let recorded: ReceiptDetail | undefined;
      let id = receiptId;
      if (id === undefined) {
        if (!receipt) throw new Error('no receipt to record');
        recorded = await api.call(endpoints.receipt.create, { body: receipt });
        id = recorded.id;
      }
      if (allocations.length === 0) {
        if (recorded) return { receipt: recorded, allocated: true };
        throw new Error('nothing to allocate');
      }
      try {
        const allocated = await api.call(endpoints.receipt.allocate, { params: { id }, body: allocations });
        return { receipt: allocated, allocated: true };
      } catch (error) {
        if (recorded) return { receipt: recorded, allocated: false };
        throw error;
      }
    },
    onSuccess: ({ receipt }) => queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt),
    onSettled: () => refreshFinance(queryClient),
  });
}

/** 撤销核销: the allocation stays listed, undone; its amount goes back to the receipt's credit. */
export function useUndoAllocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.receipt.undoAllocation, { params: { id } }),
    onSuccess: (receipt) => queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt),
    onSettled: () => refreshFinance(queryClient),
  });
}
