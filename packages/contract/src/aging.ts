/**
 * The time rules of finance (issue 23, docs/decisions.md "Finance rules"): an order's due date, its days
 * overdue and aging bucket, what is outstanding as of any date, and a client's statement over a period.
 * Everything as of a date is worked out from dated records the caller passes (billed, invoiced, received,
 * allocated, undone), never from "now", so a month-end figure is reproduced exactly months later. Dates are
 * business dates (YYYY-MM-DD, ./business-time); `YYYY-MM-DD` texts compare in calendar order as strings.
 */
import { addDays, daysBetween } from './business-time';
import { AGING_BUCKET_DAYS, AGING_BUCKETS, type AgingBucket } from './finance-enums';
import { cappedSum } from './money';

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

/**
 * The exact sum of the records that count as of a date, in BigInt: a client may have more records at
 * their limit than add up below 2^53 (docs/decisions.md "Bounds on money, dates and races").
 */
const exactAsOf = (records: readonly Dated[], asOf: string): bigint =>
  records.reduce((sum, record) => (countsOn(record, asOf) ? sum + BigInt(record.amount) : sum), 0n);

/** The sum of the records that count as of a date (capped at ±MAX_SUM_FEN, ./money cappedSum). */
export const sumAsOf = (records: readonly Dated[], asOf: string): number =>
  cappedSum([exactAsOf(records, asOf)]);

/**
 * The exact sum of the records of a period, both ends included: those counting at its end and not already
 * counting the day before it started. A record made and undone within the period nets to nothing; one
 * made before and undone within it counts negatively (money allocated in October and undone in November
 * is November's movement).
 */
const exactInPeriod = (records: readonly Dated[], from: string, to: string): bigint =>
  exactAsOf(records, to) - exactAsOf(records, addDays(from, -1));

/** The sum of the records of a period (exactInPeriod), capped at ±MAX_SUM_FEN. */
export const sumInPeriod = (records: readonly Dated[], from: string, to: string): number =>
  cappedSum([exactInPeriod(records, from, to)]);

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
 * worked out directly as of `to`, and one period's closing is the next one's opening. Worked out exactly
 * in BigInt, each figure capped at ±MAX_SUM_FEN only as it is answered.
 */
export function statementFigures(records: StatementRecords, from: string, to: string): StatementFigures {
  const before = addDays(from, -1);
  const opening = exactAsOf(records.fees, before) - exactAsOf(records.receipts, before);
  const fees = exactInPeriod(records.fees, from, to);
  const received = exactInPeriod(records.receipts, from, to);
  const answered = (sum: bigint) => cappedSum([sum]);
  return {
    from,
    to,
    opening: answered(opening),
    fees: answered(fees),
    invoiced: answered(exactInPeriod(records.invoices, from, to)),
    received: answered(received),
    closing: answered(opening + fees - received),
    credit: answered(exactAsOf(records.receipts, to) - exactAsOf(records.allocations, to)),
  };
}
