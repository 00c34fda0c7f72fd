/**
 * Finance's calls (docs/product.md "Invoices"): 待开票 (GET /v1/finance/ready_to_invoice), the invoices
 * (GET /v1/invoices, GET /v1/invoices/{id}) and what changes them: a request, its number, a red-letter
 * correction and its decision. Every change asks 待开票, the invoice lists and the invoice again.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { uploadBlob } from '@trackit/client/upload/upload-steps';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  CorrectionIssue,
  InvoiceCreateInput,
  InvoiceDetail,
  InvoiceFilterInput,
  InvoiceIssue,
  InvoiceQuery,
  InvoiceReverse,
} from '@trackit/contract/invoice.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { uploadDeps } from '../../uploads';
import { approvalKeys } from '../approval/approval.queries';

/** Query keys, all under `['finance']`. */
export const financeKeys = {
  all: ['finance'] as const,
  ready: ['finance', 'ready_to_invoice'] as const,
  invoiceLists: ['finance', 'invoices', 'list'] as const,
  invoiceDetails: ['finance', 'invoices', 'detail'] as const,
  invoice: (id: number) => ['finance', 'invoices', 'detail', id] as const,
  /** 费用 and its totals (fees.queries.ts). */
  fees: ['finance', 'fees'] as const,
};

export const readyToInvoiceQuery = pagedListQuery(financeKeys.ready, endpoints.finance.readyToInvoice);
export const invoiceListQuery = pagedListQuery(financeKeys.invoiceLists, endpoints.invoice.list);

/** The register's filter without its page, as the totals and the export take it. */
export const invoiceFilterInput = ({
  page: _page,
  per_page: _perPage,
  open,
  overdue,
  ...filter
}: InvoiceQuery): InvoiceFilterInput => ({
  ...filter,
  ...(open === undefined ? {} : { open: open ? ('true' as const) : ('false' as const) }),
  ...(overdue === undefined ? {} : { overdue: overdue ? ('true' as const) : ('false' as const) }),
});

/** The sums of every row of the register's filter (GET /v1/invoices/totals). */
export const invoiceTotalsQuery = (query: InvoiceQuery) => {
  const filter = invoiceFilterInput(query);
  return queryOptions({
    queryKey: [...financeKeys.invoiceLists, 'totals', filter],
    queryFn: ({ signal }) => api.call(endpoints.invoice.totals, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });
};

/** The register's rows of the filter as an .xlsx, with a totals row. */
export function useExportInvoices() {
  return useMutation({
    mutationFn: async (query: InvoiceQuery) =>
      saveDownloadedFile(
        await api.download(endpoints.invoice.export, { query: invoiceFilterInput(query) }),
        '发票.xlsx',
      ),
  });
}

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: financeKeys.invoice(id),
    queryFn: ({ signal }) => api.call(endpoints.invoice.get, { params: { id } }, { signal, hideToast: true }),
  });

type QueryClient = ReturnType<typeof useQueryClient>;

/** The invoice as the server now answers it, cached; 待开票, the invoice lists and 待我审批 asked again. */
const storeInvoice = (queryClient: QueryClient, invoice: InvoiceDetail) => {
  queryClient.setQueryData(financeKeys.invoice(invoice.id), invoice);
  void queryClient.invalidateQueries({ queryKey: financeKeys.ready });
  void queryClient.invalidateQueries({ queryKey: financeKeys.invoiceLists });
  void queryClient.invalidateQueries({ queryKey: financeKeys.fees });
  void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
};

/** 申请开票: resolves the new invoice (status 待开具). */
export function useRequestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCreateInput) => api.call(endpoints.invoice.create, { body }),
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}

/** 登记开票: the number, the date of issue and, optionally, the invoice file. */
export function useIssueInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The invoice's PDF, when chosen, goes through the upload pipeline first; the number names its blob.
    mutationFn: async ({ file, ...body }: Omit<InvoiceIssue, 'file_signed_id'> & { file?: File }) => {
      const upload = file ? await uploadBlob(uploadDeps, file) : undefined;
      return api.call(endpoints.invoice.issue, {
        params: { id },
        body: { ...body, ...(upload ? { file_signed_id: upload.signedId } : {}) },
      });
    },
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}

/** 申请红冲: a correction by line (each line's amount, tax included), sent to approval. */
export function useReverseInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceReverse) => api.call(endpoints.invoice.reverse, { params: { id }, body }),
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}

/** 登记红字发票: the red-letter invoice's number, date and 确认单 number, for a passed correction. */
export function useIssueCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ correctionId, body }: { correctionId: number; body: CorrectionIssue }) =>
      api.call(endpoints.invoice.issueCorrection, { params: { id: correctionId }, body }),
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}

/** 同意 / 拒绝 a red-letter correction. */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ correctionId, decision }: { correctionId: number; decision: ApprovalDecision }) =>
      api.call(endpoints.invoice.decideCorrection, { params: { id: correctionId }, body: decision }),
    onSuccess: (invoice) => storeInvoice(queryClient, invoice),
  });
}
