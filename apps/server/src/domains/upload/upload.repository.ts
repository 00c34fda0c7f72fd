import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blobs, files } from './upload.tables';

export type BlobRow = typeof blobs.$inferSelect;
export type FileRow = typeof files.$inferSelect;

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

export async function findBlob(db: Database, blobId: string) {
  const [row] = await db.select().from(blobs).where(eq(blobs.id, blobId));
  return row;
}

export async function markBlobAttached(db: Database, blobId: string, at: Date) {
  await db.update(blobs).set({ state: 'attached', updatedAt: at }).where(eq(blobs.id, blobId));
}

export async function insertFile(db: Database, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file not recorded');
  return row;
}

/** Pending blobs announced before `before`, oldest first. */
export function listStalePendingBlobs(db: Database, before: Date, limit: number) {
  return db
    .select({ id: blobs.id, key: blobs.key })
    .from(blobs)
    .where(and(eq(blobs.state, 'pending'), lt(blobs.createdAt, before)))
    .orderBy(blobs.createdAt)
    .limit(limit);
}

export async function deletePendingBlob(db: Database, blobId: string) {
  const rows = await db
    .delete(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.state, 'pending')))
    .returning({ id: blobs.id });
  return rows.length === 1;
}

export function listFilesAwaitingThumbnails(db: Database, limit: number) {
  return db
    .select({ id: files.id, blobKey: blobs.key, contentType: files.contentType })
    .from(files)
    .innerJoin(blobs, eq(blobs.id, files.blobId))
    .where(eq(files.thumbnailState, 'pending'))
    .orderBy(files.id)
    .limit(limit);
}

export async function recordThumbnails(
  db: Database,
  fileId: number,
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
    .where(eq(files.id, fileId));
}
