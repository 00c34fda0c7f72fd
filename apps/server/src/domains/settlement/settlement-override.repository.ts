/**
 * The rows of fee-line commission overrides (settlement_commission_overrides) and what the override
 * service checks first: the team's fee line, and whether a live settlement took it.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import {
  liveSettlementOfLine,
  settlementCommissionOverrides,
  settlementLines,
  settlements,
} from './settlement.tables';

/** The team's fee line with its order's number, its model's name and its override (none: not the team's). */
export async function findFeeLineOfTeam(db: Database, teamId: number, feeLineId: number) {
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
export async function feeLineTaken(db: Database, teamId: number, feeLineId: number): Promise<boolean> {
  const rows = await db
    .select({ id: settlementLines.id })
    .from(settlementLines)
    .innerJoin(settlements, liveSettlementOfLine)
    .where(and(eq(settlementLines.teamId, teamId), eq(settlementLines.feeLineId, feeLineId)))
    .limit(1);
  return rows.length > 0;
}

/** The line's override, if any. */
export async function findCommissionOverride(db: Database, teamId: number, feeLineId: number) {
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

/** Sets the line's override (replacing one it has). */
export async function upsertCommissionOverride(
  tx: Database,
  values: typeof settlementCommissionOverrides.$inferInsert,
): Promise<void> {
  await tx
    .insert(settlementCommissionOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [settlementCommissionOverrides.teamId, settlementCommissionOverrides.feeLineId],
      set: {
        rateBp: values.rateBp,
        reason: values.reason,
        createdByMembershipId: values.createdByMembershipId,
        createdAt: values.createdAt,
      },
    });
}

export async function deleteCommissionOverride(
  tx: Database,
  teamId: number,
  feeLineId: number,
): Promise<void> {
  await tx
    .delete(settlementCommissionOverrides)
    .where(
      and(
        eq(settlementCommissionOverrides.teamId, teamId),
        eq(settlementCommissionOverrides.feeLineId, feeLineId),
      ),
    );
}
