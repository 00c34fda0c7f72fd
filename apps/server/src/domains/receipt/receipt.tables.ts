import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { teamKey, teamReference, timestamps } from '../../db/columns';
import { invoices } from '../invoice/invoice.tables';
import { feeLines, orders } from '../order/order.tables';
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
    /** What its live allocations take, kept with them (the dashboard's 预收款 reads receipts alone). */
    allocated: bigint('allocated', { mode: 'number' }).notNull().default(0),
    payerName: varchar('payer_name', { length: 100 }).notNull(),
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
    teamReference('receipts_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('receipts_voided_by_team_fk', t.teamId, t.voidedByMembershipId, memberships),
    // The list: newest receipt first; by entity.
    index('receipts_team_received_idx').on(t.teamId, t.receivedOn.desc(), t.id.desc()),
    index('receipts_team_recipient_idx').on(t.teamId, t.teamRecipientId, t.receivedOn.desc()),
    // Live receipts holding money no allocation took (the finance dashboard's 预收款), figures in the index.
    index('receipts_team_credit_idx')
      .on(t.teamId, t.amount, t.allocated)
      .where(sql`voided_at is null and amount > allocated`),
    // Within the contract's bound, whoever writes it (docs/decisions.md "Bounds on money, dates and races").
    check('receipts_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`),
    check('receipts_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/**
 * A part of a receipt given to an invoice or (a client paying before the invoice) to a fee line, exactly
 * one of them. Undoing keeps the row with when and by whom (`undone_on` the business date), so a figure
 * as of an earlier date is reproduced (contract ./aging: dated records with `undone_on`).
 */
export const allocations = pgTable(
  'allocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    feeLineId: bigint('fee_line_id', { mode: 'number' }),
    /** In fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The business date it was made (aging as of a date counts it from then). */
    allocatedOn: date('allocated_on', { mode: 'string' }).notNull(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneOn: date('undone_on', { mode: 'string' }),
    undoneByMembershipId: bigint('undone_by_membership_id', { mode: 'number' }),
  },
  (t) => [
    teamKey('allocations', t),
    teamReference('allocations_receipt_team_fk', t.teamId, t.receiptId, receipts),
    teamReference('allocations_invoice_team_fk', t.teamId, t.invoiceId, invoices),
    teamReference('allocations_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    teamReference('allocations_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('allocations_undone_by_team_fk', t.teamId, t.undoneByMembershipId, memberships),
    index('allocations_team_receipt_idx').on(t.teamId, t.receiptId),
    index('allocations_team_invoice_idx').on(t.teamId, t.invoiceId),
    index('allocations_team_fee_line_idx').on(t.teamId, t.feeLineId),
    check('allocations_target_check', sql`(${t.invoiceId} is null) <> (${t.feeLineId} is null)`),
    check('allocations_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`),
    check(
      'allocations_undone_check',
      sql`(${t.undoneAt} is null) = (${t.undoneOn} is null) and (${t.undoneAt} is null or ${t.undoneOn} >= ${t.allocatedOn})`,
    ),
  ],
);

/**
 * The payments ledger (docs/decisions.md "Payments ledger"): what allocations paid of each fee line, as
 * dated changes. Every step that changes a line's payment (an allocation made or undone, a red-letter
 * correction passed, which respreads its invoice's payments) writes, in its transaction, the difference
 * between what the contract's paidByFeeLine says the line is paid now and what the ledger held, dated
 * that step's business date. So what is paid of a line as of any date is a SQL sum (the 费用 list's aging
 * as of a date, the dashboard), equal to the contract's figure at that date to the fen.
 */
export const feeLinePayments = pgTable(
  'fee_line_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    feeLineId: bigint('fee_line_id', { mode: 'number' }).notNull(),
    /** The line's order, kept here so an order's sums need not pass through its lines. */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The business date the change counts from. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** In fen, signed: negative when an allocation is undone or a respread takes some back. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    teamKey('fee_line_payments', t),
    teamReference('fee_line_payments_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    teamReference('fee_line_payments_order_team_fk', t.teamId, t.orderId, orders),
    index('fee_line_payments_team_order_idx').on(t.teamId, t.orderId, t.paidOn),
    index('fee_line_payments_team_fee_line_idx').on(t.teamId, t.feeLineId),
    // What changed after a date (费用 as of a past date works back from the lines' current figures).
    index('fee_line_payments_team_paid_on_idx').on(t.teamId, t.paidOn),
    check('fee_line_payments_amount_check', sql`${t.amount} <> 0`),
  ],
);
