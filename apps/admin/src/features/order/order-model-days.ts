/**
 * What the editor warns about on the models' days (docs/product.md "Calendar"): a trip on a chosen day
 * (holding over it is allowed, confirming is not), a day already confirmed for another order, and how many
 * options other orders hold there. Warnings only: the server decides at confirmation.
 */
import { addDays, daysBetween } from '@trackit/contract/business-time';
import {
  CALENDAR_MAX_MODELS,
  CALENDAR_MAX_RANGE_DAYS,
  type Calendar,
  type CalendarQueryInput,
  type CalendarTrip,
} from '@trackit/contract/calendar.schema';

/** One model's chosen day where something else is going on. */
export interface ModelDayNotice {
  date: string;
  /** The model's trips covering that day. */
  trips: CalendarTrip[];
  /** Orders (numbers) of other orders that have confirmed the model that day. */
  lockedBy: string[];
  /** Live options (reserved or pending) of other orders that day. */
  options: number;
}

/**
 * The calendar call covering the chosen days of the chosen models, or null when there is nothing to
 * ask. A span longer than one call answers is cut at its start's limit.
 */
export const modelDaysRequest = (
  dates: readonly string[],
  modelIds: readonly number[],
): CalendarQueryInput | null => {
  const sorted = [...new Set(dates)].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last || modelIds.length === 0) return null;
  const to =
    daysBetween(first, last) >= CALENDAR_MAX_RANGE_DAYS ? addDays(first, CALENDAR_MAX_RANGE_DAYS - 1) : last;
  return { from: first, to, model_id: [...modelIds].sort((a, b) => a - b).slice(0, CALENDAR_MAX_MODELS) };
};

/**
 * For each model, its chosen days with trips, another order's confirmation or other options, in date
 * order. This order's own entries are left out.
 */
export const modelDayNotices = (
  calendar: Calendar,
  orderId: number,
  modelIds: readonly number[],
  dates: readonly string[],
): Map<number, ModelDayNotice[]> => {
  const numbers = new Map(calendar.orders.map((order) => [order.id, order.number]));
  const sortedDates = [...new Set(dates)].sort();
  const notices = new Map<number, ModelDayNotice[]>();
  for (const modelId of modelIds) {
    const days: ModelDayNotice[] = [];
    for (const date of sortedDates) {
      const trips = calendar.trips.filter(
        (trip) => trip.model_id === modelId && trip.start_date <= date && date <= trip.end_date,
      );
      const others = calendar.entries.filter(
        (entry) => entry.model_id === modelId && entry.date === date && entry.order_id !== orderId,
      );
      const lockedBy = others
        .filter((entry) => entry.status === 'locked')
        .map((entry) => numbers.get(entry.order_id) ?? `#${entry.order_id}`);
      const options = others.filter(
        (entry) => entry.status === 'reserved' || entry.status === 'pending',
      ).length;
      if (trips.length > 0 || lockedBy.length > 0 || options > 0)
        days.push({ date, trips, lockedBy, options });
    }
    if (days.length > 0) notices.set(modelId, days);
  }
  return notices;
};
