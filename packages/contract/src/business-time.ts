/**
 * The agency's clock. Shoot days, option expiries and "today" are China Standard Time (UTC+8, no daylight
 * saving), whatever time zone the server or a browser runs in, so "its last day is past" means the same
 * on every machine.
 */

import { WEEKDAY_LABELS } from './constants';

export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
/** UTC+8 in milliseconds: a business wall-clock time is the UTC time plus this. */
export const BUSINESS_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const OFFSET_MS = BUSINESS_UTC_OFFSET_MS;
const DAY_MS = 86_400_000;

/** The business date (YYYY-MM-DD) at an instant. */
export const businessDate = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The instant of a business date and time (`2026-11-24`, `09:30`). */
export const businessInstant = (date: string, time = '00:00'): Date =>
  new Date(new Date(`${date}T${time}:00Z`).getTime() - OFFSET_MS);

/** A business date moved by whole days. */
export const addDays = (date: string, days: number): string =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one business date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS);

/** `09:30`: the business time of an instant, whatever the time zone of the machine showing it. */
export const businessClock = (at: Date | string): string =>
  new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(11, 16);

/** `周二`: the weekday of a business date, by WEEKDAY_LABELS (weeks from Sunday). */
export const weekdayName = (date: string): string =>
  `周${WEEKDAY_LABELS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? ''}`;

/** `2026年11月24日` (DATE_FORMATS.dateZh) of a business date. */
export const dateInChinese = (date: string): string =>
  `${date.slice(0, 4)}年${date.slice(5, 7)}月${date.slice(8, 10)}日`;
