import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureInstance } from '../domains/system/system.service';
import { openConfiguredDatabase, openDatabase } from './client';
import { runMigrations } from './migrate';

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
});
