import { FOLDER_KINDS } from '@trackit/contract/enums';
import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';

/**
 * A model's named set of files (docs/product.md §10 "Folder"). `model_id` names a model of the same team
 * (checked by the folder service: a foreign key here would close an import circle through the files).
 */
export const folders = pgTable(
  'folders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 50 }).notNull(),
    kind: enumColumn('kind', FOLDER_KINDS, 16).notNull().default('other'),
    modelId: bigint('model_id', { mode: 'number' }),
    ...timestamps,
  },
  // One index per order the list offers (FOLDER_SORTS) and per filter, each led by the team.
  (t) => [
    teamKey('folders', t),
    index('folders_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('folders_team_updated_idx').on(t.teamId, t.updatedAt.desc(), t.id.desc()),
    index('folders_team_name_idx').on(t.teamId, t.name, t.id),
    index('folders_team_model_idx').on(t.teamId, t.modelId, t.createdAt.desc(), t.id.desc()),
    index('folders_team_kind_idx').on(t.teamId, t.kind, t.createdAt.desc(), t.id.desc()),
    enumCheck('folders_kind_check', t.kind, FOLDER_KINDS),
  ],
);
