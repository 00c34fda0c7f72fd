/**
 * Jobs that run once a day per team (docs/product.md "Usage licences", "Orders": abandoned empty drafts,
 * "Model settlements": the withholding reminder of the 10th; "费用": the overdue reminder; "Payments received": the
 * check of what is paid): a round of the `daily_jobs` queue (at
 * start and every hour, jobs/server-jobs.ts) goes through the teams, and for each job and team inserts
 * the (job, team, business date) row of job_runs; the one insert that goes in runs the job, any other
 * round (another process's, a later one, a retry) skips it. A job that fails gives its row back and the
 * round fails, so the queue retries it with back-off (the jobs already done that day are skipped); one
 * whose process died is taken over once it has been silent for STALE_RUN_MS.
 */
import { businessDate } from '@trackit/contract/business-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { remindOverdue } from '../domains/finance/overdue-reminder.service';
import { removeAbandonedDrafts } from '../domains/order/abandoned-drafts.service';
import { renewUsageLicences } from '../domains/order/renewal/usage-renewal.service';
import { checkPaymentDrift } from '../domains/payment/payment-drift.service';
import { remindWithholding } from '../domains/settlement/withholding-reminder.service';
import type { AppMetrics } from '../metrics/metrics';
import { claimJobRun, finishJobRun, type JobRunKey, listTeamIds, releaseJobRun } from './job-run.repository';

export interface DailyJobDeps {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  metrics?: AppMetrics | undefined;
}

export interface DailyJob {
  /** The job_runs key: at most 40 characters, never renamed (a renamed job would run twice that day). */
  name: string;
  run(deps: DailyJobDeps, teamId: number, now: Date): Promise<void>;
}

export const DAILY_JOBS: readonly DailyJob[] = [
  {
    name: 'usage_renewal',
    run: async (deps, teamId, now) => {
      await renewUsageLicences(deps, teamId, now);
    },
  },
  {
    name: 'abandoned_drafts',
    run: async (deps, teamId, now) => {
      await removeAbandonedDrafts(deps, teamId, now);
    },
  },
  {
    name: 'withholding_reminder',
    run: async (deps, teamId, now) => {
      await remindWithholding(deps, teamId, now);
    },
  },
  {
    name: 'overdue_receivables',
    run: async (deps, teamId, now) => {
      await remindOverdue(deps, teamId, now);
    },
  },
  {
    name: 'payment_drift',
    run: async (deps, teamId, now) => {
      await checkPaymentDrift(deps, teamId, now);
    },
  },
];

/** An unfinished run older than this is taken for a crashed process's. */
export const STALE_RUN_MS = 3_600_000;

/** What one round did: the runs it made, and those that failed (tried again next round). */
export interface DailyJobsRound {
  ran: JobRunKey[];
  failed: JobRunKey[];
}

/** One round at `now`: every job for every team, each at most once per business date. */
export async function runDailyJobs(
  deps: DailyJobDeps,
  now: Date,
  jobs: readonly DailyJob[] = DAILY_JOBS,
): Promise<DailyJobsRound> {
  const runOn = businessDate(now);
  const round: DailyJobsRound = { ran: [], failed: [] };
  for (const teamId of await listTeamIds(deps.db)) {
    for (const job of jobs) {
      const key = { job: job.name, teamId, runOn };
      if (!(await claimJobRun(deps.db, key, now, new Date(now.getTime() - STALE_RUN_MS)))) continue;
      try {
        await job.run(deps, teamId, now);
        await finishJobRun(deps.db, key, deps.clock());
        round.ran.push(key);
      } catch (error) {
        deps.log.error({ err: error, ...key }, 'daily job failed');
        deps.metrics?.jobFailed(job.name);
        await releaseJobRun(deps.db, key);
        round.failed.push(key);
      }
    }
  }
  return round;
}

/** The `daily_jobs` job: one round now; throws when a job failed, so the round is retried with back-off. */
export async function runDailyJobsRound(deps: DailyJobDeps): Promise<void> {
  const round = await runDailyJobs(deps, deps.clock());
  if (round.failed.length > 0) {
    throw new Error(`daily jobs failed: ${round.failed.map((key) => `${key.job}/${key.teamId}`).join(', ')}`);
  }
}
