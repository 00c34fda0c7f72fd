import type { Readable } from 'node:stream';
import type { Endpoints } from '@trackit/contract/endpoints';
import type { Handlers } from '../../../http/endpoint-router';
import { clientGoneSignal } from '../../../http/request-context';
import type { ReceiptDeps } from '../receipt.service';
import {
  ignoreBankLine,
  importBankStatement,
  listBankImports,
  listBankLines,
  recordBankLine,
  suggestLineInvoices,
} from './bank-statement.service';

/** Handlers of `endpoints.bankStatement`: each calls one service function. */
export function bankStatementRoutes(deps: ReceiptDeps): Handlers<Endpoints['bankStatement']> {
  return {
    import: ({ auth, query, request, reply }) =>
      importBankStatement(deps, auth, {
        file: request.body as Readable,
        query,
        signal: clientGoneSignal(request, reply),
      }),
    list: ({ auth, query }) => listBankImports(deps, auth, query),
    lines: ({ auth, query }) => listBankLines(deps, auth, query),
    lineInvoices: ({ auth, params, query }) => suggestLineInvoices(deps, auth, params.id, query.company_id),
    record: ({ auth, params, body, origin }) => recordBankLine(deps, auth, params.id, body, origin),
    ignore: ({ auth, params, body }) => ignoreBankLine(deps, auth, params.id, body),
  };
}
