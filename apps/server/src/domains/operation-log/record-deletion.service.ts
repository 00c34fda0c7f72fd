/**
 * The deletion of a record created by mistake (docs/product.md "Deleting and archiving"), one way for the
 * models, companies, contacts and folders: the record locked, what refers to it counted under the lock,
 * any reference refused with the contract's 409, then the rows and the log entry, in one transaction.
 */
import type { OperationAction, OperationDetail } from '@trackit/contract/operation-log.schema';
import {
  type DeletableRecord,
  deletionRefusal,
  type RecordReferences,
  referencedRefusal,
} from '@trackit/contract/record-deletion';
import type { Database } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { type Actor, type OperationEntry, recordOperation } from './operation-log.service';

/** Actions recorded with the deleted record's name only (`…_delete`). */
type DeleteAction = Extract<
  {
    [A in OperationAction]: { name: string } extends OperationDetail<A> ? A : never;
  }[OperationAction],
  `${string}_delete`
>;

export interface RecordDeletionSpec {
  record: DeletableRecord;
  action: DeleteAction;
  actor: Actor;
  targetId: number;
  /**
   * The team's record, locked for update (undefined: not found). Every write that refers to it holds it
   * (FOR KEY SHARE) until it commits, so it is counted below or finds the record gone.
   */
  lock: (tx: Database) => Promise<{ name: string } | undefined>;
  notFound: () => AppError;
  /** What refers to the record, read in the transaction (or, after a foreign key's refusal, afresh). */
  references: (db: Database) => Promise<RecordReferences>;
  /** Deletes the record and what is only its own. */
  remove: (tx: Database) => Promise<void>;
}

/** Deletes a record nothing refers to, logged; otherwise 409 saying what refers to it. */
export async function deleteRecordMadeByMistake(db: Database, spec: RecordDeletionSpec): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const record = await spec.lock(tx);
      if (!record) throw spec.notFound();
      const reason = deletionRefusal(spec.record, await spec.references(tx));
      if (reason) throw new AppError('conflict', { message: reason });
      await spec.remove(tx);
      await recordOperation(tx, {
        action: spec.action,
        actor: spec.actor,
        targetId: spec.targetId,
        detail: { name: record.name },
      } as OperationEntry<DeleteAction>);
    });
  } catch (error) {
    // A reference the counts do not know (a row of a domain added later) still keeps the record.
    if (!isForeignKeyViolation(error)) throw error;
    const reason = deletionRefusal(spec.record, await spec.references(db));
    throw new AppError('conflict', { message: reason ?? referencedRefusal(spec.record) });
  }
}
