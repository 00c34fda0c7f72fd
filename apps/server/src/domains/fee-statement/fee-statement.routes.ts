import type { Endpoints } from '@trackit/contract/endpoints';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { renderFeeStatementPdf, statementSubject } from './documents/fee-statement.pdf';
import {
  createFeeStatement,
  type FeeStatementDeps,
  latestInvoiceInfo,
  listTeamFeeStatements,
  previewFeeStatement,
  revokeFeeStatement,
} from './fee-statement.service';
import {
  confirmStatement,
  getPublicFeeStatement,
  queryStatement,
  submitInvoiceInfo,
} from './fee-statement-public.service';
import { answerStatementQuery, openStatementQueries } from './fee-statement-query.service';

/** Handlers of `endpoints.feeStatement` (staff): one service call each. */
export function feeStatementRoutes(deps: FeeStatementDeps): Handlers<Endpoints['feeStatement']> {
  return {
    create: ({ auth, body, origin }) => createFeeStatement(deps, auth, body, origin),
    preview: ({ auth, query }) => previewFeeStatement(deps, auth, query),
    list: ({ auth, query }) => listTeamFeeStatements(deps, auth, query),
    latestInvoiceInfo: ({ auth, query }) => latestInvoiceInfo(deps, auth, query.company_id),
    revoke: ({ auth, params, origin }) => revokeFeeStatement(deps, auth, params.id, origin),
    answerQuery: ({ auth, params, body, origin }) =>
      answerStatementQuery(deps, auth, params.id, body, origin),
    openQueries: ({ auth }) => openStatementQueries(deps, auth),
  };
}

/** Handlers of `endpoints.feeStatementPublic` (the share page's): public shapes only. */
export function feeStatementPublicRoutes(deps: FeeStatementDeps): Handlers<Endpoints['feeStatementPublic']> {
  return {
    get: async ({ params }) => (await getPublicFeeStatement(deps, params.share_id)).statement,
    pdf: async ({ params, reply }) => {
      const { statement, now } = await getPublicFeeStatement(deps, params.share_id);
      return sendAttachment(reply, {
        contentType: 'application/pdf',
        fileName: `对账单_${statementSubject(statement).replaceAll(' ', '_')}.pdf`,
        content: await renderFeeStatementPdf(statement, now),
      });
    },
    confirm: ({ params, body }) => confirmStatement(deps, params.share_id, body),
    query: ({ params, body }) => queryStatement(deps, params.share_id, body),
    invoiceInfo: ({ params, body }) => submitInvoiceInfo(deps, params.share_id, body),
  };
}
