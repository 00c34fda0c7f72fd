import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { teamKey, teamReference, timestamps } from '../../db/columns';
import { companies } from '../company/company.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

/**
 * Money received (docs/product.md "Payments received"): on a business date, into one payee entity's
 * account, from a payer, with the bank's reference. Voided (with a reason) only while nothing of it is
 * allocated; never deleted. What is allocated and left is the contract's receiptBalance of its allocations.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** In fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * What its live allocations take: a cache the payment domain alone writes (payment/payment.service.ts
     * `settlePayments`), so the dashboard's 预收款 reads receipts alone; the allocations stay the truth.
     */
    allocated: bigint('allocated', { mode: 'number' }).notNull().default(0),
    /** The payer as written on the bank slip (付款方), kept as the bank wrote it. */
    payerName: varchar('payer_name', { length: 100 }).notNull(),
    /**
     * The client company the money came from (docs/product.md "Receipts belong to a client"): null for
     * receipts recorded before it was asked and not matched by name, and for money from no client.
     */
    companyId: bigint('company_id', { mode: 'number' }),
    reference: varchar('reference', { length: 64 }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidReason: text('void_reason'),
    voidedByMembershipId: bigint('voided_by_membership_id', { mode: 'number' }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('receipts', t),
    teamReference('receipts_team_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference('receipts_company_team_fk', t.teamId, t.companyId, companies),
    teamReference('receipts_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('receipts_voided_by_team_fk', t.teamId, t.voidedByMembershipId, memberships),
    // The list: newest receipt first; by entity.
    index('receipts_team_received_idx').on(t.teamId, t.receivedOn.desc(), t.id.desc()),
    // A client's receipts (its account on the company page).
    index('receipts_team_company_idx').on(t.teamId, t.companyId, t.receivedOn.desc()),
    index('receipts_team_recipient_idx').on(t.teamId, t.teamRecipientId, t.receivedOn.desc()),
    // Live receipts holding money no allocation took (the finance dashboard's 预收款), figures in the index.
    index('receipts_team_credit_idx')
      .on(t.teamId, t.amount, t.allocated)
      .where(sql`voided_at is null and amount > allocated`),
    // Within the contract's bound, whoever writes it (docs/decisions.md "Bounds on money, dates and races").
    check('receipts_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`),
    check('receipts_allocated_check', sql`${t.allocated} between 0 and ${t.amount}`),
    check('receipts_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);
