import type { Endpoints } from '@trackit/contract/endpoints';
import type { PublicSettlement } from '@trackit/contract/settlement-share.schema';
import type { FastifyReply } from 'fastify';
import { sendAttachment } from '../../http/content-disposition';
import type { Handlers } from '../../http/endpoint-router';
import { renderSettlementPdf } from './documents/settlement.pdf';
import { getFinanceSettings, updateFinanceSettings } from './finance-settings.service';
import type { SettlementDeps } from './settlement.service';
import {
  getPublicSettlement,
  getSettlementShare,
  revokeSettlementShare,
  shareSettlement,
  staffSettlementStatement,
} from './settlement-share.service';

/** The statement's PDF, named 结算单_{model}_{number}.pdf. */
const sendPdf = async (reply: FastifyReply, statement: PublicSettlement, now: Date) =>
  sendAttachment(reply, {
    contentType: 'application/pdf',
    fileName: `结算单_${statement.model_name.replaceAll(/\s+/g, '_')}_${statement.number}.pdf`,
    content: await renderSettlementPdf(statement, now),
  });

/** Handlers of `endpoints.settlementShare` (staff): one service call each. */
export function settlementShareRoutes(deps: SettlementDeps): Handlers<Endpoints['settlementShare']> {
  return {
    pdf: async ({ auth, params, reply }) => {
      const { statement, now } = await staffSettlementStatement(deps, auth, params.id);
      return sendPdf(reply, statement, now);
    },
    getShare: ({ auth, params }) => getSettlementShare(deps, auth, params.id),
    share: ({ auth, params, origin }) => shareSettlement(deps, auth, params.id, origin),
    revokeShare: ({ auth, params, origin }) => revokeSettlementShare(deps, auth, params.id, origin),
    settings: ({ auth }) => getFinanceSettings(deps, auth),
    updateSettings: ({ auth, body, origin }) => updateFinanceSettings(deps, auth, body, origin),
  };
}

/** Handlers of `endpoints.settlementPublic` (the model's share page): public shapes only. */
export function settlementPublicRoutes(deps: SettlementDeps): Handlers<Endpoints['settlementPublic']> {
  return {
    get: async ({ params }) => (await getPublicSettlement(deps, params.share_id)).statement,
    pdf: async ({ params, reply }) => {
      const { statement, now } = await getPublicSettlement(deps, params.share_id);
      return sendPdf(reply, statement, now);
    },
  };
}
