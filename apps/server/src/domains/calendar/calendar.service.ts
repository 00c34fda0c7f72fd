/**
 * The models' calendar (docs/product.md "Calendar"): an entry per model and working day of an order,
 * options ranked by when they were placed, promotion of the next option when one is released, conflicts
 * when an order is confirmed, and the calendar page. The order domain changes its entries through the
 * functions here, inside its own transaction; each change of a model's days runs under that model's lock.
 */
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { businessDate } from '@trackit/contract/business-time';
import type { CalendarQuery } from '@trackit/contract/calendar.schema';
import { MODEL_TRIP_KIND_LABELS } from '@trackit/contract/enums';
import { OPTION_DEFAULT_HOURS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES, ORDER_NOTICES } from '@trackit/contract/order-messages';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { notifyMembers } from '../notify/notify.service';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import { holdsLevel } from '../permission/permission.service';
import {
  deleteEntries,
  type EntryPair,
  expiryFromPlacement,
  findEntry,
  findLockedOverlap,
  findRankedEntry,
  insertEntries,
  listFirstOptions,
  listOrderEntryRecords,
  listOtherLiveOptions,
  listRankedEntriesOfOrders,
  listTripsOverlapping,
  lockModelCalendars,
  lockOrderEntryRows,
  markOrderOptionsPending,
  moveEntries,
  type PlannedEntry,
  placeEntriesAgain,
  releaseOrderEntryRows,
  setOrderOptionExpiry,
  updateEntry,
} from './calendar.repository';
import {
  type CalendarFilter,
  listCalendarEntries,
  listCalendarOrders,
  listModelNames,
  listModelTripsBetween,
} from './calendar-page.repository';
import type { EntryRecord, RankedEntryRow, ShownEntryRow } from './calendar-ranks.repository';
import {
  listLapsedOptionModels,
  listLapsedOptionPairs,
  releaseLapsedOptions as releaseLapsedOptionRows,
} from './option-sweep.repository';

export type { PlannedEntry } from './calendar.repository';
export type { RankedEntryRow, ShownEntryRow } from './calendar-ranks.repository';

export interface CalendarDeps {
  db: Database;
  clock: () => Date;
}

const HOUR_MS = 3_600_000;
const pairKey = (pair: EntryPair) => `${pair.modelId}|${pair.date}`;
const entryNotFound = () => new AppError('notFound', { message: ORDER_MESSAGES.entryNotFound });

/** Whether an entry no longer holds its model's day: rejected, cancelled, or an option past its expiry. */
export const isReleased = (entry: Pick<EntryRecord, 'status' | 'releasedAt' | 'expiresAt'>, now: Date) =>
  entry.releasedAt !== null ||
  entry.status === 'rejected' ||
  entry.status === 'cancelled' ||
  (entry.status === 'reserved' && entry.expiresAt !== null && entry.expiresAt.getTime() <= now.getTime());

/** A live option now: reserved and not expired, or pending. */
const isLiveOption = (entry: Pick<EntryRecord, 'status' | 'releasedAt' | 'expiresAt'>, now: Date) =>
  (entry.status === 'reserved' || entry.status === 'pending') && !isReleased(entry, now);

/** When an option placed now lapses: the order's hold_until while it is ahead, else OPTION_DEFAULT_HOURS. */
const expiryOf = (holdUntil: Date | null, now: Date) =>
  holdUntil && holdUntil.getTime() > now.getTime()
    ? holdUntil
    : new Date(now.getTime() + OPTION_DEFAULT_HOURS * HOUR_MS);

/**
 * Runs `change` on the given (model, day)s and tells the owner of each option that became first there
 * because the one ahead of it was released (ORDER_NOTICES.promoted), in the same transaction. The
 * models' calendars must be locked already.
 */
async function withPromotion<T>(
  tx: Database,
  teamId: number,
  pairs: EntryPair[],
  now: Date,
  change: () => Promise<T>,
): Promise<T> {
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
  const before = new Map((await listFirstOptions(tx, teamId, unique)).map((row) => [pairKey(row), row.id]));
  const result = await change();
  if (unique.length === 0) return result;
  const promoted = (await listFirstOptions(tx, teamId, unique)).filter((first) => {
    const previous = before.get(pairKey(first));
    return previous !== undefined && previous !== first.id && first.ownerMembershipId !== null;
  });
  await notifyMembers(
    tx,
    promoted.map((first) => ({
      teamId,
      recipientMembershipIds: first.ownerMembershipId === null ? [] : [first.ownerMembershipId],
      type: 'event_notice' as const,
      title: ORDER_NOTICES.promoted(first.modelName, first.date),
      body: ORDER_NOTICES.promotedBody(first.number),
      link: ADMIN_PATHS.order(first.orderId),
      at: now,
    })),
  );
  return result;
}

/** An order as its calendar entries need it. */
export interface OrderOnCalendar {
  teamId: number;
  orderId: number;
  holdUntil: Date | null;
}

/** The order's entries after locking the calendars of their models and of `moreModelIds`. */
async function lockedEntriesOf(tx: Database, order: OrderOnCalendar, moreModelIds: number[]) {
  const seen = await listOrderEntryRecords(tx, order.teamId, order.orderId);
  await lockModelCalendars(tx, [...seen.map((entry) => entry.modelId), ...moreModelIds]);
  return listOrderEntryRecords(tx, order.teamId, order.orderId);
}

/**
 * Brings a draft's (or a submitted order's) entries in line with its models and days, in the order
 * domain's transaction: entries of pairs no longer on the order go (a release), new pairs get an option
 * placed now, kept ones follow the day's hours. With `replaceReleased` (on submit) the pairs whose entry
 * was released are placed again, at the back of the queue. `holdChanged`: the live options take the
 * order's new expiry.
 */
export async function syncOrderEntries(
  tx: Database,
  order: OrderOnCalendar,
  planned: PlannedEntry[],
  now: Date,
  options: { replaceReleased: boolean; holdChanged: boolean },
): Promise<void> {
  const current = await lockedEntriesOf(
    tx,
    order,
    planned.map((day) => day.modelId),
  );
  const wanted = new Map(planned.map((day) => [pairKey(day), day]));
  const kept = new Map<string, EntryRecord>();
  const removed: EntryRecord[] = [];
  for (const entry of current) {
    if (wanted.has(pairKey(entry)) && !kept.has(pairKey(entry))) kept.set(pairKey(entry), entry);
    else removed.push(entry);
  }
  const replaced = options.replaceReleased
    ? [...kept.values()].filter((entry) => isReleased(entry, now))
    : [];
  const expiresAt = expiryOf(order.holdUntil, now);
  await withPromotion(tx, order.teamId, [...removed, ...replaced], now, async () => {
    await deleteEntries(
      tx,
      order.teamId,
      removed.map((entry) => entry.id),
    );
    const moves = [...kept.values()].flatMap((entry) => {
      const day = wanted.get(pairKey(entry));
      const moved =
        day !== undefined &&
        (entry.startAt.getTime() !== day.startAt.getTime() || entry.endAt.getTime() !== day.endAt.getTime());
      return moved ? [{ id: entry.id, startAt: day.startAt, endAt: day.endAt }] : [];
    });
    await moveEntries(tx, order.teamId, moves, now);
    await placeEntriesAgain(
      tx,
      order.teamId,
      replaced.map((entry) => entry.id),
      { placedAt: now, expiresAt },
    );
    await insertEntries(
      tx,
      order,
      planned.filter((day) => !kept.has(pairKey(day))),
      { status: 'reserved', placedAt: now, expiresAt, at: now },
    );
    if (options.holdChanged) {
      const lapse =
        order.holdUntil && order.holdUntil.getTime() > now.getTime()
          ? order.holdUntil
          : expiryFromPlacement(OPTION_DEFAULT_HOURS);
      await setOrderOptionExpiry(tx, order.teamId, order.orderId, lapse, now);
    }
  });
}

/** The order's approval passed: its live options become pending and no longer expire. */
export async function passOrderEntries(tx: Database, order: OrderOnCalendar, now: Date): Promise<void> {
  await lockedEntriesOf(tx, order, []);
  await markOrderOptionsPending(tx, order.teamId, order.orderId, now);
}

/**
 * The order was rejected or cancelled: every entry takes that status and those still holding are
 * released, the next option of each of their days moving up.
 */
export async function releaseOrderEntries(
  tx: Database,
  order: OrderOnCalendar,
  status: 'rejected' | 'cancelled',
  now: Date,
): Promise<void> {
  const current = await lockedEntriesOf(tx, order, []);
  const holding = current.filter((entry) => entry.releasedAt === null);
  await withPromotion(tx, order.teamId, holding, now, () =>
    releaseOrderEntryRows(tx, order.teamId, order.orderId, status, now),
  );
}

const byDate = (a: EntryPair, b: EntryPair) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * Throws 409 for the earliest planned day that overlaps in time a locked entry of another order of the
 * team, or falls in a trip of the model (an order's conflict first on the same date).
 */
async function refuseConflicts(tx: Database, order: OrderOnCalendar, planned: PlannedEntry[]) {
  const overlap = await findLockedOverlap(tx, order.teamId, order.orderId, planned);
  const trips = await listTripsOverlapping(tx, order.teamId, planned);
  const tripConflict = [...planned]
    .sort(byDate)
    .flatMap((day) =>
      trips
        .filter(
          (trip) => trip.modelId === day.modelId && trip.startDate <= day.date && trip.endDate >= day.date,
        )
        .map((trip) => ({ date: day.date, trip })),
    )[0];
  if (overlap && (!tripConflict || overlap.date <= tripConflict.date)) {
    throw new AppError('conflict', {
      message: ORDER_MESSAGES.conflictOrder(overlap.modelName, overlap.date, overlap.number),
    });
  }
  if (tripConflict) {
    const { trip, date } = tripConflict;
    throw new AppError('conflict', {
      message: ORDER_MESSAGES.conflictTrip(trip.modelName, date, MODEL_TRIP_KIND_LABELS[trip.kind]),
    });
  }
}

/**
 * Confirms the order's days on the calendar: refused (409) when a model has a locked entry of another
 * order overlapping one of them, or a trip on it (the earliest date first); else every entry of the order
 * is locked (missing ones made) and the owners of other orders' options on those days are told.
 */
export async function lockOrderEntries(
  tx: Database,
  order: OrderOnCalendar,
  planned: PlannedEntry[],
  now: Date,
): Promise<void> {
  const current = await lockedEntriesOf(
    tx,
    order,
    planned.map((day) => day.modelId),
  );
  await refuseConflicts(tx, order, planned);
  const present = new Set(current.map(pairKey));
  await insertEntries(
    tx,
    order,
    planned.filter((day) => !present.has(pairKey(day))),
    { status: 'locked', placedAt: now, expiresAt: null, at: now },
  );
  await lockOrderEntryRows(tx, order.teamId, order.orderId, now);
  const others = await listOtherLiveOptions(tx, order.teamId, order.orderId, planned, now);
  const told = new Map<string, (typeof others)[number]>();
  for (const option of others) {
    const key = `${option.orderId}|${pairKey(option)}`;
    if (option.ownerMembershipId !== null && !told.has(key)) told.set(key, option);
  }
  await notifyMembers(
    tx,
    [...told.values()].map((option) => ({
      teamId: order.teamId,
      recipientMembershipIds: option.ownerMembershipId === null ? [] : [option.ownerMembershipId],
      type: 'event_notice' as const,
      title: ORDER_NOTICES.lockedByOther(option.modelName, option.date),
      link: ADMIN_PATHS.order(option.orderId),
      at: now,
    })),
  );
}

/** The entries of the given orders with their ranks now: what an order's page shows of them. */
export function listEntriesOfOrders(
  db: Database,
  teamId: number,
  orderIds: number[],
  now: Date,
): Promise<ShownEntryRow[]> {
  return listRankedEntriesOfOrders(db, teamId, orderIds, now);
}

// ---- The calendar page ----

/** GET /v1/calendar: entries of the range by the filter, their orders, the trips and the models. */
export async function getCalendar(deps: CalendarDeps, auth: AuthContext, query: CalendarQuery) {
  const now = deps.clock();
  const filter: CalendarFilter = {
    from: query.from,
    to: query.to,
    modelIds: query.model_id,
    statuses: query.status,
    jobTypes: query.job_type,
    ownerMembershipId: query.owner_member_id,
  };
  const [entries, orders] = await Promise.all([
    listCalendarEntries(deps.db, auth.teamId, filter, now),
    listCalendarOrders(deps.db, auth.teamId, filter, now),
  ]);
  const entryModelIds = [...new Set(entries.map((entry) => entry.modelId))];
  const tripModelIds = query.model_id?.length ? [...new Set(query.model_id)] : undefined;
  const trips = await listModelTripsBetween(deps.db, auth.teamId, tripModelIds, query.from, query.to);
  const modelIds = [...new Set([...entryModelIds, ...trips.map((trip) => trip.modelId)])];
  const models = await listModelNames(deps.db, auth.teamId, modelIds);
  return { entries, orders, trips, models, now, today: businessDate(now) };
}
export type CalendarView = Awaited<ReturnType<typeof getCalendar>>;

/**
 * POST /v1/calendar/entries/{id}/release: an option (reserved or pending) is cancelled by its order's
 * owner or a member with calendar manage; the next option of the day moves up. Logged on the order.
 */
export async function releaseEntry(
  deps: CalendarDeps,
  auth: AuthContext,
  entryId: number,
  origin: RequestOrigin,
): Promise<{ entry: RankedEntryRow; now: Date }> {
  const now = deps.clock();
  const found = await findEntry(deps.db, auth.teamId, entryId);
  if (!found) throw entryNotFound();
  if (
    found.ownerMembershipId !== auth.membershipId &&
    !(await holdsLevel(deps, auth, 'calendar', 'manage'))
  ) {
    throw new AppError('forbidden', { message: ORDER_MESSAGES.notOwner });
  }
  await deps.db.transaction(async (tx) => {
    await lockModelCalendars(tx, [found.entry.modelId]);
    const current = await findEntry(tx, auth.teamId, entryId);
    if (!current) throw entryNotFound();
    const { entry } = current;
    if (entry.status === 'locked') throw new AppError('conflict', { message: ORDER_MESSAGES.releaseLocked });
    if (!isLiveOption(entry, now)) throw new AppError('conflict', { message: ORDER_MESSAGES.releaseNotLive });
    await withPromotion(tx, auth.teamId, [entry], now, () =>
      updateEntry(tx, auth.teamId, entry.id, { status: 'cancelled', releasedAt: now, updatedAt: now }),
    );
    await recordOperation(tx, {
      action: 'calendar_release',
      actor: memberActor(auth, origin, now),
      targetId: entry.orderId,
      detail: {
        name: current.title ? `${current.number}「${current.title}」` : current.number,
        model: current.modelName,
        date: entry.date,
      },
    });
  });
  const entry = await findRankedEntry(deps.db, auth.teamId, entryId, now);
  if (!entry) throw entryNotFound();
  return { entry, now };
}

// ---- The option-expiry sweep ----

/** Teams and models with options past their expiry that no sweep has released yet (across teams). */
export function findLapsedOptionModels(db: Database, now: Date, limit: number) {
  return listLapsedOptionModels(db, now, limit);
}

/**
 * Releases the team's options of these models that are past their expiry (as of their expiry, so they
 * show as expired) and promotes the next option of each of their days, in the caller's transaction.
 */
export async function releaseLapsedOptions(
  tx: Database,
  teamId: number,
  modelIds: number[],
  now: Date,
): Promise<number> {
  await lockModelCalendars(tx, modelIds);
  const pairs = await listLapsedOptionPairs(tx, teamId, modelIds, now);
  if (pairs.length === 0) return 0;
  return withPromotion(tx, teamId, pairs, now, () => releaseLapsedOptionRows(tx, teamId, modelIds, now));
}
