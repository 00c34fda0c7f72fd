import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureInstance } from '../domains/system/system.service';
import { createTestDatabase } from '../test/test-database';
import { openConfiguredDatabase, openDatabase } from './client';
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
