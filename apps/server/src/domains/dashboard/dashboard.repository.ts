/**
 * The dashboard's reads (docs/product.md "Dashboard"): three statements, each led by the team on an index
 * of the table it reads. It only reads other domains' tables (ARCHITECTURE.md: a repository may join
 * another domain's table to read).
 */
import { and, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarEntries } from '../calendar/calendar.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { packagePicks, packages, packageViews } from '../package/package.tables';
import { teams } from '../team/team.tables';

/** Stored statuses of a booked order: confirmed (completed is a confirmed order whose last day is past) or billed. */
const BOOKED = ['confirmed', 'billed'] as const;

export interface DashboardCountsWindow {
  now: Date;
  weekFrom: string;
  weekTo: string;
  /** Options expiring after `now` and at or before this instant. */
  optionsUntil: Date;
  /** Package opens and picks from this instant on. */
  activitySince: Date;
  licencesFrom: string;
  licencesTo: string;
}

export interface DashboardCounts {
  activeModels: number;
  bookedModels: number;
  optionsExpiring: number;
  packagesOpened: number;
  packageViews: number;
  packagePicks: number;
  licencesExpiring: number;
}

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/**
 * Every single-number figure, as scalar subqueries of the team's row: one round trip. Each subquery is an
 * SQL of its own inside `countOf`: drizzle writes columns unqualified only at the top of a single-table
 * select, so nested ones keep their table ("models"."id"), as a correlated subquery needs.
 */
export async function readDashboardCounts(
  db: Database,
  teamId: number,
  window: DashboardCountsWindow,
): Promise<DashboardCounts> {
  const activeModel = and(eq(models.teamId, teamId), eq(models.status, 'active'));
  const [row] = await db
    .select({
      activeModels: countOf(sql`select count(*) from ${models} where ${activeModel}`),
      // The week's locked models first (a few hundred entries), then each looked up by its key.
      bookedModels: countOf(
        sql`select count(*) from ${models} where ${models.id} = any(array(
            select distinct ${calendarEntries.modelId} from ${calendarEntries} where ${and(
              eq(calendarEntries.teamId, teamId),
              eq(calendarEntries.status, 'locked'),
              gte(calendarEntries.date, window.weekFrom),
              lte(calendarEntries.date, window.weekTo),
            )})) and ${activeModel}`,
      ),
      optionsExpiring: countOf(
        sql`select count(*) from ${calendarEntries} where ${and(
          eq(calendarEntries.teamId, teamId),
          eq(calendarEntries.status, 'reserved'),
          isNull(calendarEntries.releasedAt),
          gt(calendarEntries.expiresAt, window.now),
          lte(calendarEntries.expiresAt, window.optionsUntil),
        )}`,
      ),
      packagesOpened: countOf(
        sql`select count(*) from ${packages} where ${and(
          eq(packages.teamId, teamId),
          gte(packages.lastViewedAt, window.activitySince),
          sql`exists (select 1 from ${packageViews} where ${and(
            eq(packageViews.packageId, packages.id),
            gte(packageViews.openedAt, window.activitySince),
          )})`,
        )}`,
      ),
      packageViews: countOf(
        sql`select count(*) from ${packages} join ${packageViews} on ${eq(packageViews.packageId, packages.id)}
          where ${and(
            eq(packages.teamId, teamId),
            gte(packages.lastViewedAt, window.activitySince),
            gte(packageViews.openedAt, window.activitySince),
          )}`,
      ),
      packagePicks: countOf(
        sql`select count(*) from ${packages} join ${packagePicks} on ${eq(packagePicks.packageId, packages.id)}
          where ${and(
            eq(packages.teamId, teamId),
            eq(packagePicks.picked, true),
            gte(packagePicks.updatedAt, window.activitySince),
          )}`,
      ),
      licencesExpiring: countOf(
        sql`select count(*) from ${orders} join ${feeLines} on ${eq(feeLines.orderId, orders.id)}
          where ${and(
            eq(orders.teamId, teamId),
            inArray(orders.status, [...BOOKED]),
            eq(feeLines.teamId, teamId),
            eq(feeLines.kind, 'UsageFee'),
            gte(feeLines.endDate, window.licencesFrom),
            lte(feeLines.endDate, window.licencesTo),
          )}`,
      ),
    })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!row) throw new Error(`team ${teamId} not found`);
  return row;
}

/** Booked orders working each day of [from, to], and over the whole range (date null). */
export async function readJobsByDay(
  db: Database,
  teamId: number,
  from: string,
  to: string,
): Promise<{ date: string | null; jobs: number }[]> {
  const day = sql`"day"->>'date'`;
  return db
    .select({
      date: sql<string | null>`${day}`,
      jobs: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
    })
    .from(orders)
    .crossJoin(sql`jsonb_array_elements(${orders.days}) as "day"`)
    .where(
      and(
        eq(orders.teamId, teamId),
        inArray(orders.status, [...BOOKED]),
        gte(orders.lastDate, from),
        lte(orders.firstDate, to),
        sql`${day} >= ${from} and ${day} <= ${to}`,
      ),
    )
    .groupBy(sql`grouping sets ((${day}), ())`);
}

/**
 * Booked orders by first working day in [from, to], with the sum of their fee lines before tax; only
 * those `ownerMembershipId` owns when given. The fee lines' subquery is an SQL of its own, so its
 * columns keep their table (see readDashboardCounts). The sum is PostgreSQL's exact numeric, read as a
 * BigInt: thousands of orders at their limit could pass the exact JavaScript integers, so the service
 * caps it (money.ts `cappedSum`).
 */
export async function readBookedValueByDate(
  db: Database,
  teamId: number,
  from: string,
  to: string,
  ownerMembershipId: number | undefined,
): Promise<{ date: string; orders: number; value: bigint }[]> {
  const rows = await db
    .select({
      date: orders.firstDate,
      orders: sql<number>`count(*)`.mapWith(Number),
      value: sql<bigint>`coalesce(sum((${sql`select sum(${feeLines.subtotal}) from ${feeLines} where ${and(
        eq(feeLines.orderId, orders.id),
        eq(feeLines.teamId, teamId),
      )}`})), 0)`.mapWith((value: string | number) => BigInt(value)),
    })
    .from(orders)
    .where(
      and(
        eq(orders.teamId, teamId),
        gte(orders.firstDate, from),
        lte(orders.firstDate, to),
        inArray(orders.status, [...BOOKED]),
        ownerMembershipId === undefined ? undefined : eq(orders.ownerMembershipId, ownerMembershipId),
      ),
    )
    .groupBy(orders.firstDate);
  return rows.flatMap((row) => (row.date ? [{ date: row.date, orders: row.orders, value: row.value }] : []));
}
