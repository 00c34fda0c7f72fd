/**
 * Dragging across empty days holds them for a draft order (docs/product.md "Calendar page"): what a drag
 * selects, the POST /v1/calendar/holds body it becomes, and the warnings of the hold dialog (a trip, or a
 * locked entry, on a chosen model's day; holding there is allowed).
 */
import type { Calendar, CalendarHold, CalendarHoldInput } from '@trackit/contract/calendar.schema';
import { calendarHoldSchema } from '@trackit/contract/calendar.schema';
import { MODEL_TRIP_KIND_LABELS } from '@trackit/contract/enums';
import { datesBetween } from './calendar-dates';
import { minutesToTime } from './calendar-display';
import { modelLabel } from './calendar-layout';

/** The working hours a hold starts with (editable in the dialog). */
export const DEFAULT_HOLD_TIMES = { start: '09:00', end: '18:00' } as const;

/** The time grid's drag snaps to this many minutes. */
export const SLOT_MINUTES = 30;

/** A drag in progress: the day it started on and the day under the pointer (times in the time grid). */
export interface DragSelection {
  /** The model row of the resource view; null elsewhere (the dialog asks for the models). */
  modelId: number | null;
  anchor: string;
  current: string;
  /** Minutes since midnight of the slots dragged over, in the week and day views. */
  anchorMinutes?: number;
  currentMinutes?: number;
}

/** The days a drag covers, earliest first, whichever way it went. */
export const selectionDays = (selection: Pick<DragSelection, 'anchor' | 'current'>): string[] =>
  selection.anchor <= selection.current
    ? datesBetween(selection.anchor, selection.current)
    : datesBetween(selection.current, selection.anchor);

/** Whether a day is inside the drag (for shading it). */
export const isSelected = (selection: DragSelection | null, date: string, modelId: number | null = null) =>
  selection !== null &&
  selection.modelId === modelId &&
  date >= (selection.anchor < selection.current ? selection.anchor : selection.current) &&
  date <= (selection.anchor < selection.current ? selection.current : selection.anchor);

/**
 * The hours a drag gives: the slots dragged over in the time grid (from the earlier slot's start to the
 * later slot's end), or the default working hours when the drag stayed in one slot or had no times.
 */
export const selectionTimes = (selection: DragSelection): { start: string; end: string } => {
  const { anchorMinutes, currentMinutes } = selection;
  if (anchorMinutes === undefined || currentMinutes === undefined || anchorMinutes === currentMinutes) {
    return { ...DEFAULT_HOLD_TIMES };
  }
  const start = Math.min(anchorMinutes, currentMinutes);
  const end = Math.min(Math.max(anchorMinutes, currentMinutes) + SLOT_MINUTES, 24 * 60 - 1);
  return { start: minutesToTime(start), end: minutesToTime(end) };
};

/** What the hold dialog holds. */
export interface HoldDraft {
  modelIds: number[];
  days: string[];
  startTime: string;
  endTime: string;
  title: string;
}

/** The draft a finished drag opens the dialog with. */
export const holdDraftOf = (selection: DragSelection, defaultModelIds: readonly number[] = []): HoldDraft => {
  const times = selectionTimes(selection);
  return {
    modelIds: selection.modelId !== null ? [selection.modelId] : [...defaultModelIds],
    days: selectionDays(selection),
    startTime: times.start,
    endTime: times.end,
    title: '',
  };
};

/** The POST /v1/calendar/holds body of the dialog: each day with the same hours; an empty title left out. */
export const holdPayload = (draft: HoldDraft): CalendarHoldInput => {
  const title = draft.title.trim();
  return {
    model_ids: [...new Set(draft.modelIds)],
    days: [...new Set(draft.days)]
      .sort()
      .map((date) => ({ date, start_time: draft.startTime, end_time: draft.endTime })),
    ...(title ? { title } : {}),
  };
};

/** The body checked by the contract's schema: the first problem in Chinese, or the parsed body. */
export const checkHold = (
  draft: HoldDraft,
): { ok: true; body: CalendarHold } | { ok: false; message: string } => {
  const result = calendarHoldSchema.safeParse(holdPayload(draft));
  if (result.success) return { ok: true, body: result.data };
  const message = result.error.issues[0]?.message ?? '';
  return { ok: false, message: message.replace(/^\*/, '') };
};

/**
 * What the dialog warns about, per chosen model and day, from the calendar already loaded: a trip covering
 * the day, a locked entry of another order that day.
 */
export function holdWarnings(
  calendar: Calendar | undefined,
  draft: Pick<HoldDraft, 'modelIds' | 'days'>,
  names: ReadonlyMap<number, string>,
): string[] {
  if (!calendar) return [];
  const models = new Set(draft.modelIds);
  const days = new Set(draft.days);
  const orderNumbers = new Map(calendar.orders.map((order) => [order.id, order.number]));
  const found: { day: string; model: string; text: string }[] = [];
  for (const trip of calendar.trips) {
    if (!models.has(trip.model_id)) continue;
    const name = modelLabel(names, trip.model_id);
    const place = trip.place?.trim() ? `（${trip.place.trim()}）` : '';
    for (const day of days) {
      if (trip.start_date <= day && trip.end_date >= day) {
        found.push({
          day,
          model: name,
          text: `「${name}」${day} 有${MODEL_TRIP_KIND_LABELS[trip.kind]}行程${place}`,
        });
      }
    }
  }
  for (const entry of calendar.entries) {
    if (entry.status !== 'locked' || !models.has(entry.model_id) || !days.has(entry.date)) continue;
    const name = modelLabel(names, entry.model_id);
    const number = orderNumbers.get(entry.order_id) ?? `#${entry.order_id}`;
    found.push({
      day: entry.date,
      model: name,
      text: `「${name}」${entry.date} 已有锁定档期（订单 ${number}）`,
    });
  }
  found.sort((a, b) => a.day.localeCompare(b.day) || a.model.localeCompare(b.model));
  return [...new Set(found.map((warning) => warning.text))];
}
