/**
 * Every call of the finance pages about invoices: 待开票 (the groups of lines left to invoice) and an
 * invoice request; and what each does to the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { InvoiceCreate } from '@trackit/contract/invoice.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';

/** Query keys, all under `['invoices']` and `['ready_to_invoice']`. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  ready: ['ready_to_invoice'] as const,
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
