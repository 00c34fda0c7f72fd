/**
 * A fee line's commission rate set by hand (docs/product.md "Model settlements"), accounting manage: it
 * wins over the model's rate as of the order's first day until a settlement takes the line, after which
 * it can neither change nor go (the settlement's terms hold; a correction and a new settlement change the
 * money). The line's model is locked as a settlement's draft locks it, so an override and a draft of the
 * same model take turns. Each change commits with its operation-log entry (`settlement_rate_override`).
 */
import {
  type CommissionOverride,
  type CommissionOverrideInput,
  SETTLEMENT_MESSAGES,
} from '@trackit/contract/settlement.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { type SettlementDeps, settlementConflict } from './settlement.service';
import {
  deleteCommissionOverride,
  feeLineTaken,
  findCommissionOverride,
  findFeeLineOfTeam,
  upsertCommissionOverride,
} from './settlement-override.repository';
import { lockSettlementModel } from './settlement-ready.repository';

const feeLineNotFound = () => new AppError('notFound', { message: SETTLEMENT_MESSAGES.feeLineNotFound });

/**
 * The line (404 when not the team's), its model locked, refused (409) once a live settlement took it;
 * then `write` with the override before it, and the log entry.
 */
async function changeOverride(
  deps: SettlementDeps,
  auth: AuthContext,
  feeLineId: number,
  origin: RequestOrigin,
  write: (
    tx: Database,
    before: { rate: number } | undefined,
  ) => Promise<{ after: number | null; reason: string }>,
): Promise<void> {
  const now = deps.clock();
  const { teamId } = auth;
  await deps.db.transaction(async (tx) => {
    const line = await findFeeLineOfTeam(tx, teamId, feeLineId);
    if (!line) throw feeLineNotFound();
    await lockSettlementModel(tx, teamId, line.modelId);
    if (await feeLineTaken(tx, teamId, feeLineId)) {
      throw settlementConflict(SETTLEMENT_MESSAGES.overrideAfterSettled, { fee_line_id: feeLineId });
    }
    const before = await findCommissionOverride(tx, teamId, feeLineId);
    const { after, reason } = await write(tx, before);
    await recordOperation(tx, {
      action: 'settlement_rate_override',
      actor: memberActor(auth, origin, now),
      targetId: line.modelId,
      detail: { name: line.modelName, order: line.orderNumber, before: before?.rate ?? null, after, reason },
    });
  });
}

/** PUT /v1/settlements/commission_overrides/{fee_line_id}. */
export async function setCommissionOverride(
  deps: SettlementDeps,
  auth: AuthContext,
  feeLineId: number,
  body: CommissionOverrideInput,
  origin: RequestOrigin,
): Promise<CommissionOverride> {
  const now = deps.clock();
  await changeOverride(deps, auth, feeLineId, origin, async (tx) => {
    await upsertCommissionOverride(tx, {
      teamId: auth.teamId,
      feeLineId,
      rateBp: body.commission_rate,
      reason: body.reason,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
    });
    return { after: body.commission_rate, reason: body.reason };
  });
  return { fee_line_id: feeLineId, commission_rate: body.commission_rate, reason: body.reason };
}

/** DELETE /v1/settlements/commission_overrides/{fee_line_id}: 404 when the line has none. */
export async function removeCommissionOverride(
  deps: SettlementDeps,
  auth: AuthContext,
  feeLineId: number,
  origin: RequestOrigin,
): Promise<null> {
  await changeOverride(deps, auth, feeLineId, origin, async (tx, before) => {
    if (!before) throw new AppError('notFound', { message: SETTLEMENT_MESSAGES.overrideNotFound });
    await deleteCommissionOverride(tx, auth.teamId, feeLineId);
    return { after: null, reason: '' };
  });
  return null;
}
