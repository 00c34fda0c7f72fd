/**
 * The queries of a model's changes waiting for a second member (model_changes, model-change.service.ts).
 * Every query takes the team id.
 */
import type { ModelChangeSubject } from '@trackit/contract/model.schema';
import type { PendingChangeStatus } from '@trackit/contract/pending-change.schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../organization/organization.tables';
import { type ModelChangeValues, modelChanges, models } from './model.tables';

export type ModelChangeRecord = typeof modelChanges.$inferSelect;

/** A model's change waiting on `subject`, if any, locked when asked (the model is locked first). */
export async function findPendingModelChange(
  db: Database,
  teamId: number,
  modelId: number,
  subject: ModelChangeSubject,
  lock = false,
): Promise<ModelChangeRecord | undefined> {
  const query = db
    .select()
    .from(modelChanges)
    .where(
      and(
        eq(modelChanges.teamId, teamId),
        eq(modelChanges.modelId, modelId),
        eq(modelChanges.subject, subject),
        eq(modelChanges.status, 'pending'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One change of the team (any status), for a decision or a withdrawal: its model is locked next. */
export async function findModelChange(
  db: Database,
  teamId: number,
  changeId: number,
): Promise<ModelChangeRecord | undefined> {
  const [row] = await db
    .select()
    .from(modelChanges)
    .where(and(eq(modelChanges.teamId, teamId), eq(modelChanges.id, changeId)));
  return row;
}

/** The change, locked (after its model's row, as every write of the model takes them). */
export async function lockModelChange(
  tx: Database,
  teamId: number,
  changeId: number,
): Promise<ModelChangeRecord | undefined> {
  const [row] = await tx
    .select()
    .from(modelChanges)
    .where(and(eq(modelChanges.teamId, teamId), eq(modelChanges.id, changeId)))
    .for('update');
  return row;
}

export async function insertModelChange(
  tx: Database,
  values: {
    teamId: number;
    modelId: number;
    subject: ModelChangeSubject;
    before: ModelChangeValues;
    after: ModelChangeValues;
    requestedByMembershipId: number;
    requestedAt: Date;
  },
): Promise<ModelChangeRecord> {
  const [row] = await tx
    .insert(modelChanges)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('model_changes: insert returned no row');
  return row;
}

/** Ends a waiting change with its outcome; undefined when it no longer waits. */
export async function resolveModelChange(
  tx: Database,
  teamId: number,
  changeId: number,
  status: Exclude<PendingChangeStatus, 'pending'>,
  at: Date,
): Promise<ModelChangeRecord | undefined> {
  const [row] = await tx
    .update(modelChanges)
    .set({ status, resolvedAt: at })
    .where(
      and(eq(modelChanges.teamId, teamId), eq(modelChanges.id, changeId), eq(modelChanges.status, 'pending')),
    )
    .returning();
  return row;
}

/** The model's waiting changes, with who asked. */
export function listPendingModelChanges(db: Database, teamId: number, modelId: number) {
  return db
    .select({ change: modelChanges, requestedByName: memberships.nickname })
    .from(modelChanges)
    .leftJoin(
      memberships,
      and(
        eq(memberships.id, modelChanges.requestedByMembershipId),
        eq(memberships.teamId, modelChanges.teamId),
      ),
    )
    .where(
      and(
        eq(modelChanges.teamId, teamId),
        eq(modelChanges.modelId, modelId),
        eq(modelChanges.status, 'pending'),
      ),
    )
    .orderBy(asc(modelChanges.requestedAt));
}
export type PendingModelChangeRow = Awaited<ReturnType<typeof listPendingModelChanges>>[number];

/** Deletes a model's changes (the model itself is being deleted), answering their ids and subjects. */
export async function deleteModelChanges(
  tx: Database,
  teamId: number,
  modelId: number,
): Promise<Pick<ModelChangeRecord, 'id' | 'subject'>[]> {
  return tx
    .delete(modelChanges)
    .where(and(eq(modelChanges.teamId, teamId), eq(modelChanges.modelId, modelId)))
    .returning({ id: modelChanges.id, subject: modelChanges.subject });
}

/** The model's name, for a change's log entry and notices. */
export async function findModelName(db: Database, teamId: number, modelId: number) {
  const [row] = await db
    .select({ name: models.name })
    .from(models)
    .where(and(eq(models.teamId, teamId), eq(models.id, modelId)));
  return row?.name;
}
