/**
 * How an entry and a trip read and look on the calendar (docs/product.md "Calendar page", §4.6): locked
 * solid, reserved outlined, pending dashed, rejected grey, cancelled struck through, expired faded with
 * 已过期; options with their rank (第1选择); trips as a hatched band with kind and place.
 */
import { businessClock, businessDate, businessDateTime } from '@trackit/contract/business-time';
import type { CalendarEntry, CalendarOrder, CalendarTrip } from '@trackit/contract/calendar.schema';
import {
  CALENDAR_BOOKING_STATUS_LABELS,
  type CalendarBookingDisplayStatus,
  MODEL_TRIP_KIND_LABELS,
} from '@trackit/contract/enums';

export const minutesToTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const timeTexts = new WeakMap<object, string>();

/** `2026-11-24 09:00–18:00`; a range over midnight names both dates. Worked out once per entry. */
export const entryTimeText = (entry: Pick<CalendarEntry, 'start' | 'end'>): string => {
  const known = timeTexts.get(entry);
  if (known !== undefined) return known;
  const startDate = businessDate(entry.start);
  const endDate = businessDate(entry.end);
  const end = startDate === endDate ? businessClock(entry.end) : businessDateTime(entry.end);
  const text = `${businessDateTime(entry.start)}–${end}`;
  timeTexts.set(entry, text);
  return text;
};

/** 第1选择, 第2选择…; nothing for an entry without a rank (locked, released). */
export const rankLabel = (rank: number | null): string | null => (rank ? `第${rank}选择` : null);

/** Only live options can be released (docs/product.md "Calendar entries"). */
export const canRelease = (status: CalendarBookingDisplayStatus): boolean =>
  status === 'reserved' || status === 'pending';

export const isStruck = (status: CalendarBookingDisplayStatus): boolean => status === 'cancelled';

export const isExpired = (status: CalendarBookingDisplayStatus): boolean => status === 'expired';

/** An order's name on a chip: its title, or its number while the draft has none. */
export const orderName = (order: Pick<CalendarOrder, 'title' | 'number'> | undefined): string =>
  order ? order.title.trim() || order.number : '';

/** A chip's text: 模特 · 订单标题. */
export const chipText = (modelName: string, order: Pick<CalendarOrder, 'title' | 'number'> | undefined) =>
  [modelName, orderName(order)].filter(Boolean).join(' · ');

/** What a chip says after its text: the rank of an option, or 已过期. */
export const chipMark = (entry: Pick<CalendarEntry, 'status' | 'rank'>): string | null =>
  isExpired(entry.status) ? CALENDAR_BOOKING_STATUS_LABELS.expired : rankLabel(entry.rank);

/** A chip's tooltip: the text, the status and the mark. */
export const chipTitle = (
  entry: Pick<CalendarEntry, 'status' | 'rank' | 'start' | 'end'>,
  text: string,
): string =>
  [text, entryTimeText(entry), CALENDAR_BOOKING_STATUS_LABELS[entry.status], rankLabel(entry.rank)]
    .filter(Boolean)
    .join(' · ');

/** A trip band's text: 休假 · 三亚. */
export const tripText = (trip: Pick<CalendarTrip, 'kind' | 'place'>): string =>
  [MODEL_TRIP_KIND_LABELS[trip.kind], trip.place?.trim()].filter(Boolean).join(' · ');

/** Colours of each status: the chip's main colour (border or fill) and a light background. */
export const STATUS_COLORS: Readonly<Record<CalendarBookingDisplayStatus, { main: string; soft: string }>> = {
  // Text on `soft` (white on `main` for locked) reads at 4.5:1 or more (docs/decisions.md "Accessibility").
  locked: { main: '#0958d9', soft: '#0958d9' },
  reserved: { main: '#ad4e00', soft: '#fff7e6' },
  pending: { main: '#722ed1', soft: '#f9f0ff' },
  rejected: { main: '#6b6b6b', soft: '#f5f5f5' },
  cancelled: { main: '#6b6b6b', soft: '#fafafa' },
  expired: { main: '#ad4e00', soft: '#fffbf5' },
};

/** The order statuses are listed in the legend in this order (the product's order, expired last). */
export const LEGEND_STATUSES: readonly CalendarBookingDisplayStatus[] = [
  'locked',
  'pending',
  'reserved',
  'expired',
  'rejected',
  'cancelled',
];
