/**
 * 费用's calls (docs/product.md "Receivables"): the page (GET /v1/finance/fees), the totals of every page of
 * the same filter (GET /v1/finance/fees/totals) and the export of exactly those rows. Receipts, allocations
 * and invoices refresh them (`financeKeys.fees`).
 */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { endpoints } from '@trackit/contract/endpoints';
import type { FeeFilterInput, FeeQuery } from '@trackit/contract/receivable.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { financeKeys } from './finance.queries';

export const feeListQuery = pagedListQuery([...financeKeys.fees, 'list'], endpoints.receivable.fees);

/** The list's filter without its page, as the totals and the export take it. */
export const feeFilterInput = ({
  page: _page,
  per_page: _perPage,
  outstanding,
  ...filter
}: FeeQuery): FeeFilterInput => ({
  ...filter,
  ...(outstanding === undefined ? {} : { outstanding: outstanding ? ('true' as const) : ('false' as const) }),
});

export const feeTotalsQuery = (query: FeeQuery) => {
  const filter = feeFilterInput(query);
  return queryOptions({
    queryKey: [...financeKeys.fees, 'totals', filter],
    queryFn: ({ signal }) => api.call(endpoints.receivable.feeTotals, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
};

export function useExportFees() {
  return useMutation({
    mutationFn: async (query: FeeQuery) =>
      saveDownloadedFile(
        await api.download(endpoints.receivable.feeExport, { query: feeFilterInput(query) }),
        '费用.xlsx',
      ),
  });
}
