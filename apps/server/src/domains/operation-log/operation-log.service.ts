/**
 * The operation log (docs/product.md §10 "Operation log"): the one way every domain records what a
 * member did, in the transaction of the change itself, and the team's log page.
 */
import { dayBounds } from '@trackit/contract/business-time';
import type { RecordStatus } from '@trackit/contract/enums';
import {
  type FieldChange,
  OPERATION_CATALOGUE,
  type OperationTarget,
} from '@trackit/contract/operation-catalogue';
import type {
  OperationAction,
  OperationDetail,
  OperationLogQuery,
} from '@trackit/contract/operation-log.schema';
import type { Database } from '../../db/client';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { type PageWindow, pageWindow } from '../../http/pagination';
import { insertOperations, listOperationLogs, type OperationRowInput } from './operation-log.repository';

/** Who did it, from where and when. A refused sign-in has no team or member yet. */
export interface Actor {
  teamId: number | null;
  membershipId: number | null;
  userId: number | null;
  origin: RequestOrigin;
  at: Date;
}

/** Someone acting in a team: a member, or a job. */
export type TeamActor = Actor & { teamId: number };

/** A signed-in member acting in their current team. */
export const memberActor = (
  auth: Pick<AuthContext, 'teamId' | 'membershipId' | 'userId'>,
  origin: RequestOrigin,
  at: Date,
): TeamActor => ({ teamId: auth.teamId, membershipId: auth.membershipId, userId: auth.userId, origin, at });

/**
 * A background job acting for a team: no member; its origin names the job where a member's device would
 * show (`TrackIt 续约任务`), so staff can tell the job's entries from people's.
 */
export const jobActor = (teamId: number, origin: RequestOrigin, at: Date): Actor => ({
  teamId,
  membershipId: null,
  userId: null,
  origin,
  at,
});

/** One entry: a declared action with its detail shape, and the record it concerns (by the action's target). */
export type OperationEntry<A extends OperationAction> = {
  action: A;
  actor: Actor;
  targetId?: string | number;
} & (Record<never, never> extends OperationDetail<A>
  ? { detail?: OperationDetail<A> }
  : { detail: OperationDetail<A> });

/** An entry as stored; its detail is checked against the action's declared shape, so a wrong one never reaches the log. */
function operationRow<A extends OperationAction>(entry: OperationEntry<A>): OperationRowInput {
  const spec = OPERATION_CATALOGUE[entry.action];
  const detail = spec.detail.parse(entry.detail ?? {}) as Record<string, unknown>;
  return {
    action: entry.action,
    teamId: entry.actor.teamId,
    membershipId: entry.actor.membershipId,
    userId: entry.actor.userId,
    targetType: spec.target,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    detail: Object.keys(detail).length > 0 ? detail : null,
    ip: entry.actor.origin.ip || null,
    userAgent: entry.actor.origin.userAgent.slice(0, 512) || null,
    at: entry.actor.at,
  };
}

/** Writes one entry; pass the transaction of the change it records, so both are kept or neither. */
export async function recordOperation<A extends OperationAction>(db: Database, entry: OperationEntry<A>) {
  await insertOperations(db, [operationRow(entry)]);
}

/** Writes many entries in a few statements (the models of an import), in the caller's transaction. */
export async function recordOperations<A extends OperationAction>(
  db: Database,
  entries: OperationEntry<A>[],
) {
  await insertOperations(db, entries.map(operationRow));
}

/** Actions recorded with the record's name and its field changes (`…_update`). */
type ChangesAction = {
  [A in OperationAction]: { name: string; changes: FieldChange[] } extends OperationDetail<A> ? A : never;
}[OperationAction];
/** Actions recorded with the record's name only (`…_archive`, `…_restore`). */
type NamedAction = {
  [A in OperationAction]: { name: string } extends OperationDetail<A> ? A : never;
}[OperationAction];

/**
 * The entries of an update of a record that can be archived, in the caller's transaction: its field
 * changes (when any), then the archive or restore (when its status changed).
 */
export async function recordUpdateOfArchivable(
  db: Database,
  entry: {
    actions: { update: ChangesAction; archive: NamedAction; restore: NamedAction };
    actor: Actor;
    targetId: number;
    name: string;
    changes: FieldChange[];
    /** The new status, when it changed. */
    statusChange: RecordStatus | undefined;
  },
) {
  const { actions, actor, targetId, name, changes, statusChange } = entry;
  if (changes.length > 0) {
    await recordOperation<OperationAction>(db, {
      action: actions.update,
      actor,
      targetId,
      detail: { name, changes },
    } as OperationEntry<OperationAction>);
  }
  if (statusChange) {
    await recordOperation<OperationAction>(db, {
      action: statusChange === 'archived' ? actions.archive : actions.restore,
      actor,
      targetId,
      detail: { name },
    } as OperationEntry<OperationAction>);
  }
}

/**
 * The history of one change made to many records at once, in the caller's transaction: one `…_update`
 * entry per record, each with the same field changes, as a PATCH would log them. A hand-over (docs/product.md
 * "Members": a departed member's records go to another) and the payee entity an invoice gives the orders
 * billed without one. Answers how many records changed.
 */
export async function recordChangeOfMany(
  db: Database,
  change: {
    action: ChangesAction;
    actor: Actor;
    records: readonly { id: number; name: string }[];
    /** The field changes, from `changeLog`. */
    changes: FieldChange[];
  },
): Promise<number> {
  const { action, actor, records, changes } = change;
  await recordOperations<OperationAction>(
    db,
    records.map(
      (record) =>
        ({
          action,
          actor,
          targetId: record.id,
          detail: { name: record.name, changes },
        }) as OperationEntry<OperationAction>,
    ),
  );
  return records.length;
}

export interface OperationLogDeps {
  db: Database;
}

/** GET /v1/operation_logs: the caller's team's log, newest first; the filter's dates are business days. */
export function listTeamOperations(deps: OperationLogDeps, auth: AuthContext, query: OperationLogQuery) {
  return listOperationLogs(
    deps.db,
    auth.teamId,
    {
      actions: query.action,
      membershipId: query.membership_id,
      from: query.from ? dayBounds(query.from).from : undefined,
      before: query.to ? dayBounds(query.to).before : undefined,
    },
    pageWindow(query),
  );
}

/**
 * A record's history, newest first: the entries whose target is one of the given records (a model and
 * its folders), less the actions the reader may not see (`exceptActions`). The caller has checked that
 * the records are the team's.
 */
export function listRecordHistory(
  db: Database,
  teamId: number,
  targets: { type: OperationTarget; ids: (string | number)[] }[],
  window: PageWindow,
  exceptActions: readonly OperationAction[] = [],
) {
  return listOperationLogs(
    db,
    teamId,
    { targets: targets.map((target) => ({ type: target.type, ids: target.ids.map(String) })), exceptActions },
    window,
  );
}
