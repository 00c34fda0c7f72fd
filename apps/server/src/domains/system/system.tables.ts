import { pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/**
 * One row, written when the database is first set up: identifies this installation (health shows it)
 * and keeps the signing secret of tokens and code hashes when AUTH_SECRET is not given, so the
 * embedded default needs no set-up and survives restarts.
 */
export const systemInstance = pgTable('system_instance', {
  id: uuid('id').primaryKey().defaultRandom(),
  authSecret: varchar('auth_secret', { length: 128 }).notNull(),
  ...timestamps,
});
