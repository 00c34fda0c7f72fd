/**
 * 待我审批 (GET /v1/approvals): the open requests of every kind the member approves; and the team's
 * approval settings (审批与复核).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalSettingsUpdate } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';

/** Query keys, all under `['approvals']`. */
export const approvalKeys = {
  all: ['approvals'] as const,
  waiting: (page: number) => ['approvals', 'waiting', page] as const,
};

/** The list is short and changes as colleagues decide: stale after half a minute. */
const WAITING_STALE_MS = 30_000;

/** Rows per page of the card. */
export const WAITING_PER_PAGE = 5;

export const waitingApprovalsQuery = (page: number) =>
  queryOptions({
    queryKey: approvalKeys.waiting(page),
    queryFn: ({ signal }) =>
      api.call(
        endpoints.approval.waiting,
        { query: { page, per_page: WAITING_PER_PAGE } },
        { signal, hideToast: true },
      ),
    staleTime: WAITING_STALE_MS,
  });

/** The team's approval settings (审批与复核): forms say beforehand what will wait for a second member. */
export const approvalSettingsQuery = queryOptions({
  queryKey: [...approvalKeys.all, 'settings'] as const,
  queryFn: ({ signal }) => api.call(endpoints.approval.settings, undefined, { signal }),
});

/** Changes the team's approval settings (accounting manage); the answer is the settings saved. */
export function useUpdateApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalSettingsUpdate) => api.call(endpoints.approval.updateSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(approvalSettingsQuery.queryKey, settings),
  });
}
