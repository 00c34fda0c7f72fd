import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { installJobSchema } from '../jobs/job-queue';
import { databaseUrl } from './test-database';

/**
 * Migrates one database per run and hands it to every test file to copy: a PGlite snapshot by
 * default, or a template database on the PostgreSQL server that DATABASE_URL names.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `trackit_test_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const handle = await openDatabase({
      driver: 'postgres',
      url: databaseUrl(serverUrl, template),
      poolSize: 2,
    });
    await runMigrations(handle);
    await installJobSchema(handle);
    await handle.close();
    project.provide('testDatabase', { driver: 'postgres', serverUrl, template });
    console.log(
      `integration suite on PostgreSQL (${new URL(serverUrl).host}), template database ${template}`,
    );
    return async () => {
      // Copies of the template are dropped by their test files; drop any a crashed file left too.
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${template}%`],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-test-'));
  const handle = await openDatabase({ driver: 'pglite' });
  await runMigrations(handle);
  // pg-boss's schema too, so that each test's app starts its queue in milliseconds, not seconds.
  await installJobSchema(handle);
  if (!handle.dumpSnapshot) throw new Error('PGlite handle without snapshots');
  const snapshot = await handle.dumpSnapshot();
  const snapshotPath = path.join(folder, 'snapshot.tar');
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { driver: 'pglite', snapshotPath });
  console.log('integration suite on PGlite (embedded)');
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
