/**
 * The queries of a model's deductions (扣款): the model's list with who recorded and voided each and its
 * receipt's stored object, one deduction locked for a change, and the writes. Every query takes the team id.
 */
import type { ModelDeductionState } from '@trackit/contract/model-deduction.schema';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { memberships } from '../organization/organization.tables';
import { blobs } from '../upload/upload.tables';
import { modelDeductions } from './model.tables';

export type DeductionRecord = typeof modelDeductions.$inferSelect;
export type DeductionValues = typeof modelDeductions.$inferInsert;

const creator = alias(memberships, 'deduction_creator');
const voider = alias(memberships, 'deduction_voider');

/** A deduction with the names its answer shows and its receipt's stored object (read across domains). */
const selectDeductions = (db: Database) =>
  db
    .select({
      deduction: modelDeductions,
      createdByName: creator.nickname,
      voidedByName: voider.nickname,
      fileKey: blobs.key,
      fileContentType: blobs.contentType,
    })
    .from(modelDeductions)
    .leftJoin(
      creator,
      and(eq(creator.teamId, modelDeductions.teamId), eq(creator.id, modelDeductions.createdByMembershipId)),
    )
    .leftJoin(
      voider,
      and(eq(voider.teamId, modelDeductions.teamId), eq(voider.id, modelDeductions.voidedByMembershipId)),
    )
    .leftJoin(blobs, and(eq(blobs.teamId, modelDeductions.teamId), eq(blobs.id, modelDeductions.fileBlobId)));
export type DeductionRow = Awaited<ReturnType<ReturnType<typeof selectDeductions>['where']>>[number];

const IN_STATE: Readonly<Record<ModelDeductionState, SQL | undefined>> = {
  unsettled: and(isNull(modelDeductions.settlementId), isNull(modelDeductions.voidedAt)),
  settled: isNotNull(modelDeductions.settlementId),
  voided: isNotNull(modelDeductions.voidedAt),
};

/** The model's deductions, newest first (the day it happened, then the latest recorded), paged. */
export async function listDeductions(
  db: Database,
  teamId: number,
  modelId: number,
  state: ModelDeductionState | undefined,
  window: PageWindow,
): Promise<{ rows: DeductionRow[]; total: number }> {
  const where = and(
    eq(modelDeductions.teamId, teamId),
    eq(modelDeductions.modelId, modelId),
    state ? IN_STATE[state] : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectDeductions(db)
      .where(where)
      .orderBy(desc(modelDeductions.occurredOn), desc(modelDeductions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(modelDeductions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One deduction of the model, with what its answer shows. */
export async function findDeduction(
  db: Database,
  teamId: number,
  modelId: number,
  deductionId: number,
): Promise<DeductionRow | undefined> {
  const [row] = await selectDeductions(db).where(
    and(
      eq(modelDeductions.teamId, teamId),
      eq(modelDeductions.modelId, modelId),
      eq(modelDeductions.id, deductionId),
    ),
  );
  return row;
}

/** One deduction of the model, locked: a void and a settlement taking it take turns. */
export async function lockDeduction(
  tx: Database,
  teamId: number,
  modelId: number,
  deductionId: number,
): Promise<DeductionRecord | undefined> {
  const [row] = await tx
    .select()
    .from(modelDeductions)
    .where(
      and(
        eq(modelDeductions.teamId, teamId),
        eq(modelDeductions.modelId, modelId),
        eq(modelDeductions.id, deductionId),
      ),
    )
    .for('update');
  return row;
}

export async function insertDeduction(tx: Database, values: DeductionValues): Promise<number> {
  const [row] = await tx.insert(modelDeductions).values(values).returning({ id: modelDeductions.id });
  if (!row) throw new Error('deduction not created');
  return row.id;
}

export async function markDeductionVoided(
  tx: Database,
  teamId: number,
  deductionId: number,
  voided: { at: Date; membershipId: number },
): Promise<void> {
  await tx
    .update(modelDeductions)
    .set({ voidedAt: voided.at, voidedByMembershipId: voided.membershipId })
    .where(and(eq(modelDeductions.teamId, teamId), eq(modelDeductions.id, deductionId)));
}

/**
 * The models' deductions no settlement has taken and not voided, oldest first (the day it happened, then
 * the first recorded); `lock` holds them while a settlement takes some (a void waits, then finds it taken).
 */
export async function listPendingDeductions(
  db: Database,
  teamId: number,
  modelIds: readonly number[],
  lock: boolean,
): Promise<DeductionRecord[]> {
  if (modelIds.length === 0) return [];
  const query = db
    .select()
    .from(modelDeductions)
    .where(
      and(
        eq(modelDeductions.teamId, teamId),
        inArray(modelDeductions.modelId, [...new Set(modelIds)]),
        IN_STATE.unsettled,
      ),
    )
    .orderBy(asc(modelDeductions.occurredOn), asc(modelDeductions.id));
  return lock ? query.for('update') : query;
}

/** The deductions a settlement took, oldest first. */
export function listSettlementDeductions(db: Database, teamId: number, settlementId: number) {
  return db
    .select()
    .from(modelDeductions)
    .where(and(eq(modelDeductions.teamId, teamId), eq(modelDeductions.settlementId, settlementId)))
    .orderBy(asc(modelDeductions.occurredOn), asc(modelDeductions.id));
}

/** The deductions are taken by the settlement (`settlementId`), or given back by it (null). */
export async function setDeductionsSettlement(
  tx: Database,
  teamId: number,
  ids: readonly number[],
  settlementId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(modelDeductions)
    .set({ settlementId })
    .where(and(eq(modelDeductions.teamId, teamId), inArray(modelDeductions.id, [...new Set(ids)])));
}
