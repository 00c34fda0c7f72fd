/**
 * The time rules of finance (issue 23, docs/decisions.md "Finance rules"): an order's due date, its days
 * overdue and aging bucket, what is outstanding as of any date, and a client's statement over a period.
 * Everything as of a date is worked out from dated records the caller passes (billed, invoiced, received,
 * allocated, undone), never from "now", so a month-end figure is reproduced exactly months later. Dates are
 * business dates (YYYY-MM-DD, ./business-time); `YYYY-MM-DD` texts compare in calendar order as strings.
 */
import { addDays, daysBetween } from './business-time';
import { AGING_BUCKET_DAYS, AGING_BUCKETS, type AgingBucket } from './finance-enums';

// --- Due dates and aging -------------------------------------------------------------------------------

/**
 * When an order's money is due: its last working day plus the client company's payment terms in days (no
 * terms: due on the last working day itself). Calendar days, as terms are written ("30 天").
 */
export const dueDate = (lastWorkingDay: string, paymentTermsDays: number | null | undefined): string =>
  addDays(lastWorkingDay, paymentTermsDays ?? 0);

/** Whole days past the due date as of a date: 0 on the due date and before it, 1 the day after. */
export const daysOverdue = (due: string, asOf: string): number => Math.max(0, daysBetween(due, asOf));

/** The aging bucket of a number of days overdue, by AGING_BUCKET_DAYS (0: 未到期; 90: 61–90; 91: 90 天以上). */
export function agingBucket(days: number): AgingBucket {
  for (const bucket of AGING_BUCKETS) {
    const { min, max } = AGING_BUCKET_DAYS[bucket];
    if (days >= min && (max === null || days <= max)) return bucket;
  }
  return 'not_due';
}

// --- Dated records -------------------------------------------------------------------------------------

/**
 * A dated amount: an order billed, an invoice issued (a red-letter invoice negative), a receipt received,
 * an allocation made. `undone_on` is when it stopped counting (an allocation undone, a receipt voided):
 * it counts from `on` and until the day before `undone_on`, so a figure as of an earlier date keeps it.
 */
export interface Dated {
  readonly on: string;
  readonly amount: number;
  readonly undone_on?: string | null;
}

/** Whether a record counts as of a date (end of that business day). */
export const countsOn = (record: Dated, asOf: string): boolean =>
  record.on <= asOf && (record.undone_on == null || record.undone_on > asOf);

/** The sum of the records that count as of a date. */
export const sumAsOf = (records: readonly Dated[], asOf: string): number =>
  records.reduce((sum, record) => (countsOn(record, asOf) ? sum + record.amount : sum), 0);

/**
 * The sum of the records of a period, both ends included: those counting at its end and not already
 * counting the day before it started. A record made and undone within the period nets to nothing; one
 * made before and undone within it counts negatively (money allocated in October and undone in November
 * is November's movement).
 */
export const sumInPeriod = (records: readonly Dated[], from: string, to: string): number =>
  sumAsOf(records, to) - sumAsOf(records, addDays(from, -1));

// --- Receivables -----------------------------------------------------------------------------------------

export interface ReceivableAsOf {
  billed: number;
  received: number;
  outstanding: number;
  days_overdue: number;
  /** null when nothing is outstanding: the order has left the receivables. */
  bucket: AgingBucket | null;
}

/**
 * An order's receivable as of a date: billed (0 before its billing date) less the allocations to its lines
 * counting then (by the allocation's date, not the receipt's: money received but not yet allocated was the
 * client's credit, not this order's payment), its days overdue and aging bucket. The server's SQL for the
 * 费用 list follows the same rule; the tests of the API compare the two.
 */
export function receivableAsOf(
  order: {
    readonly billed_on: string;
    readonly billed: number;
    readonly due_on: string;
    readonly allocations: readonly Dated[];
  },
  asOf: string,
): ReceivableAsOf {
  const billed = order.billed_on <= asOf ? order.billed : 0;
  const received = sumAsOf(order.allocations, asOf);
  const outstanding = billed - received;
  const days = outstanding > 0 ? daysOverdue(order.due_on, asOf) : 0;
  return {
    billed,
    received,
    outstanding,
    days_overdue: days,
    bucket: outstanding > 0 ? agingBucket(days) : null,
  };
}

// --- Statements ------------------------------------------------------------------------------------------

/** What a client's statement is worked out from: the client's dated records, all of them (any date). */
export interface StatementRecords {
  /** Fee lines billed (tax included), dated by the order's billing date. */
  readonly fees: readonly Dated[];
  /** Invoices issued, dated by their issue date; a red-letter invoice as a negative amount. */
  readonly invoices: readonly Dated[];
  /** Receipts, dated by when they were received; a voided one with its `undone_on`. */
  readonly receipts: readonly Dated[];
  /** Allocations of those receipts, dated by when they were made; an undone one with its `undone_on`. */
  readonly allocations: readonly Dated[];
}

export interface StatementFigures {
  from: string;
  to: string;
  /** Fees billed before `from` less receipts before `from`: what the client owed as the period began. */
  opening: number;
  /** The period's fees, invoices (net of red-letter ones) and receipts. */
  fees: number;
  invoiced: number;
  received: number;
  /** opening + fees − received: what the client owes at the end of `to` (negative: the client is in credit). */
  closing: number;
  /** Receipts not allocated at the end of `to` (预收款). */
  credit: number;
}

/**
 * A client's statement over a period (both ends included). The balance is fees billed less money received,
 * whatever has been invoiced (an invoice is a tax document, not a debt); `closing` is thus also the balance
 * worked out directly as of `to`, and one period's closing is the next one's opening.
 */
export function statementFigures(records: StatementRecords, from: string, to: string): StatementFigures {
  const before = addDays(from, -1);
  const opening = sumAsOf(records.fees, before) - sumAsOf(records.receipts, before);
  const fees = sumInPeriod(records.fees, from, to);
  const received = sumInPeriod(records.receipts, from, to);
  return {
    from,
    to,
    opening,
    fees,
    invoiced: sumInPeriod(records.invoices, from, to),
    received,
    closing: opening + fees - received,
    credit: sumAsOf(records.receipts, to) - sumAsOf(records.allocations, to),
  };
}
