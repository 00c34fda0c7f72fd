/**
 * A database migrated up to (not including) one migration, for the tests of a migration that moves data:
 * they store rows the old way, run the rest with `runMigrations`, and check what the migration made of them.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';

/**
 * Applies the migrations before `tag` (e.g. `0021_approvals`) only, from a copy of the migrations in
 * `folder` whose journal stops there.
 */
export async function migrateUntil(handle: DatabaseHandle, folder: string, tag: string): Promise<void> {
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`migration ${tag} is not in the journal (or is the first)`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  const config = { migrationsFolder: folder };
  if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migrateNodePostgres(handle.db as unknown as NodePgDatabase, config);
}
