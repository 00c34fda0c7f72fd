import { BANKS } from '@trackit/contract/banks';
import { TAX_RATES } from '@trackit/contract/constants';
import { PENDING_CHANGE_STATUSES } from '@trackit/contract/pending-change.schema';
import { TAXPAYER_TYPES, TEAM_RECIPIENT_STATUSES } from '@trackit/contract/team-recipient.schema';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { memberships } from '../organization/organization.tables';
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
    /** The bank's name when it is not one of the listed banks (`bank` = `other`), e.g. 上海银行. */
    bankName: varchar('bank_name', { length: 50 }),
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
    // A bank outside the list is named, a listed bank is not.
    check('team_recipients_bank_name_check', sql`(${t.bank} = 'other') = (${t.bankName} is not null)`),
  ],
);

/** A payee entity's bank account as a change holds it. */
export interface StoredBankAccount {
  bank: (typeof BANKS)[number];
  bankName: string | null;
  branch: string;
  accountNumber: string;
}

/**
 * A change of a payee entity's bank account waiting for its checker (docs/product.md "Changes that wait
 * for approval"): the account it had and the one asked for. The approval kind `team_recipient_bank_change`
 * points at its id. At most one waits per entity; it is applied, rejected, withdrawn by its requester or
 * superseded by a newer change.
 */
export const teamRecipientBankChanges = pgTable(
  'team_recipient_bank_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    status: enumColumn('status', PENDING_CHANGE_STATUSES, 16).notNull().default('pending'),
    before: jsonb('before').$type<StoredBankAccount>().notNull(),
    after: jsonb('after').$type<StoredBankAccount>().notNull(),
    requestedByMembershipId: bigint('requested_by_membership_id', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    teamKey('team_recipient_bank_changes', t),
    teamReference(
      'team_recipient_bank_changes_recipient_team_fk',
      t.teamId,
      t.teamRecipientId,
      teamRecipients,
    ),
    teamReference(
      'team_recipient_bank_changes_requested_by_team_fk',
      t.teamId,
      t.requestedByMembershipId,
      memberships,
    ),
    index('team_recipient_bank_changes_recipient_idx').on(t.teamId, t.teamRecipientId, t.requestedAt),
    uniqueIndex('team_recipient_bank_changes_pending_key')
      .on(t.teamId, t.teamRecipientId)
      .where(sql`${t.status} = 'pending'`),
    enumCheck('team_recipient_bank_changes_status_check', t.status, PENDING_CHANGE_STATUSES),
    check(
      'team_recipient_bank_changes_resolved_check',
      sql`(${t.status} = 'pending') = (${t.resolvedAt} is null)`,
    ),
  ],
);
