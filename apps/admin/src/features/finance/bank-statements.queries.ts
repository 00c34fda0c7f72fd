/**
 * 银行流水's calls (docs/product.md "Bank statement import"): the upload (recognised, or answered with the
 * file's headers to map), the credits and their suggestions, another client's open invoices for a credit,
 * and 登记 / 忽略. Recording a credit makes a receipt and pays invoices: every finance list is asked again.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BankImportQueryInput,
  BankLineIgnore,
  BankLineRecordInput,
} from '@trackit/contract/bank-statement.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';

export const bankKeys = {
  all: ['finance', 'bank'] as const,
  lines: ['finance', 'bank', 'lines'] as const,
  invoices: (lineId: number, companyId: number) =>
    ['finance', 'bank', 'invoices', lineId, companyId] as const,
};

export const bankLineListQuery = pagedListQuery(bankKeys.lines, endpoints.bankStatement.lines);

/** The open invoices of the client a person picked for a credit, with the amounts suggested. */
export const bankLineInvoicesQuery = (lineId: number, companyId: number | null | undefined) =>
  queryOptions({
    queryKey: bankKeys.invoices(lineId, companyId ?? 0),
    queryFn: ({ signal }) =>
      api.call(
        endpoints.bankStatement.lineInvoices,
        { params: { id: lineId }, query: { company_id: companyId ?? 0 } },
        { signal },
      ),
    enabled: Boolean(companyId),
  });

/** Uploads a statement; the page shows a refusal of the file itself, so no toast. */
export function useImportBankStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: BankImportQueryInput }) =>
      api.upload(endpoints.bankStatement.import, file, { query }, { hideToast: true }),
    onSuccess: (result) => {
      if (result.import) void queryClient.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

/** 登记: the receipt and its allocations in one step; every finance list asked again. */
export function useRecordBankLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BankLineRecordInput }) =>
      api.call(endpoints.bankStatement.record, { params: { id }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['finance'] }),
  });
}

/** 忽略 a credit that is no client's payment, with the reason. */
export function useIgnoreBankLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BankLineIgnore }) =>
      api.call(endpoints.bankStatement.ignore, { params: { id }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bankKeys.all }),
  });
}
