import type { Endpoints } from '@trackit/contract/endpoints';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import {
  createInvoice,
  exportInvoices,
  getInvoice,
  type InvoiceDeps,
  invoiceTotals,
  issueInvoice,
  listInvoicesOf,
} from './invoice.service';
import { decideCorrection, issueCorrection, reverseInvoice } from './invoice-correction.service';
import { buildInvoiceWorkbook } from './invoice-workbook';
import { listReadyToInvoice } from './ready-to-invoice.service';

/** Handlers of `endpoints.invoice`: each calls one service function. */
export function invoiceRoutes(deps: InvoiceDeps): Handlers<Endpoints['invoice']> {
  return {
    list: ({ auth, query }) => listInvoicesOf(deps, auth, query),
    totals: ({ auth, query }) => invoiceTotals(deps, auth, query),
    export: async ({ auth, query, reply }) => {
      const { items, totals, today, exportedAt } = await exportInvoices(deps, auth, query);
      return sendAttachment(reply, {
        contentType: XLSX_CONTENT_TYPE,
        fileName: `发票_${today}.xlsx`,
        content: await buildInvoiceWorkbook(items, totals, today, exportedAt),
      });
    },
    create: ({ auth, body, origin }) => createInvoice(deps, auth, body, origin),
    get: ({ auth, params }) => getInvoice(deps, auth, params.id),
    issue: ({ auth, params, body, origin }) => issueInvoice(deps, auth, params.id, body, origin),
    reverse: ({ auth, params, body, origin }) => reverseInvoice(deps, auth, params.id, body, origin),
    decideCorrection: ({ auth, params, body, origin }) =>
      decideCorrection(deps, auth, params.id, body, origin),
    issueCorrection: ({ auth, params, body, origin }) => issueCorrection(deps, auth, params.id, body, origin),
  };
}

/** Handlers of `endpoints.finance`. */
export function financeRoutes(deps: Pick<InvoiceDeps, 'db'>): Handlers<Endpoints['finance']> {
  return {
    readyToInvoice: ({ auth, query }) => listReadyToInvoice(deps, auth, query),
  };
}
