import { RECORD_STATUSES } from '@trackit/contract/enums';
import { bigint, boolean, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { companies } from '../company/company.tables';
import { teams } from '../team/team.tables';

/**
 * A person at a client company (or on their own) whom the team deals with; archived, and deleted only
 * when created by mistake (docs/product.md "Deleting and archiving").
 */
export const contacts = pgTable(
  'contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    companyId: bigint('company_id', { mode: 'number' }),
    name: varchar('name', { length: 50 }).notNull(),
    position: varchar('position', { length: 50 }),
    mobile: varchar('mobile', { length: 11 }),
    wechat: varchar('wechat', { length: 50 }),
    email: varchar('email', { length: 100 }),
    notes: varchar('notes', { length: 500 }),
    isInvoiceContact: boolean('is_invoice_contact').notNull().default(false),
    status: enumColumn('status', RECORD_STATUSES, 16).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    teamKey('contacts', t),
    teamReference('contacts_company_team_fk', t.teamId, t.companyId, companies),
    // The list's order within a team, and within a company (its detail page and its contact count).
    index('contacts_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('contacts_team_company_idx').on(t.teamId, t.companyId, t.createdAt.desc(), t.id.desc()),
    enumCheck('contacts_status_check', t.status, RECORD_STATUSES),
  ],
);
