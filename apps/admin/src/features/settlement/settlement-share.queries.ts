/**
 * A settlement as the model's statement (docs/product.md "Model settlements",
 * packages/contract/src/settlement-share.endpoints.ts): its PDF, its share link to the model (get, make,
 * revoke) and the team's finance settings (向模特显示客户费用, the income item of each fee kind).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { endpoints } from '@trackit/contract/endpoints';
import type { FinanceSettingsUpdate } from '@trackit/contract/settlement-share.schema';
import { api } from '../../api';
import { settlementKeys } from './settlement.queries';

export const settlementShareKeys = {
  share: (id: number) => ['settlements', 'share', id] as const,
  settings: ['finance', 'settings'] as const,
};

/** The settlement's latest link to the model, or null when never shared. */
export const settlementShareQuery = (id: number) =>
  queryOptions({
    queryKey: settlementShareKeys.share(id),
    queryFn: ({ signal }) => api.call(endpoints.settlementShare.getShare, { params: { id } }, { signal }),
  });

/** 分享给模特: the live link, or a new one. */
export function useShareSettlement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.settlementShare.share, { params: { id } }),
    onSuccess: (share) => queryClient.setQueryData(settlementShareKeys.share(id), share),
  });
}

/** 撤销 the link for good. */
export function useRevokeSettlementShare(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.settlementShare.revokeShare, { params: { id } }),
    onSuccess: (share) => queryClient.setQueryData(settlementShareKeys.share(id), share),
  });
}

/** The PDF's file name when the server does not give one. */
export const settlementPdfFileName = (number: string) => `结算单_${number}.pdf`;

/** 下载PDF: the model's statement. */
export function useDownloadSettlementPdf() {
  return useMutation({
    mutationFn: async (settlement: { id: number; number: string }) =>
      saveDownloadedFile(
        await api.download(endpoints.settlementShare.pdf, { params: { id: settlement.id } }),
        settlementPdfFileName(settlement.number),
      ),
  });
}

export const financeSettingsQuery = queryOptions({
  queryKey: settlementShareKeys.settings,
  queryFn: ({ signal }) => api.call(endpoints.settlementShare.settings, undefined, { signal }),
});

/** A setting saved; 待结算 is asked again (its tax follows the income items). */
export function useUpdateFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingsUpdate) => api.call(endpoints.settlementShare.updateSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settlementShareKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: settlementKeys.ready });
    },
  });
}
