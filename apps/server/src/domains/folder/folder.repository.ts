import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { blobs, files } from '../upload/upload.tables';
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

/** The team's folders, newest first, each with its number of files (one query). */
export async function listFolders(db: Database, teamId: number, window: PageWindow) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ folder: folders, fileCount })
      .from(folders)
      .where(eq(folders.teamId, teamId))
      .orderBy(desc(folders.createdAt), desc(folders.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(folders).where(eq(folders.teamId, teamId)),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.folder, fileCount: row.fileCount })),
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
export async function findTeamFolderForUpdate(tx: Database, teamId: number, folderId: number) {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)))
    .for('update');
  return row;
}

export async function touchFolder(db: Database, folderId: number, at: Date) {
  await db.update(folders).set({ updatedAt: at }).where(eq(folders.id, folderId));
}

/** A folder's files, in the order they were added. */
export async function listFolderFiles(db: Database, teamId: number, folderId: number, window: PageWindow) {
  const where = and(eq(files.teamId, teamId), eq(files.folderId, folderId));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ file: files, blobKey: blobs.key })
      .from(files)
      .innerJoin(blobs, eq(blobs.id, files.blobId))
      .where(where)
      .orderBy(asc(files.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(files).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.file, blobKey: row.blobKey })), total: totals?.total ?? 0 };
}
