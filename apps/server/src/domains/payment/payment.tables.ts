import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, QueryBuilder, timestamp } from 'drizzle-orm/pg-core';
import { teamKey, teamReference } from '../../db/columns';
import { invoices } from '../invoice/invoice.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { receipts } from '../receipt/receipt.tables';
import { teams } from '../team/team.tables';

/**
 * A part of a receipt given to an invoice or (a client paying before the invoice) to a fee line, exactly
 * one of them. Undoing keeps the row with when and by whom (`undone_on` the business date), so a figure
 * as of an earlier date is reproduced (contract ./aging: dated records with `undone_on`).
 *
 * When an invoice is issued, direct allocations of its lines beyond the lines' uninvoiced part move onto it
 * (contract ./allocations `moveOnIssue`, docs/decisions.md "One rule for what is paid"): the direct row
 * ends (`undone_*` set, `moved_to_invoice_id` the invoice), and a row of the same receipt pays the invoice,
 * earmarked for the line (`earmark_fee_line_id`), with any part that stays direct as a new direct row.
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
    /** Of an invoice's allocation moved from a direct one: the line it was paid for (paid to it first). */
    earmarkFeeLineId: bigint('earmark_fee_line_id', { mode: 'number' }),
    /** Of a direct allocation ended because its line was invoiced: the invoice it moved onto. */
    movedToInvoiceId: bigint('moved_to_invoice_id', { mode: 'number' }),
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
    teamReference('allocations_earmark_fee_line_team_fk', t.teamId, t.earmarkFeeLineId, feeLines),
    teamReference('allocations_moved_to_invoice_team_fk', t.teamId, t.movedToInvoiceId, invoices),
    teamReference('allocations_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('allocations_undone_by_team_fk', t.teamId, t.undoneByMembershipId, memberships),
    index('allocations_team_receipt_idx').on(t.teamId, t.receiptId),
    index('allocations_team_invoice_idx').on(t.teamId, t.invoiceId),
    index('allocations_team_fee_line_idx').on(t.teamId, t.feeLineId),
    check('allocations_target_check', sql`(${t.invoiceId} is null) <> (${t.feeLineId} is null)`),
    // Within the contract's bound, whoever writes it (docs/decisions.md "Bounds on money, dates and races").
    check('allocations_amount_check', sql`${t.amount} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`),
    check(
      'allocations_undone_check',
      sql`(${t.undoneAt} is null) = (${t.undoneOn} is null) and (${t.undoneAt} is null or ${t.undoneOn} >= ${t.allocatedOn})`,
    ),
    check('allocations_earmark_check', sql`${t.earmarkFeeLineId} is null or ${t.invoiceId} is not null`),
    check(
      'allocations_moved_check',
      sql`${t.movedToInvoiceId} is null or (${t.feeLineId} is not null and ${t.undoneAt} is not null)`,
    ),
  ],
);

/**
 * The payments ledger (docs/decisions.md "Payments ledger"): what allocations paid of each fee line, as
 * dated changes. Every step that changes a line's payment (an allocation made or undone, an invoice issued,
 * which moves direct payments onto it, a red-letter correction passed, which respreads its invoice's
 * payments) calls the payment domain's `settlePayments` in its transaction, which writes the difference
 * between what the contract's paidByFeeLine says the line is paid now and what the ledger held, dated that
 * step's business date. So what is paid of a line as of any date is a SQL sum (the 费用 list's aging as of a
 * date, the dashboard), equal to the contract's figure at that date to the fen.
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

/**
 * The one SQL for "allocated" (docs/decisions.md "One owner for what is paid"): what live allocations (not
 * undone, not moved) give the outer query's receipt or invoice (`receipts` / `invoices`, not aliased, or the
 * columns given), as a correlated subquery, 0 when none. The receipt list, the locks an allocation takes,
 * the caches' refresh and the drift check all read it.
 */
export function liveAllocatedTo(
  of: 'receipt' | 'invoice',
  outer: { teamId: SQLWrapper; id: SQLWrapper } = of === 'receipt'
    ? { teamId: receipts.teamId, id: receipts.id }
    : { teamId: invoices.teamId, id: invoices.id },
) {
  const column = of === 'receipt' ? allocations.receiptId : allocations.invoiceId;
  const parts = new QueryBuilder()
    .select({ amount: sql`sum(${allocations.amount})` })
    .from(allocations)
    .where(and(eq(allocations.teamId, outer.teamId), eq(column, outer.id), isNull(allocations.undoneAt)));
  return sql<number>`coalesce(${parts}, 0)::bigint`.mapWith(Number);
}
