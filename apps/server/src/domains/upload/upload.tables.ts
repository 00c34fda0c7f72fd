import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { folders } from '../folder/folder.tables';
import { teams } from '../team/team.tables';

/**
 * Bytes a member announced for upload. `pending` until a file record (or an avatar) takes it; pending
 * blobs older than a day are purged with their stored bytes.
 */
export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    key: varchar('key', { length: 300 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** Base64 MD5 the uploader declared; the stored bytes must match it. */
    checksum: varchar('checksum', { length: 24 }).notNull(),
    state: varchar('state', { length: 16, enum: ['pending', 'attached'] })
      .notNull()
      .default('pending'),
    uploadedByMembershipId: bigint('uploaded_by_membership_id', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('blobs_key_key').on(t.key),
    index('blobs_pending_created_idx').on(t.createdAt).where(sql`state = 'pending'`),
  ],
);

/** A file of a folder. */
export const files = pgTable(
  'files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => folders.id),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    checksum: varchar('checksum', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 16, enum: ['image', 'video', 'document'] }).notNull(),
    thumbnailState: varchar('thumbnail_state', {
      length: 16,
      enum: ['pending', 'ready', 'none', 'failed'],
    }).notNull(),
    thumbKey: varchar('thumb_key', { length: 320 }),
    previewKey: varchar('preview_key', { length: 320 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('files_blob_key').on(t.blobId),
    index('files_folder_idx').on(t.teamId, t.folderId, t.id),
    index('files_thumbnail_pending_idx').on(t.id).where(sql`thumbnail_state = 'pending'`),
  ],
);
