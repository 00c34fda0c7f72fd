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
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { models } from '../model/model.tables';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { feeLines, orders } from '../order/order.tables';
import { type SettlementDeps, settlementConflict } from './settlement.service';
import { settlementCommissionOverrides, settlementLines, settlements } from './settlement.tables';
import { lockSettlementModel } from './settlement-ready.repository';

const feeLineNotFound = () => new AppError('notFound', { message: SETTLEMENT_MESSAGES.feeLineNotFound });

/** The team's fee line with its order's number, its model's name and its override (none: not the team's). */
async function findFeeLine(db: Database, teamId: number, feeLineId: number) {
  const [row] = await db
    .select({
      id: feeLines.id,
      modelId: feeLines.modelId,
      orderNumber: orders.number,
      modelName: models.name,
    })
    .from(feeLines)
    .innerJoin(orders, and(eq(orders.teamId, feeLines.teamId), eq(orders.id, feeLines.orderId)))
    .innerJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.id, feeLineId)));
  return row;
}

/** Whether a live settlement (not rejected) took the line. */
async function lineTaken(db: Database, teamId: number, feeLineId: number): Promise<boolean> {
  const rows = await db
    .select({ id: settlementLines.id })
    .from(settlementLines)
    .innerJoin(
      settlements,
      and(eq(settlements.teamId, settlementLines.teamId), eq(settlements.id, settlementLines.settlementId)),
    )
    .where(
      and(
        eq(settlementLines.teamId, teamId),
        eq(settlementLines.feeLineId, feeLineId),
        ne(settlements.status, 'rejected'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function currentOverride(db: Database, teamId: number, feeLineId: number) {
  const [row] = await db
    .select({ rate: settlementCommissionOverrides.rateBp })
    .from(settlementCommissionOverrides)
    .where(
      and(
        eq(settlementCommissionOverrides.teamId, teamId),
        eq(settlementCommissionOverrides.feeLineId, feeLineId),
      ),
    );
  return row;
}

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
    const line = await findFeeLine(tx, teamId, feeLineId);
    if (!line) throw feeLineNotFound();
    await lockSettlementModel(tx, teamId, line.modelId);
    if (await lineTaken(tx, teamId, feeLineId)) {
      throw settlementConflict(SETTLEMENT_MESSAGES.overrideAfterSettled, { fee_line_id: feeLineId });
    }
    const before = await currentOverride(tx, teamId, feeLineId);
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
    await tx
      .insert(settlementCommissionOverrides)
      .values({
        teamId: auth.teamId,
        feeLineId,
        rateBp: body.commission_rate,
        reason: body.reason,
        createdByMembershipId: auth.membershipId,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [settlementCommissionOverrides.teamId, settlementCommissionOverrides.feeLineId],
        set: {
          rateBp: body.commission_rate,
          reason: body.reason,
          createdByMembershipId: auth.membershipId,
          createdAt: now,
        },
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
    await tx
      .delete(settlementCommissionOverrides)
      .where(
        and(
          eq(settlementCommissionOverrides.teamId, auth.teamId),
          eq(settlementCommissionOverrides.feeLineId, feeLineId),
        ),
      );
    return { after: null, reason: '' };
  });
  return null;
}
