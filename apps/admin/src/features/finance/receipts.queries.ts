/**
 * 财务详情's calls (docs/product.md "财务详情"): the order's receivable (GET /v1/finance/orders/{id}) and what
 * changes it: 登记收款 with its allocations to the order, and 撤销核销. Every change asks 财务详情, 待开票 and
 * the invoice lists again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { AllocationCreate, ReceiptCreateInput, ReceiptDetail } from '@trackit/contract/receipt.schema';
import { api } from '../../api';
import { financeKeys } from './finance.queries';

export const financeOrderKeys = {
  all: ['finance', 'orders'] as const,
  detail: (id: number) => ['finance', 'orders', id] as const,
};

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
  void queryClient.invalidateQueries({ queryKey: financeKeys.fees });
};

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
    onSettled: () => refreshFinance(queryClient),
  });
}

/** 撤销核销: the allocation stays listed, undone; its amount goes back to the receipt's credit. */
export function useUndoAllocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.receipt.undoAllocation, { params: { id } }),
    onSettled: () => refreshFinance(queryClient),
  });
}
