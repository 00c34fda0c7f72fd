import { TAX_RATES } from '@trackit/contract/constants';
import { BANKS, TAXPAYER_TYPES, TEAM_RECIPIENT_STATUSES } from '@trackit/contract/team-recipient.schema';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, timestamps } from '../../db/columns';
import { teams } from '../team/team.tables';

/**
 * A payee entity (收款主体) of a team (docs/product.md "Payee entities"): one of the agency's legal
 * companies, with the bank account money is paid into. Disabled, never deleted (orders refer to it). At
 * most one per team is the default, which the partial unique index keeps.
 */
export const teamRecipients = pgTable(
  'team_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    name: varchar('name', { length: 100 }).notNull(),
    shortName: varchar('short_name', { length: 20 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    taxpayerType: enumColumn('taxpayer_type', TAXPAYER_TYPES, 16).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    bank: enumColumn('bank', BANKS, 16).notNull(),
    branch: varchar('branch', { length: 100 }).notNull(),
    accountNumber: varchar('account_number', { length: 30 }).notNull(),
    defaultTaxRate: smallint('default_tax_rate'),
    isDefault: boolean('is_default').notNull().default(false),
    status: enumColumn('status', TEAM_RECIPIENT_STATUSES, 16).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    teamKey('team_recipients', t),
    uniqueIndex('team_recipients_team_name_key').on(t.teamId, t.name),
    uniqueIndex('team_recipients_team_credit_code_key').on(t.teamId, t.creditCode),
    // One default per team; a new default unsets the old one in the same transaction.
    uniqueIndex('team_recipients_team_default_key').on(t.teamId).where(sql`is_default`),
    enumCheck('team_recipients_taxpayer_type_check', t.taxpayerType, TAXPAYER_TYPES),
    enumCheck('team_recipients_bank_check', t.bank, BANKS),
    enumCheck('team_recipients_status_check', t.status, TEAM_RECIPIENT_STATUSES),
    check(
      'team_recipients_default_tax_rate_check',
      sql`${t.defaultTaxRate} is null or ${t.defaultTaxRate} in (${sql.raw(TAX_RATES.join(', '))})`,
    ),
    check('team_recipients_account_number_check', sql`${t.accountNumber} ~ '^[0-9]{8,30}$'`),
    check('team_recipients_default_active_check', sql`not ${t.isDefault} or ${t.status} = 'active'`),
  ],
);
