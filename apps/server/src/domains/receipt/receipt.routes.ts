import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../http/endpoint-router';
import { allocateReceipt, undoAllocation } from './allocation.service';
import { getCompanyAccount } from './company-account.service';
import {
  createReceipt,
  getReceipt,
  listReceiptsOf,
  type ReceiptDeps,
  suggestPayerCompanies,
  voidReceipt,
} from './receipt.service';

/** Handlers of `endpoints.receipt`: each calls one service function. */
export function receiptRoutes(deps: ReceiptDeps): Handlers<Endpoints['receipt']> {
  return {
    list: ({ auth, query }) => listReceiptsOf(deps, auth, query),
    create: ({ auth, body, origin }) => createReceipt(deps, auth, body, origin),
    payerCompanies: ({ auth, query }) => suggestPayerCompanies(deps, auth, query.payer_name),
    companyAccount: ({ auth, params }) => getCompanyAccount(deps, auth, params.id),
    get: ({ auth, params }) => getReceipt(deps, auth, params.id),
    allocate: ({ auth, params, body, origin }) => allocateReceipt(deps, auth, params.id, body, origin),
    undoAllocation: ({ auth, params, origin }) => undoAllocation(deps, auth, params.id, origin),
    void: ({ auth, params, body, origin }) => voidReceipt(deps, auth, params.id, body, origin),
  };
}
