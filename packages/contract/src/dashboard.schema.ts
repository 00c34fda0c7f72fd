/**
 * The data dashboard (数据看板, docs/product.md "Dashboard"): what an agency head opens every morning, in
 * one answer. Dates are business dates (UTC+8); weeks run Sunday to Saturday; money is integer fen.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const fen = z.number().int();
const range = z.object({ from: z.string(), to: z.string() });

/** A month's booked orders: those confirmed (or completed, billed) whose first working day is in it. */
export const dashboardMonthSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: count,
  /** Sum of the orders' amounts before tax. */
  value: fen,
});

export const dashboardSchema = z.object({
  today: z.string(),
  week: range,
  /** Confirmed orders (locked days) with a working day today / this week. */
  jobs_today: count,
  jobs_this_week: count,
  /** Per day of this week, Sunday first: confirmed orders working that day. */
  jobs_by_day: z.array(z.object({ date: z.string(), jobs: count })),
  /** Active models with a locked day this week, and those without. */
  models_booked_this_week: count,
  models_free_this_week: count,
  /** Live options (reserved, not expired) whose expiry falls within the next 48 hours. */
  options_expiring_48h: count,
  /** Submitted orders waiting for a decision the caller can make (0 below `my_bill` manage). */
  approvals_waiting: count,
  /** Packages opened at least once in the last 7 days, their opens, and the picks made. */
  packages_opened_7d: count,
  package_views_7d: count,
  package_picks_7d: count,
  this_month: dashboardMonthSchema,
  last_month: dashboardMonthSchema,
  /** Value booked by day of the month, this month beside last (cumulative, fen), for the chart. */
  value_by_day: z.array(
    z.object({ day: z.number().int(), this_month: fen.nullable(), last_month: fen.nullable() }),
  ),
  /**
   * Whose orders the money covers: the whole team's for a member with `my_bill` manage, otherwise the
   * caller's own (the amounts of others' orders are theirs to see only).
   */
  value_scope: z.enum(['team', 'mine']),
  /** Usage licences (肖像授权) of confirmed or billed orders ending within 30 days. */
  licences_expiring_30d: count,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
