import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** An agency. Its members, departments and roles are the organization's (organization.tables.ts). */
export const teams = pgTable('teams', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 50 }).notNull(),
  ...timestamps,
});
