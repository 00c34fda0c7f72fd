import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ensureInstance } from '../domains/system/system.service';
import { createJobQueue } from '../jobs/job-queue';
import { createTestDatabase } from '../test/test-database';
import { openConfiguredDatabase, openDatabase } from './client';
import { isDatabaseUnavailable } from './errors';
import { MIGRATIONS_FOLDER, migrationsApplied, runMigrations } from './migrate';

describe('the embedded database', () => {
  it('keeps its data under DATA_DIR across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-data-'));
    const settings = { databaseUrl: undefined, databasePoolSize: 1, dataDir };
    try {
      const first = await openConfiguredDatabase(settings);
      expect(first.driver).toBe('pglite');
      await runMigrations(first);
      const id = await ensureInstance(first.db);
      await first.close();

      const second = await openConfiguredDatabase(settings);
      await runMigrations(second); // a second run finds nothing pending
      expect(await ensureInstance(second.db)).toEqual(id);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refreshes the planner statistics when maintained (PGlite has no autovacuum)', async () => {
    const database = await openDatabase({ driver: 'pglite' });
    try {
      await database.db.execute(sql`create table counted (id int)`);
      await database.db.execute(sql`insert into counted select generate_series(1, 5000)`);
      const estimate = async () => {
        const [row] = await database.db
          .select({ reltuples: sql<number>`reltuples` })
          .from(sql`pg_class`)
          .where(sql`relname = 'counted'`);
        return Number(row?.reltuples);
      };
      expect(await estimate()).toBeLessThan(1);
      await database.maintain();
      expect(await estimate()).toBe(5000);
    } finally {
      await database.close();
    }
  });

  it('lets processes that start together migrate one empty database (PostgreSQL: one at a time)', async () => {
    const first = await createTestDatabase({ empty: true });
    try {
      if (first.driver === 'postgres') {
        // Two more processes on the same database, each with a pool of one connection.
        const { connectionString } = (first.db as unknown as { $client: pg.Pool }).$client.options;
        const url = connectionString as string;
        const others = [
          await openDatabase({ driver: 'postgres', url, poolSize: 1 }),
          await openDatabase({ driver: 'postgres', url, poolSize: 1 }),
        ];
        try {
          await Promise.all([first, ...others].map((handle) => runMigrations(handle)));
        } finally {
          for (const other of others) await other.close();
        }
      } else {
        // The embedded database has one process by nature: it migrates alone.
        await runMigrations(first);
      }
      expect(await migrationsApplied(first)).toBe(true);
      const applied = await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const rows = (applied as unknown as { rows: { n: number }[] }).rows;
      expect(rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
    } finally {
      await first.close();
    }
  });
});

// A server, not an embedded database, can end a connection under the process (restart, failover).
if (inject('testDatabase').driver === 'postgres') {
  describe('PostgreSQL with several processes', () => {
    it("installs the job queue's schema once when five processes start together", async () => {
      const first = await createTestDatabase({ empty: true });
      const { connectionString } = (first.db as unknown as { $client: pg.Pool }).$client.options;
      const handles = [first];
      try {
        for (let n = 1; n < 5; n += 1) {
          handles.push(
            await openDatabase({ driver: 'postgres', url: connectionString as string, poolSize: 1 }),
          );
        }
        await Promise.all(handles.map((handle) => runMigrations(handle)));
        const queues = handles.map((database) =>
          createJobQueue({ database, log: { error: () => undefined, warn: () => undefined } }),
        );
        const started = await Promise.allSettled(queues.map((queue) => queue.start({ work: false })));
        await Promise.all(queues.map((queue) => queue.stop().catch(() => undefined)));
        expect(started.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      } finally {
        for (const handle of handles) await handle.close();
      }
    });
  });

  describe('PostgreSQL ending a connection', () => {
    it('fails the transaction that held it and keeps the process serving', async () => {
      const handle = await createTestDatabase();
      const { connectionString } = (handle.db as unknown as { $client: pg.Pool }).$client.options;
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      try {
        // A transaction holds a connection checked out of the pool; the server ends it mid-query, as
        // `pg_ctlcluster restart` does to every connection.
        const transaction = handle.db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const { pid } = (result as unknown as { rows: { pid: number }[] }).rows[0] as { pid: number };
          // A drizzle query runs once awaited or then'd: start it now, wait for it below.
          const sleeping = Promise.resolve(tx.execute(sql`select pg_sleep(30)`));
          sleeping.catch(() => undefined); // its failure is awaited below; not an unhandled rejection meanwhile
          for (;;) {
            const { rows } = await admin.query<{ sleeping: boolean }>(
              `select count(*) > 0 as sleeping from pg_stat_activity where pid = $1 and query like '%pg_sleep%'`,
              [pid],
            );
            if (rows[0]?.sleeping) break;
          }
          await admin.query('select pg_terminate_backend($1)', [pid]);
          await sleeping;
        });
        // It fails as a database gone away (503 服务暂不可用), not as a wrong request.
        const failure = await transaction.then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
        // The process is still here (an unheard 'error' event would have thrown), and the pool serves.
        await handle.ping();
        const rows = await handle.db.execute(sql`select 2 as two`);
        expect((rows as unknown as { rows: { two: number }[] }).rows[0]?.two).toBe(2);
      } finally {
        await admin.end();
        await handle.close();
      }
    });
  });
}
