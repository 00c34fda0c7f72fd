import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PageWindow } from '../../http/pagination';
import { blobs, files } from './upload.tables';

export type BlobRow = typeof blobs.$inferSelect;
export type FileRow = typeof files.$inferSelect;
/** A file with the storage key of its bytes. */
export type StoredFileRow = FileRow & { blobKey: string };

export async function insertBlob(db: Database, values: typeof blobs.$inferInsert): Promise<BlobRow> {
  const [row] = await db.insert(blobs).values(values).returning();
  if (!row) throw new Error('blob not recorded');
  return row;
}

/** The team's blob, locked until the transaction ends (attaching it twice at once is impossible). */
export async function findTeamBlobForUpdate(tx: Database, teamId: number, blobId: string) {
  const [row] = await tx
    .select()
    .from(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.teamId, teamId)))
    .for('update');
  return row;
}

export async function findTeamBlob(db: Database, teamId: number, blobId: string) {
  const [row] = await db
    .select()
    .from(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.teamId, teamId)));
  return row;
}

export async function markBlobAttached(db: Database, teamId: number, blobId: string, at: Date) {
  await db
    .update(blobs)
    .set({ state: 'attached', updatedAt: at })
    .where(and(eq(blobs.id, blobId), eq(blobs.teamId, teamId)));
}

export async function insertFile(db: Database, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file not recorded');
  return row;
}

/** A folder's files in its order: position, then name. */
export async function listFilesOfFolder(db: Database, teamId: number, folderId: number, window: PageWindow) {
  const where = and(eq(files.teamId, teamId), eq(files.folderId, folderId));
  const [rows, [totals]] = await Promise.all([
    db
      .select({ file: files, blobKey: blobs.key })
      .from(files)
      .innerJoin(blobs, eq(blobs.id, files.blobId))
      .where(where)
      // The folder's order: position, then name, the id breaking ties so paging never repeats a file.
      .orderBy(asc(files.position), asc(files.name), asc(files.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(files).where(where),
  ]);
  return {
    rows: rows.map((row): StoredFileRow => ({ ...row.file, blobKey: row.blobKey })),
    total: totals?.total ?? 0,
  };
}

/** The ids of a folder's files, in its order. */
export async function listFileIdsOfFolder(tx: Database, teamId: number, folderId: number) {
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.teamId, teamId), eq(files.folderId, folderId)))
    .orderBy(asc(files.position), asc(files.name), asc(files.id));
  return rows.map((row) => row.id);
}

/** Gives each listed file of the folder its place: `positions[i]` to `fileIds[i]`, in one statement. */
export async function writeFilePositions(
  tx: Database,
  teamId: number,
  folderId: number,
  fileIds: number[],
  positions: number[],
  at: Date,
) {
  const list = (values: number[], type: string) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::${sql.raw(type)}`;
  await tx.execute(sql`
    update "files" set "position" = "o"."position", "updated_at" = ${at}
    from unnest(${list(fileIds, 'bigint[]')}, ${list(positions, 'integer[]')}) as "o"("id", "position")
    where "files"."id" = "o"."id" and "files"."team_id" = ${teamId} and "files"."folder_id" = ${folderId}`);
}

/** The team's files among `fileIds`, locked, in the order of their folder. */
export function lockFiles(tx: Database, teamId: number, fileIds: number[]) {
  return tx
    .select({ file: files, blobKey: blobs.key })
    .from(files)
    .innerJoin(blobs, eq(blobs.id, files.blobId))
    .where(and(eq(files.teamId, teamId), inArray(files.id, fileIds)))
    .orderBy(asc(files.position), asc(files.name), asc(files.id))
    .for('update', { of: files });
}

/** Moves the files to another folder, each at the given place. */
export async function moveFileRows(
  tx: Database,
  teamId: number,
  moves: { id: number; position: number }[],
  folderId: number,
  at: Date,
) {
  for (const move of moves) {
    await tx
      .update(files)
      .set({ folderId, position: move.position, updatedAt: at })
      .where(and(eq(files.id, move.id), eq(files.teamId, teamId)));
  }
}

export async function deleteFileRow(tx: Database, teamId: number, fileId: number) {
  await tx.delete(files).where(and(eq(files.id, fileId), eq(files.teamId, teamId)));
}

/** Deletes the team's blob row unless a file still refers to it; true when it went. */
export async function deleteBlobIfUnreferenced(tx: Database, teamId: number, blobId: string) {
  const rows = await tx
    .delete(blobs)
    .where(
      and(
        eq(blobs.id, blobId),
        eq(blobs.teamId, teamId),
        sql`not exists (select 1 from "files" where "files"."blob_id" = ${blobId})`,
      ),
    )
    .returning({ id: blobs.id });
  return rows.length === 1;
}

// The two background jobs below (purge and thumbnails) work across teams by nature; each row they
// return carries its team, and every write they make is scoped to it.

/** Pending blobs of any team announced before `before`, oldest first. */
export function listStalePendingBlobs(db: Database, before: Date, limit: number) {
  return db
    .select({ id: blobs.id, teamId: blobs.teamId, key: blobs.key })
    .from(blobs)
    .where(and(eq(blobs.state, 'pending'), lt(blobs.createdAt, before)))
    .orderBy(blobs.createdAt)
    .limit(limit);
}

export async function deletePendingBlob(db: Database, teamId: number, blobId: string) {
  const rows = await db
    .delete(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.teamId, teamId), eq(blobs.state, 'pending')))
    .returning({ id: blobs.id });
  return rows.length === 1;
}

/** Files awaiting thumbnails after `afterId`, across teams, by id (the catch-up at start pages through them). */
export function listFilesAwaitingThumbnails(db: Database, limit: number, afterId = 0) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.thumbnailState, 'pending'), gt(files.id, afterId)))
    .orderBy(files.id)
    .limit(limit);
}

/**
 * The file a thumbnail job is for, while its thumbnails are still to make: pending, or failed (a job
 * retried by hand makes them again). Undefined once made, or when the file is gone.
 */
export async function findFileForThumbnails(db: Database, fileId: number) {
  const [row] = await db
    .select({ id: files.id, teamId: files.teamId, blobKey: blobs.key, contentType: files.contentType })
    .from(files)
    .innerJoin(blobs, eq(blobs.id, files.blobId))
    .where(and(eq(files.id, fileId), inArray(files.thumbnailState, ['pending', 'failed'])));
  return row;
}

export async function recordThumbnails(
  db: Database,
  file: { id: number; teamId: number },
  result: { state: 'ready'; thumbKey: string; previewKey: string } | { state: 'failed' },
  at: Date,
) {
  await db
    .update(files)
    .set(
      result.state === 'ready'
        ? { thumbnailState: 'ready', thumbKey: result.thumbKey, previewKey: result.previewKey, updatedAt: at }
        : { thumbnailState: 'failed', updatedAt: at },
    )
    .where(and(eq(files.id, file.id), eq(files.teamId, file.teamId)));
}
