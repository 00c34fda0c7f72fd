/**
 * The queries of the daily jobs' bookkeeping (jobs/daily-jobs.ts): which teams there are, and the
 * job_runs row that lets one process, and one only, run a job for a team on a business date.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { teams } from '../domains/team/team.tables';
import { jobRuns } from './job.tables';

/** Every team's id: the daily jobs read across teams by nature and scope each write to one. */
export async function listTeamIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: teams.id }).from(teams).orderBy(asc(teams.id));
  return rows.map((row) => row.id);
}

export interface JobRunKey {
  job: string;
  teamId: number;
  runOn: string;
}

/**
 * Claims the run: true for the one caller whose row went in. A run left unfinished since before
 * `staleBefore` (its process died) is taken over; a finished one, or one still going, is not.
 */
export async function claimJobRun(
  db: Database,
  key: JobRunKey,
  startedAt: Date,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ ...key, startedAt })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.teamId, jobRuns.runOn],
      set: { startedAt: sql`excluded.started_at` },
      setWhere: and(isNull(jobRuns.finishedAt), lt(jobRuns.startedAt, staleBefore)),
    })
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}

const keyIs = (key: JobRunKey) =>
  and(eq(jobRuns.job, key.job), eq(jobRuns.teamId, key.teamId), eq(jobRuns.runOn, key.runOn));

export async function finishJobRun(db: Database, key: JobRunKey, finishedAt: Date) {
  await db.update(jobRuns).set({ finishedAt }).where(keyIs(key));
}

/** Gives a failed run back, so the next round tries again the same day. */
export async function releaseJobRun(db: Database, key: JobRunKey) {
  await db.delete(jobRuns).where(and(keyIs(key), isNull(jobRuns.finishedAt)));
}
