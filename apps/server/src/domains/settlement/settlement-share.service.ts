/**
 * A settlement as its model's statement (docs/product.md "Model settlements"): the PDF staff download, the
 * share link to the model (kind `settlement`, made and revoked through share-link.service.ts inside this
 * domain's transaction, logged), the model's page and PDF through the link (with each line's client fee
 * when the team's finance setting says so). A settlement of another team, like an
 * unknown one, is not found; a link that is unknown, revoked or expired is the share's one "not found".
 */

import {
  type PublicSettlement,
  SETTLEMENT_SHARE_EXPIRY_DAYS,
  type SettlementShare,
} from '@trackit/contract/settlement-share.schema';
import { SHARE_PATHS } from '@trackit/contract/share';
import type { Database } from '../../db/client';
import { isNotFound } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { shareNotFound } from '../share/share-id';
import {
  createShareLink,
  latestShareLinkOf,
  openShareLink,
  revokeShareLink,
  type ShareLinkRecord,
} from '../share/share-link.service';
import { financeSettingsOf } from './finance-settings.service';
import { findSettlementRecord } from './settlement.repository';
import { loadSettlementDetail, type SettlementDeps, settlementNotFound } from './settlement.service';
import { presentPublicSettlement } from './settlement-share.presenter';
import { feeLineTotals, findStatementParties } from './settlement-share.repository';

const DAY_MS = 86_400_000;

/** The settlement as its model sees it; `showClientFees` adds each line's client fee. */
async function statementOf(
  db: Database,
  teamId: number,
  settlementId: number,
  options: { showClientFees: boolean; expiresAt: Date | null },
): Promise<PublicSettlement> {
  const detail = await loadSettlementDetail(db, teamId, settlementId, undefined);
  const parties = await findStatementParties(db, teamId, detail.model.id, detail.paid_by?.id ?? null);
  const clientTotals = options.showClientFees
    ? await feeLineTotals(
        db,
        teamId,
        detail.lines.map((line) => line.fee_line_id),
      )
    : new Map<number, number>();
  return presentPublicSettlement(detail, { ...parties, clientTotals, ...options });
}

/** GET /v1/settlements/{id}/pdf: the model's statement (the PDF never prints the client's fee). */
export async function staffSettlementStatement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
) {
  const statement = await statementOf(deps.db, auth.teamId, settlementId, {
    showClientFees: false,
    expiresAt: null,
  });
  return { statement, now: deps.clock() };
}

const linkStatus = (link: ShareLinkRecord, now: Date): SettlementShare['status'] =>
  link.revokedAt ? 'revoked' : link.expiresAt && link.expiresAt <= now ? 'expired' : 'live';

const presentShare = (link: ShareLinkRecord, now: Date): SettlementShare => ({
  share_id: link.id,
  url: SHARE_PATHS.desktopSettlement(link.id),
  status: linkStatus(link, now),
  expires_at: link.expiresAt?.toISOString() ?? null,
  created_at: link.createdAt.toISOString(),
});

async function existing(db: Database, teamId: number, settlementId: number) {
  const settlement = await findSettlementRecord(db, teamId, settlementId);
  if (!settlement) throw settlementNotFound();
  return settlement;
}

/** GET /v1/settlements/{id}/share: the latest link, or null when never shared. */
export async function getSettlementShare(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
): Promise<SettlementShare | null> {
  await existing(deps.db, auth.teamId, settlementId);
  const link = await latestShareLinkOf(deps.db, auth.teamId, 'settlement', settlementId);
  return link ? presentShare(link, deps.clock()) : null;
}

/**
 * POST /v1/settlements/{id}/share: the live link when there is one; else a new one (an expired link is
 * ended first), open SETTLEMENT_SHARE_EXPIRY_DAYS days, logged 分享结算单.
 */
export async function shareSettlement(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  origin: RequestOrigin,
): Promise<SettlementShare> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const settlement = await existing(tx, auth.teamId, settlementId);
    const latest = await latestShareLinkOf(tx, auth.teamId, 'settlement', settlementId);
    if (latest && linkStatus(latest, now) === 'live') return presentShare(latest, now);
    if (latest && linkStatus(latest, now) === 'expired') {
      await revokeShareLink(tx, auth.teamId, 'settlement', settlementId, now);
    }
    const link = await createShareLink(tx, {
      teamId: auth.teamId,
      kind: 'settlement',
      recordId: settlementId,
      expiresAt: new Date(now.getTime() + SETTLEMENT_SHARE_EXPIRY_DAYS * DAY_MS),
      createdByMembershipId: auth.membershipId,
      now,
    });
    const detail = await loadSettlementDetail(tx, auth.teamId, settlementId, undefined);
    await recordOperation(tx, {
      action: 'settlement_share',
      actor: memberActor(auth, origin, now),
      targetId: settlementId,
      detail: { name: detail.model.name, number: settlement.number },
    });
    return presentShare(link, now);
  });
}

/** POST /v1/settlements/{id}/share/revoke: the link ends for good (logged when there was one). */
export async function revokeSettlementShare(
  deps: SettlementDeps,
  auth: AuthContext,
  settlementId: number,
  origin: RequestOrigin,
): Promise<SettlementShare | null> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const settlement = await existing(tx, auth.teamId, settlementId);
    if (await revokeShareLink(tx, auth.teamId, 'settlement', settlementId, now)) {
      const detail = await loadSettlementDetail(tx, auth.teamId, settlementId, undefined);
      await recordOperation(tx, {
        action: 'settlement_share_revoke',
        actor: memberActor(auth, origin, now),
        targetId: settlementId,
        detail: { name: detail.model.name, number: settlement.number },
      });
    }
    const link = await latestShareLinkOf(tx, auth.teamId, 'settlement', settlementId);
    return link ? presentShare(link, now) : null;
  });
}

/**
 * GET /v1/public/settlements/{share_id} (and what its PDF prints): the settlement the link opens, within
 * the link's team, with the client's fees when the team shows them.
 */
export async function getPublicSettlement(deps: SettlementDeps, shareId: string) {
  const now = deps.clock();
  const { link } = await openShareLink(deps.db, 'settlement', shareId, now);
  const settings = await financeSettingsOf(deps.db, link.teamId);
  try {
    const statement = await statementOf(deps.db, link.teamId, link.recordId, {
      showClientFees: settings.show_client_fees_to_models,
      expiresAt: link.expiresAt,
    });
    return { statement, now };
  } catch (error) {
    if (isNotFound(error)) throw shareNotFound();
    throw error;
  }
}
