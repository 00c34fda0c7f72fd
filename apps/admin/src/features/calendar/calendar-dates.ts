/**
 * Date math of the calendar page on business dates (`YYYY-MM-DD`, China Standard Time, see
 * packages/contract/src/business-time.ts), whatever the browser's time zone. Weeks start on Sunday
 * (docs/product.md "Calendar page", `WEEK_START`).
 */
import {
  addDays,
  addMonths,
  businessDate,
  daysBetween,
  monthEnd,
  monthStart,
  weekdayOf,
  weekOf,
} from '@trackit/contract/business-time';
import { WEEKDAY_LABELS } from '@trackit/contract/constants';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'resource'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_LABELS: Readonly<Record<CalendarView, string>> = {
  month: '月',
  week: '周',
  day: '日',
  resource: '资源',
};

/** How many days the resource view shows: the week or the month of its date. */
export const RESOURCE_SPANS = ['week', 'month'] as const;
export type ResourceSpan = (typeof RESOURCE_SPANS)[number];
export const RESOURCE_SPAN_LABELS: Readonly<Record<ResourceSpan, string>> = { week: '按周', month: '按月' };

/** Both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

/** Today in business time. */
export const todayDate = (now: Date = new Date()): string => businessDate(now);

export const weekdayLabel = (date: string): string => WEEKDAY_LABELS[weekdayOf(date)] ?? '';

export const isWeekend = (date: string): boolean => {
  const day = weekdayOf(date);
  return day === 0 || day === 6;
};

export const startOfWeek = (date: string): string => weekOf(date).from;
export const endOfWeek = (date: string): string => weekOf(date).to;

/** Every date from `from` to `to`, both included. */
export const datesBetween = (from: string, to: string): string[] => {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => addDays(from, index));
};

export const sameMonth = (a: string, b: string): boolean => a.slice(0, 7) === b.slice(0, 7);

/** The month grid of a date: whole weeks, Sunday first, from the week of the 1st to the week of the last day. */
export const monthGrid = (date: string): string[][] => {
  const days = datesBetween(startOfWeek(monthStart(date)), endOfWeek(monthEnd(date)));
  const weeks: string[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
};

/** The days a view shows (the month view's leading and trailing days included): what one call fetches. */
export const visibleRange = (view: CalendarView, span: ResourceSpan, date: string): DateRange => {
  switch (view) {
    case 'month':
      return { from: startOfWeek(monthStart(date)), to: endOfWeek(monthEnd(date)) };
    case 'week':
      return { from: startOfWeek(date), to: endOfWeek(date) };
    case 'day':
      return { from: date, to: date };
    case 'resource':
      return span === 'month'
        ? { from: monthStart(date), to: monthEnd(date) }
        : { from: startOfWeek(date), to: endOfWeek(date) };
  }
};

/** The date the previous (-1) or next (1) page of the view is about. */
export const shiftDate = (view: CalendarView, span: ResourceSpan, date: string, step: -1 | 1): string => {
  if (view === 'month' || (view === 'resource' && span === 'month')) return addMonths(date, step);
  return addDays(date, view === 'day' ? step : step * 7);
};

/** The day of January whose week is week 1 (Day.js zh-cn's `yearStart`, ISO 8601's rule). */
const YEAR_START_DAY = 4;

/**
 * The week a date belongs to, numbered within its week-year: weeks run Sunday to Saturday (`WEEK_START`)
 * and week 1 is the one holding 4 January, so it has at least four days of its year; the days of
 * January before it close the last week of the year before, and late December may open the next year's
 * week 1. This is how Day.js numbers weeks in zh-cn with our Sunday start (src/dayjs-setup.ts), so the
 * week pickers' panels agree (calendar-dates.test.ts checks every day of 2020–2030).
 */
export const weekOfYear = (date: string): { year: number; week: number } => {
  const start = startOfWeek(date);
  // Four days of a week are in one year, the middle one among them: that year owns the week.
  const year = Number(addDays(start, 3).slice(0, 4));
  const firstWeek = startOfWeek(`${year}-01-${String(YEAR_START_DAY).padStart(2, '0')}`);
  return { year, week: daysBetween(firstWeek, start) / 7 + 1 };
};

/** `2026年第47周`. */
export const weekLabel = (date: string): string => {
  const { year, week } = weekOfYear(date);
  return `${year}年第${week}周`;
};

const monthText = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月`;
const dayText = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/**
 * The heading of the range on screen: 2026年11月, 2026年第47周 · 11月22日 – 28日, 2026年11月24日 星期二.
 * A week's days are named within its week-year (12月27日 – 2027年1月2日 is 2026年第52周).
 */
export const rangeTitle = (view: CalendarView, span: ResourceSpan, date: string): string => {
  if (view === 'month' || (view === 'resource' && span === 'month')) return monthText(date);
  if (view === 'day') return `${date.slice(0, 4)}年${dayText(date)} 星期${weekdayLabel(date)}`;
  const { from, to } = visibleRange(view, span, date);
  const { year } = weekOfYear(date);
  const yearOf = (day: string) => (Number(day.slice(0, 4)) === year ? '' : `${day.slice(0, 4)}年`);
  const end = sameMonth(from, to) ? `${Number(to.slice(8, 10))}日` : `${yearOf(to)}${dayText(to)}`;
  return `${weekLabel(date)} · ${yearOf(from)}${dayText(from)} – ${end}`;
};

/** A short label of a day in a column header: 24 日 → `24`, the 1st of a month → `12月1日`. */
export const dayNumberLabel = (date: string): string =>
  date.endsWith('-01') ? `${Number(date.slice(5, 7))}月1日` : String(Number(date.slice(8, 10)));
