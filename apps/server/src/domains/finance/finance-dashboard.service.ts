/**
 * The finance dashboard (看板, docs/product.md "Finance dashboard"): every figure as of today's business
 * date, in one answer. What is owed comes from the 费用 list's own query (fee-list.repository.ts): the
 * receivable, its aging buckets, the weeks ahead and the top clients are its outstanding rows grouped in one
 * pass (`sumOutstandingGroups`: by bucket, by due date, by client), so each adds up with the list to the fen. Receipts, invoices
 * left unpaid, revenue by month and credit are read in finance-dashboard.repository.ts; the month's
 * withholding is the paid settlements' tax (the settlement domain's settlement-summary.service.ts). What is
 * payable to models (应付模特) is not here: 待结算 worked out over every model reads every open fee line, so
 * its card loads on its own (GET /v1/settlements/ready/totals) and never holds the other figures up.
 */
import {
  addDays,
  addMonths,
  businessDate,
  daysBetween,
  monthEnd,
  monthStart,
  weekOf,
} from '@trackit/contract/business-time';
import {
  FINANCE_DASHBOARD_MONTHS,
  FINANCE_DASHBOARD_TOP_CLIENTS,
  FINANCE_DASHBOARD_WEEKS,
  FINANCE_WEEK_START,
  type FinanceDashboard,
} from '@trackit/contract/finance-dashboard.schema';
import { AGING_BUCKETS } from '@trackit/contract/finance-enums';
import { cappedSum } from '@trackit/contract/money';
import type { AuthContext } from '../../http/auth-context';
import { withheldSettlementsIn } from '../settlement/settlement-summary.service';
import { sumOutstandingGroups } from './fee-list.repository';
import type { FinanceDeps } from './finance.service';
import {
  sumCorrectedByMonth,
  sumCredit,
  sumInvoicedUnpaid,
  sumIssuedByMonth,
  sumReceiptsByMonth,
} from './finance-dashboard.repository';

const DAYS_PER_WEEK = 7;
type Owed = { count: number; outstanding: number };
const owed = (): Owed => ({ count: 0, outstanding: 0 });
/** Adds a group into a total; money adds exactly, capped at MAX_SUM_FEN (the sums it adds already are). */
const add = (into: Owed, group: Owed) => {
  into.count += group.count;
  into.outstanding = cappedSum([into.outstanding, group.outstanding]);
};

/**
 * What is outstanding by when it falls due (groups by due date): overdue (due before today), each
 * Monday-to-Sunday week from this week's Monday (what falls due from today on), and later (after the last
 * week, or no due date).
 */
export function expectedByWeek(
  groups: readonly ({ dueOn: string | null } & Owed)[],
  today: string,
): FinanceDashboard['expected'] {
  const first = weekOf(today, FINANCE_WEEK_START).from;
  const overdue = owed();
  const later = owed();
  const weeks = Array.from({ length: FINANCE_DASHBOARD_WEEKS }, (_, index) => {
    const from = addDays(first, index * DAYS_PER_WEEK);
    return { from, to: addDays(from, DAYS_PER_WEEK - 1), ...owed() };
  });
  for (const group of groups) {
    if (group.dueOn !== null && group.dueOn < today) add(overdue, group);
    else {
      const week =
        group.dueOn === null ? undefined : weeks[Math.floor(daysBetween(first, group.dueOn) / DAYS_PER_WEEK)];
      add(week ?? later, group);
    }
  }
  return { overdue, weeks, later };
}

/** The last FINANCE_DASHBOARD_MONTHS months up to today's, oldest first. */
const lastMonths = (today: string) =>
  Array.from({ length: FINANCE_DASHBOARD_MONTHS }, (_, index) => {
    const from = addMonths(monthStart(today), index - FINANCE_DASHBOARD_MONTHS + 1);
    return { month: from.slice(0, 7), from, to: monthEnd(from) };
  });

const byMonth = (rows: readonly { month: string; amount: number }[]) =>
  new Map(rows.map((row) => [row.month, row.amount]));

/** GET /v1/finance/dashboard. */
export async function getFinanceDashboard(deps: FinanceDeps, auth: AuthContext): Promise<FinanceDashboard> {
  const { teamId } = auth;
  const today = businessDate(deps.clock());
  const thisMonth = { from: monthStart(today), to: monthEnd(today) };
  const lastMonthTo = addDays(thisMonth.from, -1);
  const lastMonth = { from: monthStart(lastMonthTo), to: lastMonthTo };
  const months = lastMonths(today);
  const first = months[0]?.from ?? thisMonth.from;

  const [owing, received, unpaid, issued, corrected, credit, withheld] = await Promise.all([
    sumOutstandingGroups(deps.db, teamId, { asOf: today, today }),
    sumReceiptsByMonth(deps.db, teamId, lastMonth.from, thisMonth.to),
    sumInvoicedUnpaid(deps.db, teamId),
    sumIssuedByMonth(deps.db, teamId, first, thisMonth.to),
    sumCorrectedByMonth(deps.db, teamId, first, thisMonth.to),
    sumCredit(deps.db, teamId),
    withheldSettlementsIn(deps, teamId, thisMonth),
  ]);

  const receivedIn = (range: { from: string; to: string }) => {
    const row = received.find((entry) => entry.month === range.from.slice(0, 7));
    return { ...range, count: row?.count ?? 0, amount: row?.amount ?? 0 };
  };
  const issuedIn = byMonth(issued);
  const correctedIn = byMonth(corrected);

  return {
    today,
    receivable: owing.byBucket.reduce((sum, group) => {
      add(sum, group);
      return sum;
    }, owed()),
    buckets: AGING_BUCKETS.map((bucket) => {
      const group = owing.byBucket.find((entry) => entry.bucket === bucket);
      return { bucket, count: group?.count ?? 0, outstanding: group?.outstanding ?? 0 };
    }),
    received_this_month: receivedIn(thisMonth),
    received_last_month: receivedIn(lastMonth),
    invoiced_unpaid: unpaid,
    expected: expectedByWeek(owing.byDueDate, today),
    invoiced_by_month: months.map((month) => {
      const gross = issuedIn.get(month.month) ?? 0;
      const back = correctedIn.get(month.month) ?? 0;
      return { ...month, issued: gross, corrected: back, net: gross - back };
    }),
    top_clients: owing.byClient
      .filter((group) => group.companyId !== null)
      .sort((a, b) => b.outstanding - a.outstanding || (a.companyId ?? 0) - (b.companyId ?? 0))
      .slice(0, FINANCE_DASHBOARD_TOP_CLIENTS)
      .map((group) => ({
        company: { id: group.companyId ?? 0, name: group.companyName ?? '' },
        count: group.count,
        outstanding: group.outstanding,
      })),
    credit,
    withheld_this_month: { ...thisMonth, count: withheld.count, amount: withheld.tax },
  };
}
