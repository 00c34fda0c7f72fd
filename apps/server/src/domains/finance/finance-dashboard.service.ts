/**
 * The finance dashboard (看板, docs/product.md "Finance dashboard"): every figure as of today's business
 * date, in one answer. What is owed comes from the 费用 list's own query (fee-list.repository.ts): the
 * receivable and its aging buckets are its totals (`feeTotals`, outstanding orders), and the weeks ahead and
 * the top clients group its outstanding rows, so each adds up with the list to the fen. Receipts, invoices
 * left unpaid, revenue by month and credit are read in finance-dashboard.repository.ts.
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
import type { AuthContext } from '../../http/auth-context';
import { type FeeRowRecord, listFeeRows } from './fee-list.repository';
import { feeTotals } from './fee-list.service';
import type { FinanceDeps } from './finance.service';
import {
  sumCorrectedByMonth,
  sumCredit,
  sumInvoicedUnpaid,
  sumIssuedByMonth,
  sumReceiptsByMonth,
} from './finance-dashboard.repository';

const DAYS_PER_WEEK = 7;
/** Every outstanding order in one read: the receivables proper, a few hundred to a few thousand rows. */
const EVERY_ROW = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };

type Owed = { count: number; outstanding: number };
const owed = (): Owed => ({ count: 0, outstanding: 0 });
const add = (into: Owed, row: Pick<FeeRowRecord, 'outstanding'>) => {
  into.count += 1;
  into.outstanding += row.outstanding;
};

/**
 * The outstanding orders by when they fall due: overdue (days overdue > 0), each Monday-to-Sunday week
 * from this week's Monday (what falls due from today on), and later (after the last week, or no due date).
 */
export function expectedByWeek(
  rows: readonly Pick<FeeRowRecord, 'dueOn' | 'daysOverdue' | 'outstanding'>[],
  today: string,
): FinanceDashboard['expected'] {
  const first = weekOf(today, FINANCE_WEEK_START).from;
  const overdue = owed();
  const later = owed();
  const weeks = Array.from({ length: FINANCE_DASHBOARD_WEEKS }, (_, index) => {
    const from = addDays(first, index * DAYS_PER_WEEK);
    return { from, to: addDays(from, DAYS_PER_WEEK - 1), ...owed() };
  });
  for (const row of rows) {
    if (row.daysOverdue > 0) add(overdue, row);
    else {
      const week = row.dueOn === null ? undefined : weeks[Math.floor(daysBetween(first, row.dueOn) / 7)];
      add(week ?? later, row);
    }
  }
  return { overdue, weeks, later };
}

/** The clients owing most, most first (ties by the client's id); orders without a client left out. */
export function topClients(
  rows: readonly Pick<FeeRowRecord, 'companyId' | 'companyName' | 'outstanding'>[],
): FinanceDashboard['top_clients'] {
  const byClient = new Map<number, FinanceDashboard['top_clients'][number]>();
  for (const row of rows) {
    if (row.companyId === null || row.companyName === null) continue;
    const client = byClient.get(row.companyId) ?? {
      company: { id: row.companyId, name: row.companyName },
      ...owed(),
    };
    add(client, row);
    byClient.set(row.companyId, client);
  }
  return [...byClient.values()]
    .sort((a, b) => b.outstanding - a.outstanding || a.company.id - b.company.id)
    .slice(0, FINANCE_DASHBOARD_TOP_CLIENTS);
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
  const owing = { outstanding: true, as_of: today } as const;

  const [totals, rows, received, unpaid, issued, corrected, credit] = await Promise.all([
    feeTotals(deps, auth, owing),
    listFeeRows(deps.db, teamId, { ...owing, sort: 'due_on' }, today, EVERY_ROW),
    sumReceiptsByMonth(deps.db, teamId, lastMonth.from, thisMonth.to),
    sumInvoicedUnpaid(deps.db, teamId),
    sumIssuedByMonth(deps.db, teamId, first, thisMonth.to),
    sumCorrectedByMonth(deps.db, teamId, first, thisMonth.to),
    sumCredit(deps.db, teamId),
  ]);

  const receivedIn = (range: { from: string; to: string }) => {
    const row = received.find((entry) => entry.month === range.from.slice(0, 7));
    return { ...range, count: row?.count ?? 0, amount: row?.amount ?? 0 };
  };
  const issuedIn = byMonth(issued);
  const correctedIn = byMonth(corrected);

  return {
    today,
    receivable: { count: totals.count, outstanding: totals.outstanding },
    buckets: totals.buckets,
    received_this_month: receivedIn(thisMonth),
    received_last_month: receivedIn(lastMonth),
    invoiced_unpaid: unpaid,
    expected: expectedByWeek(rows.items, today),
    invoiced_by_month: months.map((month) => {
      const gross = issuedIn.get(month.month) ?? 0;
      const back = correctedIn.get(month.month) ?? 0;
      return { ...month, issued: gross, corrected: back, net: gross - back };
    }),
    top_clients: topClients(rows.items),
    credit,
  };
}
