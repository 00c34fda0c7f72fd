import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/**
 * One row, written when the database is first set up: identifies this installation (health shows it),
 * so a restart or a moved data directory can be told apart from a fresh database.
 */
export const systemInstance = pgTable('system_instance', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...timestamps,
});
