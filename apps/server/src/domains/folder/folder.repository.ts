import { readSort, type SortValue } from '@trackit/contract/envelope';
import type { FOLDER_SORTS } from '@trackit/contract/folder.schema';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { folders } from './folder.tables';

export type FolderRow = typeof folders.$inferSelect & { fileCount: number };

// Written out with table names: drizzle leaves columns unqualified in single-table selects, and an
// unqualified "id" inside the subquery would be the file's own.
const fileCount = sql<number>`(select count(*)::int from "files" where "files"."folder_id" = "folders"."id")`;

export async function insertFolder(db: Database, values: typeof folders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(values).returning();
  if (!row) throw new Error('folder not created');
  return { ...row, fileCount: 0 };
}

export interface FolderListFilter {
  keyword?: string | undefined;
  sort?: SortValue<(typeof FOLDER_SORTS)[number]> | undefined;
}

const SORT_COLUMNS = { name: folders.name, created_at: folders.createdAt, updated_at: folders.updatedAt };

/** `%`, `_` and `\` typed by a user match themselves, not any text. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The team's folders, newest first unless sorted otherwise, each with its number of files (one query). */
export async function listFolders(
  db: Database,
  teamId: number,
  filter: FolderListFilter,
  window: PageWindow,
) {
  const where = and(
    eq(folders.teamId, teamId),
    filter.keyword ? ilike(folders.name, containing(filter.keyword)) : undefined,
  );
  const sort = readSort(filter.sort ?? '-created_at');
  const direction = sort.descending ? desc : asc;
  // The id breaks ties, so paging through equal names or times never repeats or skips a folder.
  const order: SQL[] = [direction(SORT_COLUMNS[sort.field]), direction(folders.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({ folder: folders, fileCount })
      .from(folders)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(folders).where(where),
  ]);
  return {
    rows: rows.map((row): FolderRow => ({ ...row.folder, fileCount: row.fileCount })),
    total: totals?.total ?? 0,
  };
}

export async function findFolder(
  db: Database,
  teamId: number,
  folderId: number,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select({ folder: folders, fileCount })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
  return row ? { ...row.folder, fileCount: row.fileCount } : undefined;
}

/** The team's folder, locked while files are added to it. */
export async function findFolderForUpdate(tx: Database, teamId: number, folderId: number) {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)))
    .for('update');
  return row;
}

export async function touchFolder(db: Database, teamId: number, folderId: number, at: Date) {
  await db
    .update(folders)
    .set({ updatedAt: at })
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
}
