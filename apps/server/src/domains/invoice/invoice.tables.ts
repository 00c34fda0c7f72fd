import { TAX_RATES } from '@trackit/contract/constants';
import { APPROVAL_STATUSES, FEE_KINDS } from '@trackit/contract/enums';
import {
  INVOICE_ITEMS,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  REVERSAL_SCOPES,
} from '@trackit/contract/finance-enums';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  pgTable,
  QueryBuilder,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../db/columns';
import { companies } from '../company/company.tables';
import { feeLines } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { blobs } from '../upload/upload.tables';

/** amount + tax = total, none negative: the figures of the contract's invoiceFigures / reversalFigures. */
const figuresCheck = (name: string, t: { amount: AnyPgColumn; tax: AnyPgColumn; total: AnyPgColumn }) =>
  check(name, sql`${t.amount} >= 0 and ${t.tax} >= 0 and ${t.total} = ${t.amount} + ${t.tax}`);

const figures = () => ({
  /** Before tax, in fen. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  tax: bigint('tax', { mode: 'number' }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * An invoice (docs/product.md "Invoices"): the payee entity (seller) and the client company of every line
 * (three flows), the buyer as printed, requested → issued (with the platform's 20-digit number, unique in
 * the team) → reversed once red-letter corrections took back its whole total (`reversed`). An issued
 * invoice is never edited nor deleted: only its status and `reversed` move, by approved corrections.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    type: enumColumn('type', INVOICE_TYPES, 16).notNull(),
    buyerName: varchar('buyer_name', { length: 100 }).notNull(),
    buyerTaxId: varchar('buyer_tax_id', { length: 20 }).notNull(),
    buyerAddressPhone: varchar('buyer_address_phone', { length: 200 }).notNull().default(''),
    buyerBankAccount: varchar('buyer_bank_account', { length: 200 }).notNull().default(''),
    status: enumColumn('status', INVOICE_STATUSES, 16).notNull().default('requested'),
    number: varchar('number', { length: 20 }),
    issuedOn: date('issued_on', { mode: 'string' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    issuedByMembershipId: bigint('issued_by_membership_id', { mode: 'number' }),
    /** The invoice PDF, from the upload pipeline. */
    fileBlobId: uuid('file_blob_id'),
    fileName: varchar('file_name', { length: 255 }),
    ...figures(),
    /** What approved red-letter corrections took back (tax included). */
    reversed: bigint('reversed', { mode: 'number' }).notNull().default(0),
    /**
     * What live allocations pay of it: a cache the payment domain alone writes (payment/payment.service.ts
     * `settlePayments`) so the dashboard's 已开票未收款 reads invoices alone; the allocations stay the source
     * of truth (the daily drift check and the tests compare the two).
     */
    allocated: bigint('allocated', { mode: 'number' }).notNull().default(0),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('invoices', t),
    teamReference('invoices_team_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference('invoices_company_team_fk', t.teamId, t.companyId, companies),
    teamReference('invoices_file_blob_team_fk', t.teamId, t.fileBlobId, blobs),
    teamReference('invoices_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    teamReference('invoices_issued_by_team_fk', t.teamId, t.issuedByMembershipId, memberships),
    // A number is the team's once (the platform never gives one twice).
    uniqueIndex('invoices_team_number_key').on(t.teamId, t.number),
    // The list: newest request first, by status; the filters by client, entity and issue date.
    index('invoices_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('invoices_team_status_created_idx').on(t.teamId, t.status, t.createdAt.desc()),
    index('invoices_team_company_idx').on(t.teamId, t.companyId, t.createdAt.desc()),
    index('invoices_team_recipient_idx').on(t.teamId, t.teamRecipientId, t.createdAt.desc()),
    index('invoices_team_issued_on_idx').on(t.teamId, t.issuedOn),
    // Issued invoices with something left to receive (the finance dashboard's 已开票未收款), figures in the
    // index so the sum never visits the table.
    index('invoices_team_open_idx')
      .on(t.teamId, t.total, t.reversed, t.allocated)
      .where(sql`status = 'issued' and total > reversed + allocated`),
    enumCheck('invoices_type_check', t.type, INVOICE_TYPES),
    enumCheck('invoices_status_check', t.status, INVOICE_STATUSES),
    // Issued (or reversed) exactly when it has its number and date.
    check(
      'invoices_issued_check',
      sql`(${t.status} = 'requested') = (${t.number} is null) and (${t.number} is null) = (${t.issuedOn} is null)`,
    ),
    check('invoices_number_check', sql`${t.number} is null or ${t.number} ~ '^[0-9]{20}$'`),
    figuresCheck('invoices_figures_check', t),
    check('invoices_reversed_check', sql`${t.reversed} between 0 and ${t.total}`),
    // Never paid past what red-letter corrections left of it (contract ./allocations invoiceOpen).
    check(
      'invoices_allocated_check',
      sql`${t.allocated} >= 0 and ${t.reversed} + ${t.allocated} <= ${t.total}`,
    ),
  ],
);

/**
 * A fee line as an invoice covers it: the part invoiced (what remained to invoice when requested), in
 * amount, tax and total as invoiceFigures gave them, with the service item and rate it is printed under.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    feeLineId: bigint('fee_line_id', { mode: 'number' }).notNull(),
    kind: enumColumn('kind', FEE_KINDS, 16).notNull(),
    item: enumColumn('item', INVOICE_ITEMS, 16).notNull(),
    taxRate: smallint('tax_rate').notNull(),
    ...figures(),
  },
  (t) => [
    teamKey('invoice_lines', t),
    teamReference('invoice_lines_invoice_team_fk', t.teamId, t.invoiceId, invoices),
    teamReference('invoice_lines_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    uniqueIndex('invoice_lines_invoice_fee_line_key').on(t.invoiceId, t.feeLineId),
    // What is invoiced of a fee line (待开票, the request's check).
    index('invoice_lines_team_fee_line_idx').on(t.teamId, t.feeLineId),
    enumCheck('invoice_lines_kind_check', t.kind, FEE_KINDS),
    enumCheck('invoice_lines_item_check', t.item, INVOICE_ITEMS),
    enumCheck(
      'invoice_lines_tax_rate_check',
      t.taxRate,
      TAX_RATES.map((rate) => String(rate)),
    ),
    figuresCheck('invoice_lines_figures_check', t),
    check('invoice_lines_total_check', sql`${t.total} > 0`),
  ],
);

/**
 * A red-letter correction (红字发票) of an issued invoice: `total` (tax included) taken back, its reason,
 * and the status of its approval (kind `invoice_correction`): init while it waits, then passed (its lines
 * go back to 待开票) or rejected. One waits per invoice at a time.
 */
export const invoiceCorrections = pgTable(
  'invoice_corrections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    ...figures(),
    /** 全额红冲 when it took all that remained of the invoice when asked, else 部分红冲 (reversalScope). */
    scope: enumColumn('scope', REVERSAL_SCOPES, 16).notNull().default('partial'),
    reason: text('reason').notNull(),
    status: enumColumn('status', APPROVAL_STATUSES, 16).notNull().default('init'),
    requestedByMembershipId: bigint('requested_by_membership_id', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /**
     * The red-letter invoice as the tax platform issued it (issue 35): its own 20-digit number, its date
     * and the 红字发票信息确认单 number, recorded once the correction passed, as the blue one's.
     */
    redNumber: varchar('red_number', { length: 20 }),
    redIssuedOn: date('red_issued_on', { mode: 'string' }),
    confirmationNumber: varchar('confirmation_number', { length: 20 }),
    redIssuedAt: timestamp('red_issued_at', { withTimezone: true, mode: 'date' }),
    redIssuedByMembershipId: bigint('red_issued_by_membership_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('invoice_corrections', t),
    teamReference('invoice_corrections_invoice_team_fk', t.teamId, t.invoiceId, invoices),
    teamReference(
      'invoice_corrections_requested_by_team_fk',
      t.teamId,
      t.requestedByMembershipId,
      memberships,
    ),
    index('invoice_corrections_team_invoice_idx').on(t.teamId, t.invoiceId, t.id),
    uniqueIndex('invoice_corrections_pending_key').on(t.teamId, t.invoiceId).where(sql`${t.status} = 'init'`),
    enumCheck('invoice_corrections_status_check', t.status, APPROVAL_STATUSES),
    figuresCheck('invoice_corrections_figures_check', t),
    // The amount typed for the reversal, within the contract's bound (fenSchema).
    check(
      'invoice_corrections_total_check',
      sql`${t.total} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`,
    ),
    check('invoice_corrections_decided_check', sql`(${t.status} = 'init') = (${t.decidedAt} is null)`),
    enumCheck('invoice_corrections_scope_check', t.scope, REVERSAL_SCOPES),
    teamReference(
      'invoice_corrections_red_issued_by_team_fk',
      t.teamId,
      t.redIssuedByMembershipId,
      memberships,
    ),
    // A red number is the team's once, as a blue one.
    uniqueIndex('invoice_corrections_team_red_number_key').on(t.teamId, t.redNumber),
    // The red invoice is recorded whole (number, date, 确认单, when) and only for a passed correction.
    check(
      'invoice_corrections_red_invoice_check',
      sql`(${t.redNumber} is null) = (${t.redIssuedOn} is null) and (${t.redNumber} is null) = (${t.confirmationNumber} is null) and (${t.redNumber} is null) = (${t.redIssuedAt} is null) and (${t.redNumber} is null or ${t.status} = 'passed')`,
    ),
    check(
      'invoice_corrections_red_numbers_check',
      sql`(${t.redNumber} is null or ${t.redNumber} ~ '^[0-9]{20}$') and (${t.confirmationNumber} is null or ${t.confirmationNumber} ~ '^[0-9]{20}$')`,
    ),
  ],
);

/** A correction's part of one invoice line (reversalFigures), kept with its fee line for 待开票's sums. */
export const invoiceCorrectionLines = pgTable(
  'invoice_correction_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    correctionId: bigint('correction_id', { mode: 'number' }).notNull(),
    invoiceLineId: bigint('invoice_line_id', { mode: 'number' }).notNull(),
    feeLineId: bigint('fee_line_id', { mode: 'number' }).notNull(),
    ...figures(),
  },
  (t) => [
    teamKey('invoice_correction_lines', t),
    teamReference(
      'invoice_correction_lines_correction_team_fk',
      t.teamId,
      t.correctionId,
      invoiceCorrections,
    ),
    teamReference('invoice_correction_lines_invoice_line_team_fk', t.teamId, t.invoiceLineId, invoiceLines),
    teamReference('invoice_correction_lines_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    uniqueIndex('invoice_correction_lines_correction_line_key').on(t.correctionId, t.invoiceLineId),
    // What corrections gave back of a fee line (待开票, the request's check).
    index('invoice_correction_lines_team_fee_line_idx').on(t.teamId, t.feeLineId),
    figuresCheck('invoice_correction_lines_figures_check', t),
  ],
);

/**
 * What passed red-letter corrections gave back, as a correlated subquery (0 when none): of the outer
 * query's invoice line (`invoice_lines`, not aliased) or of its fee line (`fee_lines`, not aliased),
 * correlated on the line's (team_id, id). Kept beside the tables so that every domain's repository reads
 * the one definition: 待开票, an invoice's lines and the receipts' payment inputs.
 */
export function givenBackOf(of: 'invoice_line' | 'fee_line') {
  const outer =
    of === 'invoice_line'
      ? { teamId: invoiceLines.teamId, id: invoiceLines.id, column: invoiceCorrectionLines.invoiceLineId }
      : { teamId: feeLines.teamId, id: feeLines.id, column: invoiceCorrectionLines.feeLineId };
  const parts = new QueryBuilder()
    .select({ total: sql`sum(${invoiceCorrectionLines.total})` })
    .from(invoiceCorrectionLines)
    .innerJoin(
      invoiceCorrections,
      and(
        eq(invoiceCorrections.teamId, invoiceCorrectionLines.teamId),
        eq(invoiceCorrections.id, invoiceCorrectionLines.correctionId),
      ),
    )
    .where(
      and(
        eq(invoiceCorrectionLines.teamId, outer.teamId),
        eq(outer.column, outer.id),
        eq(invoiceCorrections.status, 'passed'),
      ),
    );
  return sql<number>`coalesce(${parts}, 0)::bigint`.mapWith(Number);
}

/**
 * What issued invoices hold of the outer query's fee line (`fee_lines`, not aliased), net of what passed
 * red-letter corrections gave back, as a correlated subquery (0 when none): 已开票 of 费用 and 财务详情, and
 * what a line may no longer be paid directly (contract ./allocations directOpen). An invoice request is not
 * yet an invoice.
 */
export function invoicedNetOf() {
  const issued = new QueryBuilder()
    .select({ total: sql`sum(${invoiceLines.total})` })
    .from(invoiceLines)
    .innerJoin(
      invoices,
      and(eq(invoices.teamId, invoiceLines.teamId), eq(invoices.id, invoiceLines.invoiceId)),
    )
    .where(
      and(
        eq(invoiceLines.teamId, feeLines.teamId),
        eq(invoiceLines.feeLineId, feeLines.id),
        isNotNull(invoices.issuedOn),
      ),
    );
  return sql<number>`(coalesce(${issued}, 0) - ${givenBackOf('fee_line')})::bigint`.mapWith(Number);
}
