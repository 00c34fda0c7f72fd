import type { Endpoints } from '@trackit/contract/endpoints';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import {
  createSettlement,
  deleteSettlement,
  getSettlement,
  listReadyToSettle,
  listSettlementsOf,
  type SettlementDeps,
} from './settlement.service';
import { correctSettlement, decideSettlement, submitSettlement } from './settlement-lifecycle.service';
import { removeCommissionOverride, setCommissionOverride } from './settlement-override.service';
import { paySettlement, previewSettlementPayment } from './settlement-payment.service';
import { getSettlementSummary, payableToModels } from './settlement-summary.service';
import { getWithholding, withholdingMonth } from './withholding.service';
import { buildWithholdingWorkbook } from './withholding-workbook';

/** Handlers of `endpoints.settlement`: each calls one service function. */
export function settlementRoutes(deps: SettlementDeps): Handlers<Endpoints['settlement']> {
  return {
    ready: ({ auth, query }) => listReadyToSettle(deps, auth, query),
    readyTotals: ({ auth }) => payableToModels(deps, auth.teamId),
    summary: ({ auth, query }) => getSettlementSummary(deps, auth, query),
    list: ({ auth, query }) => listSettlementsOf(deps, auth, query),
    create: ({ auth, body, origin }) => createSettlement(deps, auth, body, origin),
    get: ({ auth, params }) => getSettlement(deps, auth, params.id),
    submit: ({ auth, params, origin }) => submitSettlement(deps, auth, params.id, origin),
    decide: ({ auth, params, body, origin }) => decideSettlement(deps, auth, params.id, body, origin),
    paymentPreview: ({ auth, params, query }) => previewSettlementPayment(deps, auth, params.id, query),
    pay: ({ auth, params, body, origin }) => paySettlement(deps, auth, params.id, body, origin),
    correct: ({ auth, params, body, origin }) => correctSettlement(deps, auth, params.id, body, origin),
    delete: ({ auth, params, origin }) => deleteSettlement(deps, auth, params.id, origin),
    setCommissionOverride: ({ auth, params, body, origin }) =>
      setCommissionOverride(deps, auth, params.fee_line_id, body, origin),
    removeCommissionOverride: ({ auth, params, origin }) =>
      removeCommissionOverride(deps, auth, params.fee_line_id, origin),
    withholding: ({ auth, query }) => getWithholding(deps, auth, query),
    withholdingExport: async ({ auth, query, reply }) =>
      sendAttachment(reply, {
        contentType: XLSX_CONTENT_TYPE,
        fileName: `扣缴明细_${query.month}.xlsx`,
        content: await buildWithholdingWorkbook(await withholdingMonth(deps, auth, query), deps.clock()),
      }),
  };
}
