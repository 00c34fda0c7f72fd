/**
 * Model settlements' calls (docs/product.md "Model settlements", packages/contract/src/settlement.endpoints.ts):
 * 待结算 (GET /v1/settlements/ready), the settlements (GET /v1/settlements, GET /v1/settlements/{id}),
 * the month's 扣缴明细 (GET /v1/finance/withholding and its export) and what changes them. Every change
 * stores the settlement as answered and asks 待结算, the lists, 扣缴明细, 费用 and 待我审批 again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  CommissionOverrideInput,
  SettlementCorrect,
  SettlementCreateInput,
  SettlementDetail,
  SettlementPay,
} from '@trackit/contract/settlement.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { approvalKeys } from '../approval/approval.queries';
import { financeKeys } from '../finance/finance.queries';

/** Query keys, all under `['settlements']`. */
export const settlementKeys = {
  all: ['settlements'] as const,
  ready: ['settlements', 'ready'] as const,
  lists: ['settlements', 'list'] as const,
  detail: (id: number) => ['settlements', 'detail', id] as const,
  withholdings: ['settlements', 'withholding'] as const,
  withholding: (month: string) => ['settlements', 'withholding', month] as const,
};

export const readyToSettleQuery = pagedListQuery(settlementKeys.ready, endpoints.settlement.ready);
export const settlementListQuery = pagedListQuery(settlementKeys.lists, endpoints.settlement.list);

export const settlementQuery = (id: number) =>
  queryOptions({
    queryKey: settlementKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.settlement.get, { params: { id } }, { signal, hideToast: true }),
  });

/**
 * 登记付款's preview: what paying the settlement on `paidOn` records (the tax worked out for that month,
 * the deductions that still fit, the net to transfer, what the model's identity lacks).
 */
export const paymentPreviewQuery = (id: number, paidOn: string) =>
  queryOptions({
    queryKey: [...settlementKeys.detail(id), 'payment', paidOn] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.settlement.paymentPreview,
        { params: { id }, query: { paid_on: paidOn } },
        { signal },
      ),
  });

/** 扣缴明细 of a month (`YYYY-MM`). */
export const withholdingQuery = (month: string) =>
  queryOptions({
    queryKey: settlementKeys.withholding(month),
    queryFn: ({ signal }) => api.call(endpoints.settlement.withholding, { query: { month } }, { signal }),
  });

/** 导出 Excel of a month's 扣缴明细, under the server's file name. */
export function useExportWithholding() {
  return useMutation({
    mutationFn: async (month: string) =>
      saveDownloadedFile(
        await api.download(endpoints.settlement.withholdingExport, { query: { month } }),
        `扣缴明细_${month}.xlsx`,
      ),
  });
}

type QueryClient = ReturnType<typeof useQueryClient>;

const refreshAround = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: settlementKeys.ready });
  void queryClient.invalidateQueries({ queryKey: settlementKeys.lists });
  void queryClient.invalidateQueries({ queryKey: settlementKeys.withholdings });
  void queryClient.invalidateQueries({ queryKey: financeKeys.fees });
  void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
};

const store = (queryClient: QueryClient, settlement: SettlementDetail) => {
  queryClient.setQueryData(settlementKeys.detail(settlement.id), settlement);
  refreshAround(queryClient);
};

/** 生成结算单: resolves the new draft. */
export function useCreateSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementCreateInput) => api.call(endpoints.settlement.create, { body }),
    onSuccess: (settlement) => store(queryClient, settlement),
  });
}

/** 提交审批. */
export function useSubmitSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.settlement.submit, { params: { id } }),
    onSuccess: (settlement) => store(queryClient, settlement),
  });
}

/** 通过 / 驳回 (a rejection needs its comment). */
export function useDecideSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalDecision) => api.call(endpoints.settlement.decide, { params: { id }, body }),
    onSuccess: (settlement) => store(queryClient, settlement),
  });
}

/**
 * 登记付款, with the net the payer saw (`expected_net`): refused when another payment changed it meanwhile,
 * and the preview is asked again.
 */
export function usePaySettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementPay) => api.call(endpoints.settlement.pay, { params: { id }, body }),
    onSuccess: (settlement) => store(queryClient, settlement),
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: [...settlementKeys.detail(id), 'payment'] }),
  });
}

/** 冲正: resolves the correction's draft. */
export function useCorrectSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementCorrect) => api.call(endpoints.settlement.correct, { params: { id }, body }),
    onSuccess: (settlement) => {
      store(queryClient, settlement);
      void queryClient.invalidateQueries({ queryKey: settlementKeys.detail(id) });
    },
  });
}

/** 删除 a draft or a rejected settlement. */
export function useDeleteSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.settlement.delete, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: settlementKeys.detail(id) });
      refreshAround(queryClient);
    },
  });
}

/** 调整佣金比例 of a fee line (accounting manage): 待结算 is asked again. */
export function useSetCommissionOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ feeLineId, body }: { feeLineId: number; body: CommissionOverrideInput }) =>
      api.call(endpoints.settlement.setCommissionOverride, { params: { fee_line_id: feeLineId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementKeys.ready }),
  });
}

/** 取消调整: the line goes back to the model's rate as of the order's first day. */
export function useRemoveCommissionOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feeLineId: number) =>
      api.call(endpoints.settlement.removeCommissionOverride, { params: { fee_line_id: feeLineId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementKeys.ready }),
  });
}
