/**
 * The only file with the calendar domain's queries: the models' entries (one per model and working day of
 * an order), their ranks, conflicts and the option-expiry sweep. It reads the orders, models, members,
 * companies and trips the calendar shows, joined where one query beats N; it writes only its entries.
 */
import type { CalendarBookingDisplayStatus, CalendarBookingStatus, JobType } from '@trackit/contract/enums';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { companies } from '../company/company.tables';
import { models, modelTrips } from '../model/model.tables';
import { orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { calendarEntries as entries } from './calendar.tables';

export type EntryRecord = typeof entries.$inferSelect;
/** An entry with its rank among the live options of its model and day (null when it is not one). */
export type RankedEntryRow = EntryRecord & { rank: number | null };

/** What a page shows of an entry: the calendar reads only these (a month may hold thousands). */
const SHOWN_ENTRY_COLUMNS = {
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

/** A model's working day. */
export interface EntryPair {
  modelId: number;
  date: string;
}

/**
 * Serialises the calendar changes of these models until the transaction ends (ranks, conflicts and the
 * sweep read a model's day and then write it). Taken in id order, so two transactions never wait on
 * each other crosswise; in one statement (the ORDER BY evaluates the volatile lock calls in that order).
 */
export async function lockModelCalendars(tx: Database, modelIds: number[]): Promise<void> {
  const ids = [...new Set(modelIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const models = jsonRows(
    'locked',
    { id: 'bigint' },
    ids.map((id) => ({ id })),
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('calendar-model:' || "locked"."id")) from ${models} order by "locked"."id"`,
  );
}

/** A reserved option, never released, still before its expiry at `now`. */
const unexpiredOptionAt = (now: Date) =>
  and(eq(entries.status, 'reserved'), isNull(entries.releasedAt), gt(entries.expiresAt, now));

/** A reserved option, never released, whose expiry has come at `now`: the sweep's work (shown expired). */
const lapsedOptionAt = (now: Date) =>
  and(eq(entries.status, 'reserved'), isNull(entries.releasedAt), lte(entries.expiresAt, now));

/** A live option now: reserved and not past its expiry, or pending; never released. */
const liveAt = (now: Date) =>
  or(and(eq(entries.status, 'pending'), isNull(entries.releasedAt)), unexpiredOptionAt(now));

/**
 * An option as the database last recorded it (not released), whatever the clock says: what promotion
 * compares before and after a change, so an expiry is announced once, by the sweep that records it.
 */
const recordedLive = and(isNull(entries.releasedAt), inArray(entries.status, ['reserved', 'pending']));

/** The entries' (model, day) among `pairs`, handed over as one parameter. */
const amongPairs = (pairs: EntryPair[]): SQL =>
  sql`(${entries.modelId}, ${entries.date}) in (select "model_id", "date" from ${jsonRows(
    'pairs',
    { model_id: 'bigint', date: 'date' },
    pairs.map((pair) => ({ model_id: pair.modelId, date: pair.date })),
  )})`;

/** Planned days as a relation `planned` (model_id, date, start_at, end_at), one parameter. */
const plannedRows = (planned: PlannedEntry[]) =>
  jsonRows(
    'planned',
    { model_id: 'bigint', date: 'date', start_at: 'timestamptz', end_at: 'timestamptz' },
    planned.map((day) => ({
      model_id: day.modelId,
      date: day.date,
      start_at: day.startAt.toISOString(),
      end_at: day.endAt.toISOString(),
    })),
  );

/** Whether an entry is a live option now, never null (a partition key of the ranks). */
const liveNow = (now: Date) => sql<boolean>`coalesce(${liveAt(now)}, false)`;

/**
 * The entries among `scope` with their rank (1, 2, … by when they were placed) among the live options of
 * their model and day, null when they are not one, and whether `shown` holds them. `scope` must hold every
 * entry of each (model, day) it holds, so every option is counted whatever `shown` leaves out. The window
 * runs once over the scope and the caller keeps the shown rows: joined back by id instead, a planner with
 * stale statistics (a draft's entries just saved; PGlite has no autovacuum) ran the window once per row,
 * 3,000 × 4,800 rows for the largest order (docs/benchmarks.md "The largest order").
 */
function rankedEntries<Columns extends Record<string, PgColumn>>(
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
const shownRanked = (db: Database, ranked: ReturnType<typeof rankedEntries<typeof SHOWN_ENTRY_COLUMNS>>) =>
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

/**
 * An entry of the order per planned day, all with `status`, placed at `placedAt` and lapsing at
 * `expiresAt`: one statement however many days.
 */
export async function insertEntries(
  tx: Database,
  order: { teamId: number; orderId: number },
  planned: PlannedEntry[],
  values: { status: 'reserved' | 'locked'; placedAt: Date; expiresAt: Date | null; at: Date },
): Promise<void> {
  if (planned.length === 0) return;
  const columns = [
    entries.teamId,
    entries.orderId,
    entries.modelId,
    entries.date,
    entries.startAt,
    entries.endAt,
    entries.status,
    entries.placedAt,
    entries.expiresAt,
    entries.createdAt,
    entries.updatedAt,
  ].map((column) => sql.identifier(column.name));
  const at = values.at.toISOString();
  await tx.execute(sql`insert into ${entries} (${sql.join(columns, sql`, `)})
    select ${order.teamId}::bigint, ${order.orderId}::bigint, "planned"."model_id", "planned"."date",
      "planned"."start_at", "planned"."end_at", ${values.status}::varchar, ${values.placedAt.toISOString()}::timestamptz,
      ${values.expiresAt?.toISOString() ?? null}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${plannedRows(planned)}`);
}

/** The entries of an order (any status), by model and date. */
export function listOrderEntryRecords(tx: Database, teamId: number, orderId: number): Promise<EntryRecord[]> {
  return tx
    .select()
    .from(entries)
    .where(and(eq(entries.teamId, teamId), eq(entries.orderId, orderId)))
    .orderBy(asc(entries.modelId), asc(entries.date), asc(entries.id));
}

export async function deleteEntries(tx: Database, teamId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(entries).where(and(eq(entries.teamId, teamId), inArray(entries.id, ids)));
}

export async function updateEntry(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<typeof entries.$inferInsert>,
): Promise<void> {
  await tx
    .update(entries)
    .set(values)
    .where(and(eq(entries.teamId, teamId), eq(entries.id, id)));
}

/** The entries take the hours of their planned day (`id` → start and end), in one statement. */
export async function moveEntries(
  tx: Database,
  teamId: number,
  moves: { id: number; startAt: Date; endAt: Date }[],
  at: Date,
): Promise<void> {
  if (moves.length === 0) return;
  const moved = jsonRows(
    'moved',
    { id: 'bigint', start_at: 'timestamptz', end_at: 'timestamptz' },
    moves.map((move) => ({
      id: move.id,
      start_at: move.startAt.toISOString(),
      end_at: move.endAt.toISOString(),
    })),
  );
  await tx.execute(sql`update ${entries} set ${sql.identifier(entries.startAt.name)} = "moved"."start_at",
      ${sql.identifier(entries.endAt.name)} = "moved"."end_at", ${sql.identifier(entries.updatedAt.name)} = ${at.toISOString()}::timestamptz
    from ${moved}
    where ${entries.teamId} = ${teamId} and ${entries.id} = "moved"."id"`);
}

/** Released entries placed again as options now, at the back of their days' queues. */
export async function placeEntriesAgain(
  tx: Database,
  teamId: number,
  ids: number[],
  values: { placedAt: Date; expiresAt: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(entries)
    .set({
      status: 'reserved',
      placedAt: values.placedAt,
      releasedAt: null,
      expiresAt: values.expiresAt,
      updatedAt: values.placedAt,
    })
    .where(and(eq(entries.teamId, teamId), inArray(entries.id, ids)));
}

/** The live reserved options of an order take a new expiry (its hold_until changed). */
export async function setOrderOptionExpiry(
  tx: Database,
  teamId: number,
  orderId: number,
  expiresAt: Date | SQL,
  now: Date,
): Promise<void> {
  await tx
    .update(entries)
    .set({ expiresAt, updatedAt: now })
    .where(and(eq(entries.teamId, teamId), eq(entries.orderId, orderId), unexpiredOptionAt(now)));
}

/** An option lasts OPTION_DEFAULT_HOURS from when it was placed when its order names no time. */
export const expiryFromPlacement = (hours: number): SQL =>
  sql`${entries.placedAt} + make_interval(hours => ${hours}::int)`;

/** The order's live reserved options become pending (its approval passed): they no longer expire. */
export async function markOrderOptionsPending(tx: Database, teamId: number, orderId: number, now: Date) {
  await tx
    .update(entries)
    .set({ status: 'pending', expiresAt: null, updatedAt: now })
    .where(and(eq(entries.teamId, teamId), eq(entries.orderId, orderId), unexpiredOptionAt(now)));
}

/** Every entry of the order takes `status`; those still holding are released now. */
export async function releaseOrderEntryRows(
  tx: Database,
  teamId: number,
  orderId: number,
  status: Extract<CalendarBookingStatus, 'rejected' | 'cancelled'>,
  now: Date,
): Promise<void> {
  await tx
    .update(entries)
    .set({
      status,
      releasedAt: sql`coalesce(${entries.releasedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(entries.teamId, teamId), eq(entries.orderId, orderId)));
}

/** Every entry of the order is locked (confirmed): no expiry, no release. */
export async function lockOrderEntryRows(tx: Database, teamId: number, orderId: number, now: Date) {
  await tx
    .update(entries)
    .set({ status: 'locked', expiresAt: null, releasedAt: null, updatedAt: now })
    .where(and(eq(entries.teamId, teamId), eq(entries.orderId, orderId)));
}

/** The first recorded option of each (model, day) among `pairs`, with what its promotion notice needs. */
export async function listFirstOptions(tx: Database, teamId: number, pairs: EntryPair[]) {
  if (pairs.length === 0) return [];
  return tx
    .selectDistinctOn([entries.modelId, entries.date], {
      id: entries.id,
      modelId: entries.modelId,
      date: entries.date,
      orderId: entries.orderId,
      number: orders.number,
      ownerMembershipId: orders.ownerMembershipId,
      modelName: models.name,
    })
    .from(entries)
    .innerJoin(orders, and(eq(orders.id, entries.orderId), eq(orders.teamId, entries.teamId)))
    .innerJoin(models, and(eq(models.id, entries.modelId), eq(models.teamId, entries.teamId)))
    .where(and(eq(entries.teamId, teamId), amongPairs(pairs), recordedLive))
    .orderBy(asc(entries.modelId), asc(entries.date), asc(entries.placedAt), asc(entries.id));
}

/** The live options of other orders on these days of these models, with their owners (told of a lock). */
export async function listOtherLiveOptions(
  tx: Database,
  teamId: number,
  orderId: number,
  pairs: EntryPair[],
  now: Date,
) {
  if (pairs.length === 0) return [];
  return tx
    .select({
      modelId: entries.modelId,
      date: entries.date,
      orderId: entries.orderId,
      ownerMembershipId: orders.ownerMembershipId,
      modelName: models.name,
    })
    .from(entries)
    .innerJoin(orders, and(eq(orders.id, entries.orderId), eq(orders.teamId, entries.teamId)))
    .innerJoin(models, and(eq(models.id, entries.modelId), eq(models.teamId, entries.teamId)))
    .where(and(eq(entries.teamId, teamId), ne(entries.orderId, orderId), amongPairs(pairs), liveAt(now)))
    .orderBy(asc(entries.date), asc(entries.modelId), asc(entries.id));
}

/** A planned working day of a model on an order, in time. */
export interface PlannedEntry extends EntryPair {
  startAt: Date;
  endAt: Date;
}

/**
 * The earliest locked entry of another order of the team overlapping in time one of the planned days,
 * with the model's name and the other order's number.
 */
export async function findLockedOverlap(
  tx: Database,
  teamId: number,
  orderId: number,
  planned: PlannedEntry[],
) {
  if (planned.length === 0) return undefined;
  const [row] = await tx
    .select({ modelId: entries.modelId, date: entries.date, modelName: models.name, number: orders.number })
    .from(entries)
    .innerJoin(
      plannedRows(planned),
      sql`"planned"."model_id" = ${entries.modelId} and "planned"."date" = ${entries.date} and ${entries.startAt} < "planned"."end_at" and ${entries.endAt} > "planned"."start_at"`,
    )
    .innerJoin(orders, and(eq(orders.id, entries.orderId), eq(orders.teamId, entries.teamId)))
    .innerJoin(models, and(eq(models.id, entries.modelId), eq(models.teamId, entries.teamId)))
    .where(and(eq(entries.teamId, teamId), eq(entries.status, 'locked'), ne(entries.orderId, orderId)))
    .orderBy(asc(entries.date), asc(entries.startAt), asc(entries.id))
    .limit(1);
  return row;
}

/** The trips of the team's models covering one of the planned days, earliest start first. */
export async function listTripsOverlapping(tx: Database, teamId: number, planned: EntryPair[]) {
  if (planned.length === 0) return [];
  const dates = planned.map((day) => day.date).sort();
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  return tx
    .select({
      modelId: modelTrips.modelId,
      kind: modelTrips.kind,
      startDate: modelTrips.startDate,
      endDate: modelTrips.endDate,
      modelName: models.name,
    })
    .from(modelTrips)
    .innerJoin(models, and(eq(models.id, modelTrips.modelId), eq(models.teamId, modelTrips.teamId)))
    .where(
      and(
        eq(modelTrips.teamId, teamId),
        inArray(modelTrips.modelId, [...new Set(planned.map((day) => day.modelId))]),
        lte(modelTrips.startDate, last),
        gte(modelTrips.endDate, first),
      ),
    )
    .orderBy(asc(modelTrips.startDate), asc(modelTrips.id));
}

/** The entries of the given orders with their ranks (the order pages), by order, date and model. */
export async function listRankedEntriesOfOrders(
  db: Database,
  teamId: number,
  orderIds: number[],
  now: Date,
): Promise<ShownEntryRow[]> {
  if (orderIds.length === 0) return [];
  // Every option of the orders' models and days counts in the ranks, whatever order holds it.
  const sameDays = sql`(${entries.modelId}, ${entries.date}) in (select "model_id", "date" from "calendar_entries" where "team_id" = ${teamId} and "order_id" in (${sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
  const ranked = rankedEntries(
    db,
    SHOWN_ENTRY_COLUMNS,
    and(eq(entries.teamId, teamId), sameDays),
    inArray(entries.orderId, orderIds),
    now,
  );
  return shownRanked(db, ranked).orderBy(
    asc(ranked.orderId),
    asc(ranked.date),
    asc(ranked.modelId),
    asc(ranked.id),
  );
}

/** One entry of the team, with its order's number and owner and its model's name. */
export async function findEntry(db: Database, teamId: number, entryId: number) {
  const [row] = await db
    .select({
      entry: entries,
      number: orders.number,
      title: orders.title,
      ownerMembershipId: orders.ownerMembershipId,
      modelName: models.name,
    })
    .from(entries)
    .innerJoin(orders, and(eq(orders.id, entries.orderId), eq(orders.teamId, entries.teamId)))
    .innerJoin(models, and(eq(models.id, entries.modelId), eq(models.teamId, entries.teamId)))
    .where(and(eq(entries.teamId, teamId), eq(entries.id, entryId)));
  return row;
}

/** One entry with its rank now. */
export async function findRankedEntry(
  db: Database,
  teamId: number,
  entryId: number,
  now: Date,
): Promise<RankedEntryRow | undefined> {
  const entry = await findEntry(db, teamId, entryId);
  if (!entry) return undefined;
  const ranked = rankedEntries(
    db,
    getTableColumns(entries),
    and(
      eq(entries.teamId, teamId),
      eq(entries.modelId, entry.entry.modelId),
      eq(entries.date, entry.entry.date),
    ),
    eq(entries.id, entryId),
    now,
  );
  const [row] = await db.select().from(ranked).where(sql`${ranked.shown}`);
  if (!row) return undefined;
  const { shown: _, ...ranks } = row;
  return ranks;
}

// ---- The calendar page ----

export interface CalendarFilter {
  from: string;
  to: string;
  modelIds?: number[] | undefined;
  statuses?: CalendarBookingDisplayStatus[] | undefined;
  jobTypes?: JobType[] | undefined;
  ownerMembershipId?: number | undefined;
}

/** Entries shown with a display status (`expired`: a reserved option past its expiry). */
function displayStatusCondition(status: CalendarBookingDisplayStatus, now: Date): SQL | undefined {
  const expired = and(
    eq(entries.status, 'reserved'),
    or(isNotNull(entries.releasedAt), lte(entries.expiresAt, now)),
  );
  switch (status) {
    case 'expired':
      return expired;
    case 'reserved':
      return unexpiredOptionAt(now);
    default:
      return eq(entries.status, status);
  }
}

/** The entries the calendar shows: in the date range, by the filter. */
function calendarWhere(teamId: number, filter: CalendarFilter, now: Date): SQL | undefined {
  const byOrder =
    filter.jobTypes?.length || filter.ownerMembershipId !== undefined
      ? sql`exists (select 1 from "orders" where "orders"."id" = ${entries.orderId} and "orders"."team_id" = ${teamId} and ${and(
          filter.jobTypes?.length ? inArray(orders.jobType, filter.jobTypes) : undefined,
          filter.ownerMembershipId !== undefined
            ? eq(orders.ownerMembershipId, filter.ownerMembershipId)
            : undefined,
        )})`
      : undefined;
  return and(
    eq(entries.teamId, teamId),
    gte(entries.date, filter.from),
    lte(entries.date, filter.to),
    filter.modelIds?.length ? inArray(entries.modelId, filter.modelIds) : undefined,
    filter.statuses?.length
      ? or(...filter.statuses.map((status) => displayStatusCondition(status, now)))
      : undefined,
    byOrder,
  );
}

/**
 * The calendar's entries, ranked among every live option of their model and day (also those the filter
 * leaves out), by date, model and start. The query itself, so a test can EXPLAIN it.
 */
export function calendarEntriesQuery(db: Database, teamId: number, filter: CalendarFilter, now: Date) {
  const ranked = rankedEntries(
    db,
    SHOWN_ENTRY_COLUMNS,
    and(
      eq(entries.teamId, teamId),
      gte(entries.date, filter.from),
      lte(entries.date, filter.to),
      filter.modelIds?.length ? inArray(entries.modelId, filter.modelIds) : undefined,
    ),
    calendarWhere(teamId, filter, now),
    now,
  );
  return shownRanked(db, ranked).orderBy(
    asc(ranked.date),
    asc(ranked.modelId),
    asc(ranked.startAt),
    asc(ranked.id),
  );
}

export function listCalendarEntries(
  db: Database,
  teamId: number,
  filter: CalendarFilter,
  now: Date,
): Promise<ShownEntryRow[]> {
  return calendarEntriesQuery(db, teamId, filter, now);
}

/** The orders of the calendar's entries, once each, with company name and owner. */
export function listCalendarOrders(db: Database, teamId: number, filter: CalendarFilter, now: Date) {
  const shown = db
    .selectDistinct({ orderId: entries.orderId })
    .from(entries)
    .where(calendarWhere(teamId, filter, now));
  return db
    .select({
      id: orders.id,
      number: orders.number,
      title: orders.title,
      status: orders.status,
      lastDate: orders.lastDate,
      jobType: orders.jobType,
      companyName: companies.name,
      ownerMembershipId: orders.ownerMembershipId,
      ownerNickname: memberships.nickname,
    })
    .from(orders)
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.teamId, orders.teamId)))
    .leftJoin(
      memberships,
      and(eq(memberships.id, orders.ownerMembershipId), eq(memberships.teamId, orders.teamId)),
    )
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, shown)))
    .orderBy(asc(orders.id));
}

/** The trips of these models overlapping [from, to]. */
export function listModelTripsBetween(
  db: Database,
  teamId: number,
  /** Undefined: every model of the team (trips are few; a model away shows even without bookings). */
  modelIds: number[] | undefined,
  from: string,
  to: string,
) {
  if (modelIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: modelTrips.id,
      modelId: modelTrips.modelId,
      kind: modelTrips.kind,
      startDate: modelTrips.startDate,
      endDate: modelTrips.endDate,
      place: modelTrips.place,
    })
    .from(modelTrips)
    .where(
      and(
        eq(modelTrips.teamId, teamId),
        modelIds ? inArray(modelTrips.modelId, modelIds) : undefined,
        lte(modelTrips.startDate, to),
        gte(modelTrips.endDate, from),
      ),
    )
    .orderBy(asc(modelTrips.startDate), asc(modelTrips.modelId), asc(modelTrips.id));
}

/** The team's models among `modelIds`: names, for the calendar's rows. */
export function listModelNames(db: Database, teamId: number, modelIds: number[]) {
  if (modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: models.id, name: models.name, englishName: models.englishName })
    .from(models)
    .where(and(eq(models.teamId, teamId), inArray(models.id, modelIds)))
    .orderBy(asc(models.id));
}

// ---- The option-expiry sweep (across teams by nature; each write scoped to the row's team) ----

/** Teams and models with options past their expiry that no sweep has released yet. */
export function listLapsedOptionModels(db: Database, now: Date, limit: number) {
  return db
    .selectDistinct({ teamId: entries.teamId, modelId: entries.modelId })
    .from(entries)
    .where(lapsedOptionAt(now))
    .orderBy(asc(entries.teamId), asc(entries.modelId))
    .limit(limit);
}

/** The (model, day) of the team's lapsed options of these models. */
export function listLapsedOptionPairs(tx: Database, teamId: number, modelIds: number[], now: Date) {
  return tx
    .selectDistinct({ modelId: entries.modelId, date: entries.date })
    .from(entries)
    .where(and(eq(entries.teamId, teamId), inArray(entries.modelId, modelIds), lapsedOptionAt(now)))
    .orderBy(asc(entries.modelId), asc(entries.date));
}

/** The lapsed options of these models are released as of their expiry (still `reserved`: shown expired). */
export async function releaseLapsedOptions(tx: Database, teamId: number, modelIds: number[], now: Date) {
  const rows = await tx
    .update(entries)
    .set({ releasedAt: sql`${entries.expiresAt}`, updatedAt: now })
    .where(and(eq(entries.teamId, teamId), inArray(entries.modelId, modelIds), lapsedOptionAt(now)))
    .returning({ id: entries.id });
  return rows.length;
}
