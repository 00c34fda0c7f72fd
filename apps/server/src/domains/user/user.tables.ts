import { bigint, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** A person, known by their mainland mobile number; what they can do comes from their memberships. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_mobile_key').on(t.mobile)],
);
