/**
 * Where things go on the calendar page: the answer indexed by day and by model, entries that overlap in
 * time side by side, trips as bands over a range of days, the rows of the resource view, and what a
 * crowded cell shows before its "+N 更多".
 */
import { daysBetween } from '@trackit/contract/business-time';
import type {
  Calendar,
  CalendarEntry,
  CalendarModel,
  CalendarOrder,
  CalendarTrip,
} from '@trackit/contract/calendar.schema';
import { compareNames } from '@trackit/contract/collation';
import type { CalendarBookingDisplayStatus } from '@trackit/contract/enums';

/** Firm bookings first, then live options by rank, then what is no longer live. */
const STATUS_ORDER: Readonly<Record<CalendarBookingDisplayStatus, number>> = {
  locked: 0,
  pending: 1,
  reserved: 2,
  expired: 3,
  rejected: 4,
  cancelled: 5,
};

/** The answer looked up by what each view needs; built once per answer. */
export interface CalendarIndex {
  orders: ReadonlyMap<number, CalendarOrder>;
  modelNames: ReadonlyMap<number, string>;
  /** Entries of each day, in display order. */
  byDate: ReadonlyMap<string, readonly CalendarEntry[]>;
  /** Entries of each model, then of each day, in display order. */
  byModelDate: ReadonlyMap<number, ReadonlyMap<string, readonly CalendarEntry[]>>;
  tripsByModel: ReadonlyMap<number, readonly CalendarTrip[]>;
}

const EMPTY: readonly never[] = [];

export const modelLabel = (names: ReadonlyMap<number, string>, id: number): string =>
  names.get(id) ?? `模特 #${id}`;

export function indexCalendar(calendar: Calendar, extraNames?: ReadonlyMap<number, string>): CalendarIndex {
  const modelNames = new Map<number, string>(extraNames);
  for (const model of calendar.models) modelNames.set(model.id, model.name);
  const orders = new Map(calendar.orders.map((order) => [order.id, order]));
  const sorted = [...calendar.entries].sort(
    (a, b) =>
      a.start.localeCompare(b.start) ||
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      compareNames(modelLabel(modelNames, a.model_id), modelLabel(modelNames, b.model_id)) ||
      a.id - b.id,
  );
  const byDate = new Map<string, CalendarEntry[]>();
  const byModelDate = new Map<number, Map<string, CalendarEntry[]>>();
  for (const entry of sorted) {
    const day = byDate.get(entry.date);
    if (day) day.push(entry);
    else byDate.set(entry.date, [entry]);
    let model = byModelDate.get(entry.model_id);
    if (!model) {
      model = new Map();
      byModelDate.set(entry.model_id, model);
    }
    const cell = model.get(entry.date);
    if (cell) cell.push(entry);
    else model.set(entry.date, [entry]);
  }
  const tripsByModel = new Map<number, CalendarTrip[]>();
  for (const trip of calendar.trips) {
    const list = tripsByModel.get(trip.model_id);
    if (list) list.push(trip);
    else tripsByModel.set(trip.model_id, [trip]);
  }
  return { orders, modelNames, byDate, byModelDate, tripsByModel };
}

export const entriesOn = (index: CalendarIndex, date: string): readonly CalendarEntry[] =>
  index.byDate.get(date) ?? EMPTY;

export const entriesOfModelOn = (index: CalendarIndex, modelId: number, date: string) =>
  index.byModelDate.get(modelId)?.get(date) ?? EMPTY;

/** The trips covering a day, of every model. */
export const tripsOn = (trips: readonly CalendarTrip[], date: string): CalendarTrip[] =>
  trips.filter((trip) => trip.start_date <= date && trip.end_date >= date);

// --- Overlapping entries, side by side ----------------------------------------------------------------------

export interface TimedItem {
  id: number;
  /** Minutes since midnight. */
  start: number;
  end: number;
}

export interface PlacedItem<T extends TimedItem> {
  item: T;
  /** 0-based column within its group of overlapping items. */
  column: number;
  /** Columns of the group: the item is `1 / columns` wide. */
  columns: number;
  /** The group of items that overlap one another, directly or through others. */
  group: number;
}

/**
 * Lays out one day's items: items that overlap go side by side, each in the first column free at its
 * start; every item of a group of overlapping items gets the group's width.
 */
export function layoutOverlaps<T extends TimedItem>(items: readonly T[]): PlacedItem<T>[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end || a.id - b.id);
  const placed: PlacedItem<T>[] = [];
  let group = -1;
  let groupEnd = Number.NEGATIVE_INFINITY;
  let columnEnds: number[] = [];
  let groupStart = 0;
  const closeGroup = () => {
    for (let index = groupStart; index < placed.length; index += 1) {
      const entry = placed[index];
      if (entry) entry.columns = columnEnds.length;
    }
  };
  for (const item of sorted) {
    // A zero-length item still takes a minute, so it shows and overlaps what it touches.
    const end = Math.max(item.end, item.start + 1);
    if (item.start >= groupEnd) {
      closeGroup();
      group += 1;
      groupStart = placed.length;
      columnEnds = [];
    }
    let column = columnEnds.findIndex((columnEnd) => columnEnd <= item.start);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(end);
    } else {
      columnEnds[column] = end;
    }
    groupEnd = Math.max(groupEnd, end);
    placed.push({ item, column, columns: 0, group });
  }
  closeGroup();
  return placed;
}

export interface CappedLayout<T extends TimedItem> {
  shown: PlacedItem<T>[];
  /** Per group with hidden items: where the "+N" goes and what it lists. */
  overflow: { group: number; start: number; end: number; column: number; hidden: T[] }[];
}

/**
 * Keeps at most `max` columns per group: items beyond go behind a "+N" in the last column, so a crowded
 * day stays readable and its DOM small.
 */
export function capColumns<T extends TimedItem>(
  placed: readonly PlacedItem<T>[],
  max: number,
): CappedLayout<T> {
  const shown: PlacedItem<T>[] = [];
  const overflow = new Map<number, CappedLayout<T>['overflow'][number]>();
  for (const entry of placed) {
    if (entry.columns <= max) {
      shown.push(entry);
      continue;
    }
    if (entry.column < max - 1) {
      shown.push({ ...entry, columns: max });
      continue;
    }
    const found = overflow.get(entry.group);
    if (found) {
      found.hidden.push(entry.item);
      found.start = Math.min(found.start, entry.item.start);
      found.end = Math.max(found.end, entry.item.end);
    } else {
      overflow.set(entry.group, {
        group: entry.group,
        start: entry.item.start,
        end: entry.item.end,
        column: max - 1,
        hidden: [entry.item],
      });
    }
  }
  return { shown, overflow: [...overflow.values()] };
}

// --- Trips as bands -----------------------------------------------------------------------------------------

export interface TripSegment {
  trip: CalendarTrip;
  /** Index of the first shown day in the range. */
  start: number;
  /** Days shown. */
  span: number;
}

/** The part of each trip inside `from`–`to`, as column indexes of that range. */
export const tripSegments = (trips: readonly CalendarTrip[], from: string, to: string): TripSegment[] =>
  trips
    .filter((trip) => trip.end_date >= from && trip.start_date <= to)
    .map((trip) => {
      const first = trip.start_date > from ? trip.start_date : from;
      const last = trip.end_date < to ? trip.end_date : to;
      return { trip, start: daysBetween(from, first), span: daysBetween(first, last) + 1 };
    });

// --- Rows of the resource view ------------------------------------------------------------------------------

export interface ResourceRow {
  id: number;
  name: string;
}

/**
 * A row per model: the models picked in the filter when there are any; otherwise the models in the answer
 * and the team's active models (when the member may list them). Sorted by name.
 */
export function resourceRows({
  answerModels,
  filterIds,
  activeModels,
  names,
}: {
  answerModels: readonly CalendarModel[];
  filterIds: readonly number[];
  activeModels: readonly ResourceRow[];
  names: ReadonlyMap<number, string>;
}): ResourceRow[] {
  const rows = new Map<number, string>();
  if (filterIds.length > 0) {
    for (const id of filterIds) rows.set(id, modelLabel(names, id));
  } else {
    for (const model of activeModels) rows.set(model.id, model.name);
    for (const model of answerModels) rows.set(model.id, model.name);
  }
  return [...rows]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

/** Entries that hold a model's day: locked, awaiting confirmation, or a live option. */
const LIVE_STATUSES: ReadonlySet<CalendarBookingDisplayStatus> = new Set(['locked', 'pending', 'reserved']);

/** How booked a model is from `from` to `to`: the days with a live entry, and those of them locked. */
export interface Booking {
  days: number;
  locked: number;
}

export function bookingOf(index: CalendarIndex, modelId: number, from: string, to: string): Booking {
  let days = 0;
  let locked = 0;
  for (const [date, entries] of index.byModelDate.get(modelId) ?? []) {
    if (date < from || date > to || !entries.some((entry) => LIVE_STATUSES.has(entry.status))) continue;
    days += 1;
    if (entries.some((entry) => entry.status === 'locked')) locked += 1;
  }
  return { days, locked };
}

/** Which models the resource view lists: all of them, or those with a live entry in the period. */
export const RESOURCE_SHOWS = ['all', 'booked'] as const;
export type ResourceShow = (typeof RESOURCE_SHOWS)[number];
/** In which order: by name, or the most booked first. */
export const RESOURCE_ORDERS = ['name', 'booked'] as const;
export type ResourceOrder = (typeof RESOURCE_ORDERS)[number];

/**
 * The resource view's rows (by name, from `resourceRows`) as the member asked: only the models with a
 * live entry from `from` to `to`, and/or the most booked first (days with a live entry, then locked
 * days, then the name). Cancelled, refused and expired entries book nothing.
 */
export function arrangeResourceRows(
  rows: readonly ResourceRow[],
  index: CalendarIndex,
  { from, to, show, order }: { from: string; to: string; show: ResourceShow; order: ResourceOrder },
): ResourceRow[] {
  if (show === 'all' && order === 'name') return [...rows];
  const booked = rows.map((row) => ({ row, booking: bookingOf(index, row.id, from, to) }));
  const shown = show === 'booked' ? booked.filter(({ booking }) => booking.days > 0) : booked;
  if (order === 'booked') {
    shown.sort(
      (a, b) =>
        b.booking.days - a.booking.days ||
        b.booking.locked - a.booking.locked ||
        compareNames(a.row.name, b.row.name) ||
        a.row.id - b.row.id,
    );
  }
  return shown.map(({ row }) => row);
}

/** What a cell with room for `max` lines shows: everything, or `max - 1` lines and a "+N 更多". */
export const splitOverflow = <T>(items: readonly T[], max: number): { shown: T[]; hidden: T[] } =>
  items.length <= max
    ? { shown: [...items], hidden: [] }
    : { shown: items.slice(0, max - 1), hidden: items.slice(max - 1) };
