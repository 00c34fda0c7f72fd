/**
 * Every call of the finance pages about invoices: 待开票 (the groups of lines left to invoice) and an
 * invoice request; and what each does to the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  InvoiceCreate,
  InvoiceDetail,
  InvoiceIssue,
  InvoiceReverse,
} from '@trackit/contract/invoice.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';

/** Query keys, all under `['invoices']` and `['ready_to_invoice']`. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  ready: ['ready_to_invoice'] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
};

/** 待开票: groups of one client and one payee entity, paged by group (`ReadyToInvoiceQuery`). */
export const readyToInvoiceQuery = pagedListQuery(invoiceKeys.ready, endpoints.finance.readyToInvoice);

/** Requests an invoice; 待开票 and the invoice lists refresh. */
export function useRequestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: InvoiceCreate) => api.call(endpoints.invoice.create, { body: values }),
    onSettled: () => {
      // Also after a 409: another member's request took the lines, which the refreshed list shows.
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.ready });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
    },
  });
}

/** One invoice with its lines and corrections; the drawer shows a missing one itself, so no toast. */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.invoice.get, { params: { id } }, { signal, hideToast: true }),
  });

/** After a step on an invoice: its answer is the invoice as it now is; 待开票 and the lists refresh. */
function useInvoiceStep<V>(run: (values: V) => Promise<InvoiceDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.ready });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
    },
  });
}

/** Records the number, date (and PDF) of a requested invoice. */
export const useIssueInvoice = (id: number) =>
  useInvoiceStep((values: InvoiceIssue) =>
    api.call(endpoints.invoice.issue, { params: { id }, body: values }),
  );

/** Asks for a red-letter correction of an issued invoice. */
export const useReverseInvoice = (id: number) =>
  useInvoiceStep((values: InvoiceReverse) =>
    api.call(endpoints.invoice.reverse, { params: { id }, body: values }),
  );

/** Decides a red-letter correction. */
export const useDecideCorrection = () =>
  useInvoiceStep(({ id, ...decision }: ApprovalDecision & { id: number }) =>
    api.call(endpoints.invoice.decideCorrection, { params: { id }, body: decision }),
  );
