/**
 * The dashboard's reads (docs/product.md "Dashboard"): three statements, each led by the team on an index
 * of the table it reads. It only reads other domains' tables (ARCHITECTURE.md: a repository may join
 * another domain's table to read).
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../order/order.tables';
import { teams } from '../team/team.tables';

/** Stored statuses of a booked order: confirmed (completed is a confirmed order whose last day is past) or billed. */
const BOOKED = ['confirmed', 'billed'] as const;

const bookedSql = sql`('confirmed', 'billed')`;

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
  approvalsWaiting: number;
  packagesOpened: number;
  packageViews: number;
  packagePicks: number;
  licencesExpiring: number;
}

const countOf = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);

/**
 * Every single-number figure, as scalar subqueries of the team's row: one round trip. The subqueries
 * name their tables and columns in full: drizzle leaves columns unqualified in a single-table select, and
 * an unqualified "id" inside a subquery would be the subquery's own table's (as in folder.repository.ts).
 */
export async function readDashboardCounts(
  db: Database,
  teamId: number,
  window: DashboardCountsWindow,
): Promise<DashboardCounts> {
  const [row] = await db
    .select({
      activeModels: countOf(
        sql`select count(*) from "models" where "models"."team_id" = ${teamId} and "models"."status" = 'active'`,
      ),
      // The week's locked models first (a few hundred entries), then each looked up by its key.
      bookedModels: countOf(
        sql`select count(*) from "models" where "models"."id" = any(array(
            select distinct "calendar_entries"."model_id" from "calendar_entries"
            where "calendar_entries"."team_id" = ${teamId} and "calendar_entries"."status" = 'locked'
            and "calendar_entries"."date" >= ${window.weekFrom} and "calendar_entries"."date" <= ${window.weekTo}))
          and "models"."team_id" = ${teamId} and "models"."status" = 'active'`,
      ),
      optionsExpiring: countOf(
        sql`select count(*) from "calendar_entries" where "calendar_entries"."team_id" = ${teamId}
          and "calendar_entries"."status" = 'reserved' and "calendar_entries"."released_at" is null
          and "calendar_entries"."expires_at" > ${window.now} and "calendar_entries"."expires_at" <= ${window.optionsUntil}`,
      ),
      approvalsWaiting: countOf(
        sql`select count(*) from "orders" where "orders"."team_id" = ${teamId}
          and "orders"."status" = 'submitted' and "orders"."approval_status" = 'init'`,
      ),
      packagesOpened: countOf(
        sql`select count(*) from "packages" where "packages"."team_id" = ${teamId}
          and "packages"."last_viewed_at" >= ${window.activitySince}
          and exists (select 1 from "package_views" where "package_views"."package_id" = "packages"."id"
            and "package_views"."opened_at" >= ${window.activitySince})`,
      ),
      packageViews: countOf(
        sql`select count(*) from "packages" join "package_views" on "package_views"."package_id" = "packages"."id"
          where "packages"."team_id" = ${teamId} and "packages"."last_viewed_at" >= ${window.activitySince}
          and "package_views"."opened_at" >= ${window.activitySince}`,
      ),
      packagePicks: countOf(
        sql`select count(*) from "packages" join "package_picks" on "package_picks"."package_id" = "packages"."id"
          where "packages"."team_id" = ${teamId} and "package_picks"."picked"
          and "package_picks"."updated_at" >= ${window.activitySince}`,
      ),
      licencesExpiring: countOf(
        sql`select count(*) from "orders" join "fee_lines" on "fee_lines"."order_id" = "orders"."id"
          where "orders"."team_id" = ${teamId} and "orders"."status" in ${bookedSql}
          and "fee_lines"."team_id" = ${teamId} and "fee_lines"."kind" = 'UsageFee'
          and "fee_lines"."end_date" >= ${window.licencesFrom} and "fee_lines"."end_date" <= ${window.licencesTo}`,
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
 * those `ownerMembershipId` owns when given. The fee lines' subquery names its columns in full (see
 * readDashboardCounts). The sum is PostgreSQL's exact numeric, read as a BigInt: thousands of orders at
 * their limit could pass the exact JavaScript integers, so the service caps it (money.ts `cappedSum`).
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
      value: sql<bigint>`coalesce(sum((select sum("fee_lines"."subtotal") from "fee_lines"
        where "fee_lines"."order_id" = "orders"."id" and "fee_lines"."team_id" = ${teamId})), 0)`.mapWith(
        (value: string | number) => BigInt(value),
      ),
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
