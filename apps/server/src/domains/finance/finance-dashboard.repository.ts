/**
 * The finance dashboard's reads besides the 费用 rows (docs/product.md "Finance dashboard"): receipts by
 * month, issued invoices left unpaid, revenue invoiced by month, and the credit receipts hold. Each is one
 * statement led by the team on an index of the table it reads; they only read the invoice and receipt
 * domains' tables (ARCHITECTURE.md: a repository may join another domain's table to read).
 */
import { BUSINESS_TIME_ZONE, businessInstant, dayBounds } from '@trackit/contract/business-time';
import { and, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sumFen } from '../../db/money-sum';
import { invoiceCorrections, invoices } from '../invoice/invoice.tables';
import { receipts } from '../receipt/receipt.tables';

const counted = (expression: SQL) => sql<number>`${expression}::int`.mapWith(Number);
/** `YYYY-MM` of a date column. */
const monthOf = (column: SQL) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Live (not voided) receipts by month of their received date, in [from, to]. */
export async function sumReceiptsByMonth(db: Database, teamId: number, from: string, to: string) {
  const month = monthOf(sql`${receipts.receivedOn}`);
  return db
    .select({
      month: sql<string>`${month}`,
      count: counted(sql`count(*)`),
      amount: sumFen(receipts.amount),
    })
    .from(receipts)
    .where(
      and(
        eq(receipts.teamId, teamId),
        gte(receipts.receivedOn, from),
        lte(receipts.receivedOn, to),
        isNull(receipts.voidedAt),
      ),
    )
    .groupBy(month);
}

/**
 * Issued invoices with something left to receive (total − reversed − allocated, the allocated amount each
 * invoice keeps with its allocations), and its sum.
 */
export async function sumInvoicedUnpaid(db: Database, teamId: number) {
  const [row] = await db
    .select({
      count: counted(sql`count(*)`),
      amount: sumFen(sql`${invoices.total} - ${invoices.reversed} - ${invoices.allocated}`),
    })
    .from(invoices)
    // The partial index invoices_team_open_idx's own condition, written out for the planner to match it.
    .where(
      and(
        eq(invoices.teamId, teamId),
        sql`${invoices.status} = 'issued' and ${invoices.total} > ${invoices.reversed} + ${invoices.allocated}`,
      ),
    );
  return row ?? { count: 0, amount: 0 };
}

/** Issued invoices' amounts before tax by issue month, in [from, to]. */
export async function sumIssuedByMonth(db: Database, teamId: number, from: string, to: string) {
  const month = monthOf(sql`${invoices.issuedOn}`);
  return db
    .select({ month: sql<string>`${month}`, amount: sumFen(invoices.amount) })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), gte(invoices.issuedOn, from), lte(invoices.issuedOn, to)))
    .groupBy(month);
}

/**
 * Passed red-letter corrections' amounts before tax by the business month they were passed, in [from, to].
 * The month is worked out in a subquery and grouped by name: the time zone is a parameter, and the same
 * expression written twice would be two parameters PostgreSQL cannot tell are equal.
 */
export async function sumCorrectedByMonth(db: Database, teamId: number, from: string, to: string) {
  const decided = db
    .select({
      month: monthOf(sql`(${invoiceCorrections.decidedAt} at time zone ${BUSINESS_TIME_ZONE})`).as(
        'decided_month',
      ),
      amount: invoiceCorrections.amount,
    })
    .from(invoiceCorrections)
    .where(
      and(
        eq(invoiceCorrections.teamId, teamId),
        eq(invoiceCorrections.status, 'passed'),
        gte(invoiceCorrections.decidedAt, businessInstant(from)),
        lt(invoiceCorrections.decidedAt, dayBounds(to).before),
      ),
    )
    .as('decided');
  return db
    .select({ month: decided.month, amount: sumFen(decided.amount) })
    .from(decided)
    .groupBy(decided.month);
}

/** 预收款: what live receipts hold that no live allocation took, and how many hold some. */
export async function sumCredit(db: Database, teamId: number) {
  const [row] = await db
    .select({
      count: counted(sql`count(*)`),
      amount: sumFen(sql`${receipts.amount} - ${receipts.allocated}`),
    })
    .from(receipts)
    // The partial index receipts_team_credit_idx's own condition, written out for the planner to match it.
    .where(
      and(
        eq(receipts.teamId, teamId),
        sql`${receipts.voidedAt} is null and ${receipts.amount} > ${receipts.allocated}`,
      ),
    );
  return row ?? { count: 0, amount: 0 };
}
