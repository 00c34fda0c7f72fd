import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** src/db/migrations when run from source; dist/migrations (copied by the build) when bundled. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies every pending migration; each runs in a transaction, so a failed one leaves nothing half-done.
 * On PostgreSQL several processes may start at once (a deploy, systemd restarting them all): each waits
 * its turn (DatabaseHandle.exclusively), so one applies what is pending and the others find nothing left
 * to do, instead of racing to create the same tables.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  await handle.exclusively(() => migrateNodePostgres(handle.db as unknown as NodePgDatabase, config));
}

let latestMigrationMillis: number | undefined;

/**
 * Whether the database has every migration of this build (readiness, issue 25): drizzle records each
 * applied one with its journal time, and applies them in that order. A database a newer build has
 * migrated further is up to date for this one too.
 */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  latestMigrationMillis ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis),
  );
  const rows = await handle.db.execute<{ latest: string | number | null }>(
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const latest = (rows as unknown as { rows?: { latest: string | number | null }[] }).rows?.[0]?.latest;
  return latest != null && Number(latest) >= latestMigrationMillis;
}
