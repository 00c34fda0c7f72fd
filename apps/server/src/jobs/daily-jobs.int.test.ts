import { asc } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTeam } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { type DailyJob, type DailyJobDeps, runDailyJobs, STALE_RUN_MS } from './daily-jobs';
import { jobRuns } from './job.tables';

const HOUR_MS = 3_600_000;

describe('daily jobs', () => {
  let database: DatabaseHandle;
  let deps: DailyJobDeps;
  let teamIds: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    deps = { db: database.db, clock: () => new Date(), log: Fastify().log };
    teamIds = [(await createTeam(database.db, '甲')).id, (await createTeam(database.db, '乙')).id];
  });
  afterAll(() => database.close());

  /** A job that counts its runs per team. */
  const counting = (name: string) => {
    const runs: number[] = [];
    const job: DailyJob = {
      name,
      run: async (_deps, teamId) => {
        runs.push(teamId);
      },
    };
    return { job, runs };
  };

  it('runs each job once per team and business date, whatever the number of processes', async () => {
    const { job, runs } = counting('count_a');
    // 2026-03-01 23:30 in Shanghai.
    const evening = new Date('2026-03-01T15:30:00Z');
    const rounds = await Promise.all([
      runDailyJobs(deps, evening, [job]),
      runDailyJobs(deps, evening, [job]),
      runDailyJobs(deps, evening, [job]),
    ]);
    expect(runs.sort()).toEqual([...teamIds].sort());
    expect(rounds.flatMap((round) => round.ran)).toHaveLength(2);

    // Later the same business date: nothing more. After midnight there: a new day.
    await runDailyJobs(deps, new Date(evening.getTime() + 20 * 60_000), [job]);
    expect(runs).toHaveLength(2);
    const nextDay = await runDailyJobs(deps, new Date(evening.getTime() + HOUR_MS), [job]);
    expect(nextDay.ran.map((key) => key.runOn)).toEqual(['2026-03-02', '2026-03-02']);
    expect(runs).toHaveLength(4);

    const rows = await database.db.select().from(jobRuns).orderBy(asc(jobRuns.runOn), asc(jobRuns.teamId));
    expect(rows.map((row) => [row.job, row.runOn])).toEqual([
      ['count_a', '2026-03-01'],
      ['count_a', '2026-03-01'],
      ['count_a', '2026-03-02'],
      ['count_a', '2026-03-02'],
    ]);
    expect(rows.every((row) => row.finishedAt !== null)).toBe(true);
  });

  it('gives a failed run back, to be tried again the next round', async () => {
    let failing = true;
    const runs: number[] = [];
    const job: DailyJob = {
      name: 'flaky',
      run: async (_deps, teamId) => {
        if (failing && teamId === teamIds[0]) throw new Error('database hiccup');
        runs.push(teamId);
      },
    };
    const morning = new Date('2026-03-05T01:00:00Z');
    const first = await runDailyJobs(deps, morning, [job]);
    expect(first.failed.map((key) => key.teamId)).toEqual([teamIds[0]]);
    expect(first.ran.map((key) => key.teamId)).toEqual([teamIds[1]]);
    failing = false;
    const second = await runDailyJobs(deps, new Date(morning.getTime() + HOUR_MS), [job]);
    expect(second.ran.map((key) => key.teamId)).toEqual([teamIds[0]]);
    expect(runs.sort()).toEqual([...teamIds].sort());
  });

  it('takes over a run whose process died, once it has been silent long enough', async () => {
    const { job, runs } = counting('orphaned');
    const noon = new Date('2026-03-07T04:00:00Z');
    const [teamId = 0] = teamIds;
    await database.db.insert(jobRuns).values({
      job: 'orphaned',
      teamId,
      runOn: '2026-03-07',
      startedAt: new Date(noon.getTime() - 10 * 60_000),
    });
    // Ten minutes old: it may still be going.
    await runDailyJobs(deps, noon, [job]);
    expect(runs).toEqual([teamIds[1]]);
    await runDailyJobs(deps, new Date(noon.getTime() + STALE_RUN_MS), [job]);
    expect(runs).toEqual([teamIds[1], teamId]);
  });
});
