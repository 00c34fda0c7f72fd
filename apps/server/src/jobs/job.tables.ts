import { bigint, date, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { teams } from '../domains/team/team.tables';

/**
 * One row per daily job, team and business date: the first process to insert it runs the job, any other
 * (a second server, a restart the same day) finds it there and skips (jobs/daily-jobs.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: varchar('job', { length: 40 }).notNull(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    runOn: date('run_on', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.job, t.teamId, t.runOn] })],
);
