import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { MIGRATIONS_FOLDER } from '../db/migrate';

/** The manifest's own format; a restore refuses another. */
export const MANIFEST_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
/** Where the objects of the store go in a backup: `files/<key>`. */
export const FILES_FOLDER = 'files';
export const DUMP_FILES = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;

/** The records a backup counts, and a restore counts again: the key tables of every domain. */
export const COUNTED_TABLES = [
  'teams',
  'users',
  'memberships',
  'models',
  'folders',
  'files',
  'blobs',
  'packages',
  'share_links',
  'orders',
  'invoices',
  'receipts',
  'settlements',
] as const;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  app: z.literal('trackit'),
  /** The build's version tag, else the server package's version. */
  version: z.string(),
  /** The last migration applied to the database, by its tag and journal time. */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  driver: z.enum(['pglite', 'postgres']),
  storage: z.enum(['disk', 's3']),
  created_at: z.string(),
  database: z.object({ file: z.string(), size: z.number().int().min(0), sha256: sha256Schema }),
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.array(
    z.object({
      key: z.string().min(1),
      size: z.number().int().min(0),
      sha256: sha256Schema,
      content_type: z.string().optional(),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The version a backup records: the build's tag, or in development the server package's version. */
export function appVersion(buildVersion: string): string {
  return buildVersion === 'dev' ? serverPackage.version : buildVersion;
}

/** The migrations this build knows, oldest first (drizzle's journal). */
export async function knownMigrations(): Promise<{ tag: string; when: number }[]> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Runs one SQL text and answers its rows (PGlite handle, pool or a client in a transaction). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** The last migration drizzle recorded in the database, named by this build's journal when it knows it. */
export async function lastMigration(query: RunQuery): Promise<{ tag: string; when: number }> {
  const [row] = await query('select max(created_at) as latest from drizzle.__drizzle_migrations');
  const when = Number(row?.latest ?? 0);
  if (!when) throw new Error('数据库还没有执行过迁移，没有可备份的数据');
  const known = (await knownMigrations()).find((migration) => migration.when === when);
  return { tag: known?.tag ?? `unknown-${when}`, when };
}

/** The rows of each counted table the database has (a table an older migration lacks is left out). */
export async function countRecords(query: RunQuery): Promise<Record<string, number>> {
  const present = new Set(
    (
      await query(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      )
    ).map((row) => String(row.table_name)),
  );
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (!present.has(table)) continue;
    const [row] = await query(`select count(*) as n from "${table}"`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
