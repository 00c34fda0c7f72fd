/**
 * Abandoned empty drafts (docs/product.md "Orders"): 新建订单 saves an empty draft at once, so drafts
 * opened and left accumulate. Once a day per team (jobs/daily-jobs.ts) the drafts still empty —
 * never submitted, no title, model, fee line, note nor attachment — ABANDONED_DRAFT_DAYS after their last
 * change are removed, each with an entry in the team's operation log, in batches of one transaction each.
 * Numbers come from the day's counter (order-number.ts), which a removal leaves alone: a removed
 * draft's number is never handed out again.
 */
import { ABANDONED_DRAFT_DAYS } from '@trackit/contract/order-constants';
import type { Database } from '../../db/client';
import { jobActor, recordOperations } from '../operation-log/operation-log.service';
import { deleteAbandonedDrafts } from './order-list.repository';

export interface AbandonedDraftDeps {
  db: Database;
}

/** How the job signs its log entries: no member, a name staff recognise in the log's device column. */
export const DRAFT_CLEANUP_JOB_ORIGIN = { ip: '', userAgent: 'TrackIt 草稿清理任务' } as const;

/** Drafts removed per transaction: a flood of empty drafts is removed in bounded steps. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/** One run for a team at `now`: every abandoned empty draft removed and logged; answers which. */
export async function removeAbandonedDrafts(
  deps: AbandonedDraftDeps,
  teamId: number,
  now: Date,
): Promise<{ removed: { id: number; number: string }[] }> {
  const before = new Date(now.getTime() - ABANDONED_DRAFT_DAYS * DAY_MS);
  const actor = jobActor(teamId, DRAFT_CLEANUP_JOB_ORIGIN, now);
  const removed: { id: number; number: string }[] = [];
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await deleteAbandonedDrafts(tx, teamId, before, BATCH);
      if (rows.length > 0) {
        await recordOperations(
          tx,
          rows.map((row) => ({
            action: 'order_draft_remove' as const,
            actor,
            detail: { name: row.number, days: ABANDONED_DRAFT_DAYS },
          })),
        );
      }
      return rows;
    });
    removed.push(...batch);
    if (batch.length < BATCH) return { removed };
  }
}
