import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-directory snapshot. PostgreSQL: a migrated template database. */
    testDatabase:
      | { driver: 'pglite'; snapshotPath: string }
      | { driver: 'postgres'; serverUrl: string; template: string };
  }
}

/** The URL of one database on the server that DATABASE_URL names. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite restored from the snapshot the global setup
 * made, or a PostgreSQL database copied from the migrated template (dropped again on close). With
 * `empty`, a database without even the migrations (PGlite in memory, or a new PostgreSQL database), for
 * a test that migrates it itself.
 */
export async function createTestDatabase({ empty = false } = {}): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.driver === 'pglite') {
    if (empty) return openDatabase({ driver: 'pglite' });
    const snapshot = await readFile(target.snapshotPath);
    return openDatabase({ driver: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  const name = `${target.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl(target.serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(
      empty ? `CREATE DATABASE "${name}"` : `CREATE DATABASE "${name}" TEMPLATE "${target.template}"`,
    );
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    driver: 'postgres',
    url: databaseUrl(target.serverUrl, name),
    poolSize: 5,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrl(target.serverUrl, 'postgres') });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
