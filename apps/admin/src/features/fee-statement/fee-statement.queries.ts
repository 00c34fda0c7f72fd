/**
 * Fee statements' calls (docs/product.md "Fee statements"): an order's or a client company's statements
 * with the client's answers, sharing one, revoking one's link, and a client's latest invoice details (the
 * invoice request's prefill). Every change asks the statement lists again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  FeeStatementCreateInput,
  QueryAnswerRequestInput,
} from '@trackit/contract/fee-statement.schema';
import { api } from '../../api';

export const feeStatementKeys = {
  all: ['fee-statements'] as const,
  list: (scope: FeeStatementScope) => ['fee-statements', 'list', scope] as const,
  invoiceInfo: (companyId: number) => ['fee-statements', 'invoice-info', companyId] as const,
  preview: (query: PeriodPreviewQuery) => ['fee-statements', 'preview', query] as const,
  openQueries: ['fee-statements', 'open-queries'] as const,
};

/** The team's open queries (the finance dashboard's card): how many, and the oldest. */
export const openQueriesQuery = queryOptions({
  queryKey: feeStatementKeys.openQueries,
  queryFn: ({ signal }) => api.call(endpoints.feeStatement.openQueries, {}, { signal }),
});

/** Staff's reply to a client's query and/or its resolution; the lists and the open count are asked again. */
export function useAnswerQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: QueryAnswerRequestInput }) =>
      api.call(endpoints.feeStatement.answerQuery, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeStatementKeys.all }),
  });
}

/** What a period statement's preview asks: the client, the period, and the payee entity when chosen. */
export interface PeriodPreviewQuery {
  company_id: number;
  from: string;
  to: string;
  team_recipient_id?: number;
}

/** The period statement as the client would read it, before anything is shared (nothing is written). */
export const feeStatementPreviewQuery = (query: PeriodPreviewQuery) =>
  queryOptions({
    queryKey: feeStatementKeys.preview(query),
    queryFn: ({ signal }) => api.call(endpoints.feeStatement.preview, { query }, { signal }),
  });

/** Whose statements: an order's, or a client company's. */
export type FeeStatementScope = { order_id: number } | { company_id: number };

/** The newest 50 statements of the order or company (a record has a handful). */
export const feeStatementsQuery = (scope: FeeStatementScope) =>
  queryOptions({
    queryKey: feeStatementKeys.list(scope),
    queryFn: ({ signal }) =>
      api.call(endpoints.feeStatement.list, { query: { page: 1, per_page: 50, ...scope } }, { signal }),
  });

/** The latest invoice details the client company submitted on a statement, or null. */
export const latestInvoiceInfoQuery = (companyId: number) =>
  queryOptions({
    queryKey: feeStatementKeys.invoiceInfo(companyId),
    queryFn: ({ signal }) =>
      api.call(
        endpoints.feeStatement.latestInvoiceInfo,
        { query: { company_id: companyId } },
        { signal, hideToast: true },
      ),
  });

export function useCreateFeeStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeStatementCreateInput) => api.call(endpoints.feeStatement.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feeStatementKeys.all }),
  });
}

export function useRevokeFeeStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.feeStatement.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feeStatementKeys.all }),
  });
}

/**
 * The invoice details a client submitted on a statement, for the invoice request's prefill: null when
 * there are none, and null too when they cannot be read (a convenience never blocks the request).
 */
export function useSubmittedInvoiceInfo(companyId: number) {
  const query = useQuery(latestInvoiceInfoQuery(companyId));
  return {
    data: query.isPending ? undefined : (query.data ?? null),
    error: null,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
