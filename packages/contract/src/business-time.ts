/**
 * The agency's clock, the one place business time is worked out (docs/decisions.md "Business time").
 * Shoot days, option expiries, due dates and "today" are China Standard Time (UTC+8, no daylight saving),
 * whatever time zone the server or a browser runs in, so "its last day is past" means the same on every
 * machine. A business date is `YYYY-MM-DD`, a business month `YYYY-MM`; an instant is a `Date` or an ISO
 * text. Date arithmetic works on business dates alone (no instant, no zone), so it cannot drift.
 * tooling/check-imports.mjs refuses a hand-written UTC+8 offset anywhere else.
 */

import { WEEK_START, WEEKDAY_LABELS } from './constants';

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
/** UTC+8 in milliseconds: a business wall-clock time is the UTC time plus this. */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * The business dates the API takes (docs/product.md §9 "Input bounds", docs/decisions.md "Bounds on money,
 * dates and races"): every date, month, filter and instant of a request falls within it, or is refused with
 * 400 before any query runs. Wide enough for any record an agency keeps or plans, narrow enough that the
 * database and every date function handle it (PostgreSQL refuses year 0000; JavaScript reads years 0–99 as
 * 1900–1999).
 */
export const BUSINESS_DATE_RANGE = { from: '2000-01-01', to: '2099-12-31' } as const;
/** A model's birthday: a person alive today may be born from 1900. */
export const BIRTHDAY_RANGE = { from: '1900-01-01', to: BUSINESS_DATE_RANGE.to } as const;

/** Whether a `YYYY-MM-DD` date is within a range (BUSINESS_DATE_RANGE unless said), both ends included. */
export const isWithinRange = (
  date: string,
  range: { readonly from: string; readonly to: string } = BUSINESS_DATE_RANGE,
): boolean => range.from <= date && date <= range.to;

/** An instant: a `Date`, or an ISO 8601 text with its zone (`2026-11-24T01:30:00.000Z`). */
export type Instant = Date | string;

const millisOf = (at: Instant): number => (typeof at === 'string' ? Date.parse(at) : at.getTime());
/** The business wall clock of an instant, read through the UTC fields (`toISOString`). */
const wallClock = (at: Instant): string => new Date(millisOf(at) + OFFSET_MS).toISOString();
/** A business date as the UTC midnight of the same name: the calendar arithmetic's carrier. */
const utcDay = (date: string): Date => new Date(`${date}T00:00:00Z`);
const dateText = (day: Date): string => day.toISOString().slice(0, 10);

// --- Instants to business dates and times ----------------------------------------------------------------

/** The business date (YYYY-MM-DD) at an instant. */
export const businessDate = (at: Instant): string => wallClock(at).slice(0, 10);

/** The business month (YYYY-MM) at an instant. */
export const businessMonth = (at: Instant): string => wallClock(at).slice(0, 7);

/** `09:30`: the business time of an instant, whatever the time zone of the machine showing it. */
export const businessClock = (at: Instant): string => wallClock(at).slice(11, 16);

/** Minutes since business midnight of an instant (`09:30` → 570). */
export const businessMinutes = (at: Instant): number => {
  const clock = businessClock(at);
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
};

/** `2026-11-24 09:30` (DATE_FORMATS.dateTime) of an instant in business time: for display and history. */
export const businessDateTime = (at: Instant): string => wallClock(at).slice(0, 16).replace('T', ' ');

// --- Business dates and months to instants --------------------------------------------------------------

/** The instant of a business date and time (`2026-11-24`, `09:30`). */
export const businessInstant = (date: string, time = '00:00'): Date =>
  new Date(Date.parse(`${date}T${time}:00Z`) - OFFSET_MS);

/** A business day as instants: from its first moment, up to (not including) the next day's. */
export const dayBounds = (date: string): { from: Date; before: Date } => ({
  from: businessInstant(date),
  before: businessInstant(addDays(date, 1)),
});

/** A business month (`2026-11`) as instants: from its first moment, up to the next month's. */
export const monthBounds = (month: string): { from: Date; before: Date } => ({
  from: businessInstant(`${month}-01`),
  before: businessInstant(addMonths(`${month}-01`, 1)),
});

// --- Date arithmetic on business dates -------------------------------------------------------------------

/** Whether the text is a real calendar date (`2026-02-30` is not). */
export const isBusinessDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  return dateText(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) === value;
};

/** A business date moved by whole days: a due date is `addDays(issued, termDays)`. */
export const addDays = (date: string, days: number): string =>
  dateText(new Date(utcDay(date).getTime() + days * DAY_MS));

/** Whole days from one business date to another (negative when `to` is earlier): aging, spans. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);

/** The first day of the month a business date is in. */
export const monthStart = (date: string): string => `${date.slice(0, 7)}-01`;

/** The last day of the month a business date is in. */
export const monthEnd = (date: string): string =>
  // Day 0 of the next month is the last day of this one.
  dateText(new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)));

/** The same day `months` later, kept inside the target month (Jan 31 + 1 month → Feb 28). */
export const addMonths = (date: string, months: number): string => {
  const first = dateText(
    new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 + months, 1)),
  );
  const day = Math.min(Number(date.slice(8, 10)), Number(monthEnd(first).slice(8, 10)));
  return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
};

/**
 * The same date `years` later, as a calendar counts a year: 29 February goes on to 1 March in a year
 * without it (a licence from 2028-02-29 for a year runs to the day before, 2029-02-28).
 */
export const addYears = (date: string, years: number): string => {
  const day = utcDay(date);
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return dateText(day);
};

/** 0 is Sunday, as `Date.prototype.getDay`. */
export const weekdayOf = (date: string): number => utcDay(date).getUTCDay();

/**
 * The week a business date is in, both ends included: from `start` (WEEK_START, Sunday, unless a screen
 * says otherwise: finance's weeks start on Monday, FINANCE_WEEK_START).
 */
export const weekOf = (date: string, start: number = WEEK_START): { from: string; to: string } => {
  const from = addDays(date, -((weekdayOf(date) - start + 7) % 7));
  return { from, to: addDays(from, 6) };
};

// --- Formatting ------------------------------------------------------------------------------------------

/** `周二`: the weekday of a business date, by WEEKDAY_LABELS (weeks from Sunday). */
export const weekdayName = (date: string): string => `周${WEEKDAY_LABELS[weekdayOf(date)] ?? ''}`;

/** `2026年11月24日` (DATE_FORMATS.dateZh) of a business date. */
export const dateInChinese = (date: string): string =>
  `${date.slice(0, 4)}年${date.slice(5, 7)}月${date.slice(8, 10)}日`;

/** `20261124`: the business date of an instant as a file name carries it (`订单_20261124.xlsx`). */
export const fileNameDate = (at: Instant): string => businessDate(at).replaceAll('-', '');

/**
 * A business date as a spreadsheet date. Spreadsheet dates carry no zone (ExcelJS writes a `Date`'s UTC
 * fields), so the day is written as it reads.
 */
export function spreadsheetDate(date: string): Date;
export function spreadsheetDate(date: string | null): Date | null;
export function spreadsheetDate(date: string | null): Date | null {
  return date ? utcDay(date) : null;
}

/** An instant as a spreadsheet date and time showing its business wall clock (see `spreadsheetDate`). */
export function spreadsheetTime(at: Instant): Date;
export function spreadsheetTime(at: Instant | null): Date | null;
export function spreadsheetTime(at: Instant | null): Date | null {
  return at === null ? null : new Date(millisOf(at) + OFFSET_MS);
}

/** A spreadsheet date cell (zone-less, see `spreadsheetDate`) as the YYYY-MM-DD it shows. */
export const spreadsheetDateText = (cell: Date): string =>
  Number.isNaN(cell.getTime()) ? '' : dateText(cell);
