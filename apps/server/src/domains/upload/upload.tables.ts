import { BLOB_STATES, FILE_KINDS, THUMBNAIL_STATES } from '@trackit/contract/upload.schema';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
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
    state: enumColumn('state', BLOB_STATES, 16).notNull().default('pending'),
    uploadedByMembershipId: bigint('uploaded_by_membership_id', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    teamKey('blobs', t),
    uniqueIndex('blobs_key_key').on(t.key),
    index('blobs_pending_created_idx').on(t.createdAt).where(sql`state = 'pending'`),
    enumCheck('blobs_state_check', t.state, BLOB_STATES),
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
    folderId: bigint('folder_id', { mode: 'number' }).notNull(),
    blobId: uuid('blob_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /**
     * Place in the folder's order, once the folder has been ordered (PATCH …/files/order); null until
     * then. Unplaced files come after the placed ones (nulls last), by name, so a batch of uploads never
     * lists in the order its uploads happened to finish.
     */
    position: integer('position'),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    checksum: varchar('checksum', { length: 24 }).notNull(),
    kind: enumColumn('kind', FILE_KINDS, 16).notNull(),
    thumbnailState: enumColumn('thumbnail_state', THUMBNAIL_STATES, 16).notNull(),
    thumbKey: varchar('thumb_key', { length: 320 }),
    previewKey: varchar('preview_key', { length: 320 }),
    ...timestamps,
  },
  (t) => [
    teamKey('files', t),
    teamReference('files_folder_team_fk', t.teamId, t.folderId, folders),
    teamReference('files_blob_team_fk', t.teamId, t.blobId, blobs),
    uniqueIndex('files_blob_key').on(t.blobId),
    index('files_folder_order_idx').on(t.teamId, t.folderId, t.position, t.name, t.id),
    index('files_thumbnail_pending_idx').on(t.id).where(sql`thumbnail_state = 'pending'`),
    enumCheck('files_kind_check', t.kind, FILE_KINDS),
    enumCheck('files_thumbnail_state_check', t.thumbnailState, THUMBNAIL_STATES),
  ],
);
