import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { createInvoice, getInvoice, type InvoiceDeps, issueInvoice, listInvoicesOf } from './invoice.service';
import { decideCorrection, reverseInvoice } from './invoice-correction.service';
import { listReadyToInvoice } from './ready-to-invoice.service';

/** Handlers of `endpoints.invoice`: each calls one service function. */
export function invoiceRoutes(deps: InvoiceDeps): Handlers<Endpoints['invoice']> {
  return {
    list: ({ auth, query }) => listInvoicesOf(deps, auth, query),
    create: ({ auth, body, origin }) => createInvoice(deps, auth, body, origin),
    get: ({ auth, params }) => getInvoice(deps, auth, params.id),
    issue: ({ auth, params, body, origin }) => issueInvoice(deps, auth, params.id, body, origin),
    reverse: ({ auth, params, body, origin }) => reverseInvoice(deps, auth, params.id, body, origin),
    decideCorrection: ({ auth, params, body, origin }) =>
      decideCorrection(deps, auth, params.id, body, origin),
  };
}

/** Handlers of `endpoints.finance`. */
export function financeRoutes(deps: Pick<InvoiceDeps, 'db'>): Handlers<Endpoints['finance']> {
  return {
    readyToInvoice: ({ auth, query }) => listReadyToInvoice(deps, auth, query),
  };
}
