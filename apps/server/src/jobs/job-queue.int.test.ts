import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase, pgliteDataDir } from '../db/client';
import { createMetrics } from '../metrics/metrics';
import { createTeam } from '../test/factories';
import { pollUntil } from '../test/poll';
import { createTestDatabase } from '../test/test-database';
import { DAILY_JOBS } from './daily-jobs';
import { jobRuns } from './job.tables';
import { createJobQueue, JOB_SCHEMA, type JobQueue } from './job-queue';
import { DAILY_JOBS_QUEUE } from './server-jobs';

const silent = Fastify().log;

/** The jobs of a queue by state, read from pg-boss's table. */
async function jobStates(database: DatabaseHandle, queue: string): Promise<Record<string, number>> {
  const { rows } = await database.jobDatabase.executeSql(
    `SELECT state, count(*)::int AS count FROM ${JOB_SCHEMA}.job WHERE name = $1 GROUP BY state`,
    [queue],
  );
  return Object.fromEntries(
    (rows as { state: string; count: number }[]).map((row) => [row.state, row.count]),
  );
}

describe('job queue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('retries a failing handler with back-off, leaves it failed and counted, and retryFailed runs it again', async () => {
    const metrics = createMetrics();
    const queue = createJobQueue({ database, log: silent, metrics, pollIntervalSeconds: 0.5 });
    let failing = true;
    const tries: { n: number; lastAttempt: boolean }[] = [];
    queue.define<{ n: number }>({
      name: 'probe_failing',
      policy: 'standard',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handler: async (data, attempt) => {
        tries.push({ n: data.n, lastAttempt: attempt.lastAttempt });
        if (failing) throw new Error('probe failure');
      },
    });
    await queue.start();
    try {
      await queue.send('probe_failing', { n: 7 });
      // The first try and one retry, then failed.
      const failed = await pollUntil(async () => {
        const counts = (await queue.counts()).find((row) => row.queue === 'probe_failing');
        return counts?.failed === 1 ? counts : undefined;
      });
      expect(failed).toEqual({ queue: 'probe_failing', waiting: 0, active: 0, failed: 1 });
      expect(tries).toEqual([
        { n: 7, lastAttempt: false },
        { n: 7, lastAttempt: true },
      ]);
      expect(await metrics.registry.getSingleMetricAsString('job_failures_total')).toContain(
        'job_failures_total{job="probe_failing"} 2',
      );

      failing = false;
      expect(await queue.retryFailed('probe_failing')).toBe(1);
      await queue.idle(['probe_failing']);
      expect(tries).toHaveLength(3);
      expect(await jobStates(database, 'probe_failing')).toEqual({ completed: 1 });
      expect(await queue.retryFailed('probe_failing')).toBe(0);
    } finally {
      await queue.stop();
    }
  });

  it('sends one job per singleton key on an exclusive queue while it waits', async () => {
    const queue = createJobQueue({ database, log: silent });
    const handled: string[] = [];
    queue.define<{ id: string }>({
      name: 'probe_exclusive',
      policy: 'exclusive',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handler: async (data) => void handled.push(data.id),
    });
    // Sent before any worker runs: the second send of key a is dropped.
    await queue.start({ work: false });
    await queue.send('probe_exclusive', { id: 'a' }, { singletonKey: 'a' });
    await queue.send('probe_exclusive', { id: 'a' }, { singletonKey: 'a' });
    await queue.send('probe_exclusive', { id: 'b' }, { singletonKey: 'b' });
    expect((await queue.counts()).find((row) => row.queue === 'probe_exclusive')).toEqual({
      queue: 'probe_exclusive',
      waiting: 2,
      active: 0,
      failed: 0,
    });
    await queue.stop();
  });
});

describe('the server jobs with two app instances on one database', () => {
  let database: DatabaseHandle;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-jobs-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the daily jobs once per team and day when both start at once', async () => {
    const teams = [await createTeam(database.db, '甲'), await createTeam(database.db, '乙')];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    for (let i = 0; i < 2; i += 1) apps.push(await buildApp({ config, database }));
    // Both start at once: each sends its start jobs (an option sweep, a daily round, a clean-up).
    await Promise.all(apps.map((app) => app.ready()));
    await Promise.all(apps.map((app) => app.jobs.idle()));

    const runs = await database.db.select().from(jobRuns);
    for (const team of teams) {
      const ofTeam = runs.filter((run) => run.teamId === team.id);
      expect(ofTeam.map((run) => run.job).sort()).toEqual(DAILY_JOBS.map((job) => job.name).sort());
      expect(ofTeam.every((run) => run.finishedAt !== null)).toBe(true);
    }
    // Another round the same day (the hourly cron, a process started later) runs nothing again.
    const before = runs.length;
    await apps[1]?.jobs.send(DAILY_JOBS_QUEUE);
    await apps[1]?.jobs.idle();
    expect(
      await database.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.teamId, teams[0]?.id ?? 0)),
    ).toHaveLength(DAILY_JOBS.length);
    expect((await database.db.select().from(jobRuns)).length).toBe(before);
    const states = await jobStates(database, DAILY_JOBS_QUEUE);
    expect(states.failed ?? 0).toBe(0);
    expect(states.completed).toBeGreaterThanOrEqual(2);
  });
});

describe('npm run cli -- jobs', () => {
  let queue: JobQueue;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-cli-jobs-'));
    const target = inject('testDatabase');
    // The CLI runs on the embedded database under DATA_DIR (whatever the suite's driver).
    const handle = await openDatabase({
      driver: 'pglite',
      dataDir: pgliteDataDir(dataDir),
      ...(target.driver === 'pglite' ? { loadDataDir: new Blob([await readFile(target.snapshotPath)]) } : {}),
    });
    queue = createJobQueue({ database: handle, log: silent });
    queue.define({
      name: 'probe_cli',
      policy: 'standard',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handler: async () => undefined,
    });
    await queue.start({ work: false });
    await queue.send('probe_cli', { n: 1 });
    await queue.send('probe_cli', { n: 2 });
    await queue.stop();
    await handle.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../cli/index.ts'), ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('exit', (code) => resolve({ code, out }));
    });

  it('lists each queue with its waiting, active and failed jobs, and retries a queue', async () => {
    const listed = await cli('jobs');
    expect(listed.code, listed.out).toBe(0);
    expect(listed.out).toMatch(/^queue\s+waiting\s+active\s+failed$/m);
    expect(listed.out).toMatch(/^probe_cli\s+2\s+0\s+0$/m);

    const retried = await cli('jobs', 'retry', 'probe_cli');
    expect(retried.code, retried.out).toBe(0);
    expect(retried.out).toContain('0 failed job(s) of probe_cli will run again');
  });
});
