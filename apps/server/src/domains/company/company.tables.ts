import { COMPANY_INDUSTRIES, COMPANY_TIERS, RECORD_STATUSES } from '@trackit/contract/enums';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';

/**
 * A client company of a team (docs/product.md "Companies and contacts"); archived, and deleted only when
 * created by mistake (docs/product.md "Deleting and archiving").
 */
export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 50 }).notNull(),
    shortName: varchar('short_name', { length: 20 }),
    creditCode: varchar('credit_code', { length: 18 }),
    industry: enumColumn('industry', COMPANY_INDUSTRIES, 16),
    tier: enumColumn('tier', COMPANY_TIERS, 16).notNull().default('regular'),
    invoiceTitle: varchar('invoice_title', { length: 100 }),
    invoiceAddress: varchar('invoice_address', { length: 200 }),
    bankName: varchar('bank_name', { length: 50 }),
    bankAccount: varchar('bank_account', { length: 50 }),
    paymentTermsDays: integer('payment_terms_days'),
    ownerMembershipId: bigint('owner_membership_id', { mode: 'number' }),
    notes: varchar('notes', { length: 500 }),
    status: enumColumn('status', RECORD_STATUSES, 16).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    teamKey('companies', t),
    teamReference('companies_owner_membership_team_fk', t.teamId, t.ownerMembershipId, memberships),
    // The list's order (newest first) within a team, and one index per filter, each led by the team.
    index('companies_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('companies_team_industry_idx').on(t.teamId, t.industry, t.createdAt.desc(), t.id.desc()),
    index('companies_team_tier_idx').on(t.teamId, t.tier, t.createdAt.desc(), t.id.desc()),
    index('companies_team_owner_idx').on(t.teamId, t.ownerMembershipId, t.createdAt.desc(), t.id.desc()),
    // No two companies of a team share a name or a credit code (archived ones included).
    uniqueIndex('companies_team_name_key').on(t.teamId, t.name),
    uniqueIndex('companies_team_credit_code_key')
      .on(t.teamId, t.creditCode)
      .where(sql`credit_code is not null`),
    enumCheck('companies_industry_check', t.industry, COMPANY_INDUSTRIES),
    enumCheck('companies_tier_check', t.tier, COMPANY_TIERS),
    enumCheck('companies_status_check', t.status, RECORD_STATUSES),
  ],
);
