/**
 * The data dashboard (docs/product.md "Dashboard"): every figure of the team in one answer, read in three
 * statements run side by side. Dates are business dates (packages/contract/src/business-time.ts); weeks
 * run Sunday to Saturday; a booked order is one stored confirmed (completed included) or billed.
 */
import { addDays, businessDate, monthEnd, monthStart, weekOf } from '@trackit/contract/business-time';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { cappedSum } from '@trackit/contract/money';
import { OPTIONS_EXPIRING_SOON_HOURS } from '@trackit/contract/order.schema';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import { countWaitingApprovals } from '../approval/approval.service';
import { holdsLevel } from '../permission/permission.service';
import { readBookedValueByDate, readDashboardCounts, readJobsByDay } from './dashboard.repository';

export interface DashboardDeps {
  db: Database;
  clock: () => Date;
}

const HOUR_MS = 3_600_000;
/** Package opens and picks of this many last days are counted. */
export const DASHBOARD_ACTIVITY_DAYS = 7;
/** Usage licences ending from today to this many days ahead are counted. */
export const DASHBOARD_LICENCE_DAYS = 30;

/**
 * Cumulative value per day of month 1..31: `this_month` up to `todayDay` (null after), `last_month` up to
 * the last month's last day (null for the days it does not have). Added exactly, answered as the
 * contract's `cappedSum` gives them (at most MAX_SUM_FEN).
 */
export function valueByDay(
  thisMonth: ReadonlyMap<number, bigint | number>,
  todayDay: number,
  lastMonth: ReadonlyMap<number, bigint | number>,
  lastMonthDays: number,
): Dashboard['value_by_day'] {
  let thisSum = 0n;
  let lastSum = 0n;
  return Array.from({ length: 31 }, (_, index) => {
    const day = index + 1;
    thisSum += BigInt(thisMonth.get(day) ?? 0);
    lastSum += BigInt(lastMonth.get(day) ?? 0);
    return {
      day,
      this_month: day <= todayDay ? cappedSum([thisSum]) : null,
      last_month: day <= lastMonthDays ? cappedSum([lastSum]) : null,
    };
  });
}

/** GET /v1/dashboard. */
export async function getDashboard(deps: DashboardDeps, auth: AuthContext): Promise<Dashboard> {
  const now = deps.clock();
  const today = businessDate(now);
  const week = weekOf(today);
  const thisMonth = { from: monthStart(today), to: monthEnd(today) };
  const lastMonthTo = addDays(thisMonth.from, -1);
  const lastMonth = { from: monthStart(lastMonthTo), to: lastMonthTo };
  // The grants were read for the access check of this request: no further round trip.
  const manages = await holdsLevel(deps, auth, 'my_bill', 'manage');

  const [counts, jobs, booked, approvalsWaiting] = await Promise.all([
    readDashboardCounts(deps.db, auth.teamId, {
      now,
      weekFrom: week.from,
      weekTo: week.to,
      optionsUntil: new Date(now.getTime() + OPTIONS_EXPIRING_SOON_HOURS * HOUR_MS),
      activitySince: new Date(now.getTime() - DASHBOARD_ACTIVITY_DAYS * 24 * HOUR_MS),
      licencesFrom: today,
      licencesTo: addDays(today, DASHBOARD_LICENCE_DAYS),
    }),
    readJobsByDay(deps.db, auth.teamId, week.from, week.to),
    readBookedValueByDate(
      deps.db,
      auth.teamId,
      lastMonth.from,
      thisMonth.to,
      manages ? undefined : auth.membershipId,
    ),
    countWaitingApprovals(deps, auth),
  ]);

  const jobsOn = new Map(jobs.flatMap((row) => (row.date === null ? [] : [[row.date, row.jobs] as const])));
  const month = (range: { from: string; to: string }) => {
    const rows = booked.filter((row) => row.date >= range.from && row.date <= range.to);
    const byDay = new Map<number, bigint>();
    for (const row of rows) {
      const day = Number(row.date.slice(8, 10));
      byDay.set(day, (byDay.get(day) ?? 0n) + row.value);
    }
    return {
      summary: {
        ...range,
        orders: rows.reduce((sum, row) => sum + row.orders, 0),
        value: cappedSum(rows.map((row) => row.value)),
      },
      byDay,
    };
  };
  const current = month(thisMonth);
  const previous = month(lastMonth);

  return {
    today,
    week,
    jobs_today: jobsOn.get(today) ?? 0,
    jobs_this_week: jobs.find((row) => row.date === null)?.jobs ?? 0,
    jobs_by_day: Array.from({ length: 7 }, (_, index) => {
      const date = addDays(week.from, index);
      return { date, jobs: jobsOn.get(date) ?? 0 };
    }),
    models_booked_this_week: counts.bookedModels,
    models_free_this_week: counts.activeModels - counts.bookedModels,
    options_expiring_48h: counts.optionsExpiring,
    approvals_waiting: approvalsWaiting,
    packages_opened_7d: counts.packagesOpened,
    package_views_7d: counts.packageViews,
    package_picks_7d: counts.packagePicks,
    this_month: current.summary,
    last_month: previous.summary,
    value_by_day: valueByDay(
      current.byDay,
      Number(today.slice(8, 10)),
      previous.byDay,
      Number(lastMonth.to.slice(8, 10)),
    ),
    value_scope: manages ? 'team' : 'mine',
    licences_expiring_30d: counts.licencesExpiring,
  };
}
