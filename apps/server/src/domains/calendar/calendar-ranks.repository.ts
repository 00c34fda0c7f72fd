/**
 * What the calendar's queries share (calendar.repository.ts, calendar-page.repository.ts,
 * option-sweep.repository.ts): the entry rows, the conditions of a live, unexpired or lapsed option, and
 * the ranking of the live options of a model's day.
 */
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { calendarEntries as entries } from './calendar.tables';

export type EntryRecord = typeof entries.$inferSelect;
/** An entry with its rank among the live options of its model and day (null when it is not one). */
export type RankedEntryRow = EntryRecord & { rank: number | null };

/** What a page shows of an entry: the calendar reads only these (a month may hold thousands). */
export const SHOWN_ENTRY_COLUMNS = {
  id: entries.id,
  orderId: entries.orderId,
  modelId: entries.modelId,
  date: entries.date,
  startAt: entries.startAt,
  endAt: entries.endAt,
  status: entries.status,
  expiresAt: entries.expiresAt,
  releasedAt: entries.releasedAt,
};
export type ShownEntryRow = Pick<EntryRecord, keyof typeof SHOWN_ENTRY_COLUMNS> & { rank: number | null };

/** A reserved option, never released, still before its expiry at `now`. */
export const unexpiredOptionAt = (now: Date) =>
  and(eq(entries.status, 'reserved'), isNull(entries.releasedAt), gt(entries.expiresAt, now));

/** A reserved option, never released, whose expiry has come at `now`: the sweep's work (shown expired). */
export const lapsedOptionAt = (now: Date) =>
  and(eq(entries.status, 'reserved'), isNull(entries.releasedAt), lte(entries.expiresAt, now));

/** A live option now: reserved and not past its expiry, or pending; never released. */
export const liveAt = (now: Date) =>
  or(and(eq(entries.status, 'pending'), isNull(entries.releasedAt)), unexpiredOptionAt(now));

/** Whether an entry is a live option now, never null (a partition key of the ranks). */
export const liveNow = (now: Date) => sql<boolean>`coalesce(${liveAt(now)}, false)`;

/**
 * The entries among `scope` with their rank (1, 2, … by when they were placed) among the live options of
 * their model and day, null when they are not one, and whether `shown` holds them. `scope` must hold every
 * entry of each (model, day) it holds, so every option is counted whatever `shown` leaves out. The window
 * runs once over the scope and the caller keeps the shown rows: joined back by id instead, a planner with
 * stale statistics (a draft's entries just saved; PGlite has no autovacuum) ran the window once per row,
 * 3,000 × 4,800 rows for the largest order (docs/benchmarks.md "The largest order").
 */
export function rankedEntries<Columns extends Record<string, PgColumn>>(
  db: Database,
  columns: Columns,
  scope: SQL | undefined,
  shown: SQL | undefined,
  now: Date,
) {
  const live = liveNow(now);
  return db
    .select({
      ...columns,
      rank: sql<
        number | null
      >`case when ${live} then (row_number() over (partition by ${entries.modelId}, ${entries.date}, ${live} order by ${entries.placedAt}, ${entries.id}))::int end`.as(
        'rank',
      ),
      shown: sql<boolean>`coalesce(${shown ?? sql`true`}, false)`.as('shown'),
    })
    .from(entries)
    .where(scope)
    .as('ranked');
}

/** The ranked entries `shown` holds, with what a page shows of them, read from their subquery. */
export const shownRanked = (
  db: Database,
  ranked: ReturnType<typeof rankedEntries<typeof SHOWN_ENTRY_COLUMNS>>,
) =>
  db
    .select({
      id: ranked.id,
      orderId: ranked.orderId,
      modelId: ranked.modelId,
      date: ranked.date,
      startAt: ranked.startAt,
      endAt: ranked.endAt,
      status: ranked.status,
      expiresAt: ranked.expiresAt,
      releasedAt: ranked.releasedAt,
      rank: ranked.rank,
    })
    .from(ranked)
    .where(sql`${ranked.shown}`);
