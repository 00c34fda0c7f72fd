/**
 * The calendar entries' queries as the order domain changes them (one per model and working day of an
 * order): the model locks, set-based writes, ranks on the order pages, promotion and conflicts. The
 * calendar page reads in calendar-page.repository.ts, the option sweep in option-sweep.repository.ts,
 * and what they share is in calendar-ranks.repository.ts. It reads the orders, models and trips it needs,
 * joined where one query beats N; it writes only its entries.
 */
import type { CalendarBookingStatus } from '@trackit/contract/enums';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { models, modelTrips } from '../model/model.tables';
import { orders } from '../order/order.tables';
import { calendarEntries as entries } from './calendar.tables';
import {
  type EntryRecord,
  liveAt,
  type RankedEntryRow,
  rankedEntries,
  SHOWN_ENTRY_COLUMNS,
  type ShownEntryRow,
  shownRanked,
  unexpiredOptionAt,
} from './calendar-ranks.repository';

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
