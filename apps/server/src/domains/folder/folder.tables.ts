import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';

/** A model's named set of files (docs/product.md §10 "Folder"); the model link arrives with the model domain. */
export const folders = pgTable(
  'folders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 50 }).notNull(),
    modelId: bigint('model_id', { mode: 'number' }),
    ...timestamps,
  },
  // One index per order the list offers (FOLDER_SORTS), each led by the team.
  (t) => [
    index('folders_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('folders_team_updated_idx').on(t.teamId, t.updatedAt.desc(), t.id.desc()),
    index('folders_team_name_idx').on(t.teamId, t.name, t.id),
  ],
);
