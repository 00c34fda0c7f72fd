/**
 * The finance dashboard (看板, `GET /v1/finance/dashboard`, docs/product.md "Finance dashboard"): what is
 * owed, received, invoiced and held for clients, as of today's business date, in one answer. Money is
 * integer fen. What is owed (receivable, aging buckets, the weeks ahead, the top clients) comes from the
 * rows of the 费用 list (`GET /v1/finance/fees`), so every figure adds up with its totals.
 */
import { z } from 'zod';
import { agingBucketSchema } from './finance-enums';

const count = z.number().int().nonnegative();
const fen = z.number().int();

/** Weeks of expected receipts after what is overdue, this week first. */
export const FINANCE_DASHBOARD_WEEKS = 8;
/** Months of revenue invoiced, this month last. */
export const FINANCE_DASHBOARD_MONTHS = 12;
/** Clients listed by what they owe. */
export const FINANCE_DASHBOARD_TOP_CLIENTS = 10;
/**
 * Finance's weeks start on Monday (1, as `Date.prototype.getDay`): a week of collections is a bank week,
 * Monday to Sunday (docs/decisions.md "Finance dashboard"); the schedule's weeks keep WEEK_START.
 */
export const FINANCE_WEEK_START = 1;

/** Some records and their amount. */
const tallySchema = z.object({ count, amount: fen });

/** Receipts received in a period (both ends included), voided ones left out. */
const receivedSchema = tallySchema.extend({ from: z.string(), to: z.string() });

/** Billed orders with something outstanding, and what they owe. */
const owedSchema = z.object({ count, outstanding: fen });

export const financeDashboardSchema = z.object({
  /** The business date every figure is as of. */
  today: z.string(),
  /** 未收: billed orders with something outstanding (the 费用 list's `outstanding=true` totals). */
  receivable: owedSchema,
  /** What is outstanding in each aging bucket, youngest first, every bucket listed. */
  buckets: z.array(owedSchema.extend({ bucket: agingBucketSchema })),
  /** Receipts by their received date, this month (up to its end) and last month. */
  received_this_month: receivedSchema,
  received_last_month: receivedSchema,
  /**
   * 已开票未收款: issued invoices with something left to receive (total − reversed − allocated), how many and
   * the sum: the invoice list's `open=true` rows.
   */
  invoiced_unpaid: tallySchema,
  /**
   * What falls due, by week of the due date: what is already overdue, then FINANCE_DASHBOARD_WEEKS weeks
   * from Monday to Sunday, this week first (from today: what fell due before is overdue), then what falls
   * due later or has no due date. The three add up to `receivable`.
   */
  expected: z.object({
    overdue: owedSchema,
    weeks: z.array(owedSchema.extend({ from: z.string(), to: z.string() })),
    later: owedSchema,
  }),
  /**
   * Revenue invoiced by month, oldest first, this month last: issued invoices' amounts before tax by issue
   * month (`issued`), red-letter corrections' amounts before tax by the month they were passed
   * (`corrected`), and the difference (`net`, negative when corrections outweigh).
   */
  invoiced_by_month: z.array(
    z.object({ month: z.string(), from: z.string(), to: z.string(), issued: fen, corrected: fen, net: fen }),
  ),
  /** The clients owing most (billed orders with a client company), most first. */
  top_clients: z.array(owedSchema.extend({ company: z.object({ id: z.number().int(), name: z.string() }) })),
  /** 预收款: what live receipts hold that is not allocated, and how many hold some. */
  credit: tallySchema,
  /**
   * 本月代扣个税: the settlements paid this business month (`paid_on`) to models paid as individuals (those
   * the month's 扣缴明细 lists; a studio's payout has nothing withheld) and the tax withheld in them.
   */
  withheld_this_month: receivedSchema,
});
export type FinanceDashboard = z.infer<typeof financeDashboardSchema>;
