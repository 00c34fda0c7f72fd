import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  BUSINESS_TIME_ZONE,
  businessClock,
  businessDate,
  businessDateTime,
  businessInstant,
  businessMinutes,
  businessMonth,
  dayBounds,
  daysBetween,
  fileNameDate,
  isBusinessDate,
  monthBounds,
  monthEnd,
  monthStart,
  spreadsheetDate,
  spreadsheetDateText,
  spreadsheetTime,
  weekdayName,
  weekOf,
} from './business-time';

// Instants from 1971 to 2099 (whole milliseconds) and the business dates among them.
const instants = fc.date({
  min: new Date('1971-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const dates = instants.map((at) => at.toISOString().slice(0, 10));
/**
 * Instants since China last changed its clock: it kept daylight saving time from 1986 to 1991, when the
 * zone database reads UTC+9 in summer; the business clock is UTC+8 throughout (docs/decisions.md).
 */
const instantsSinceLastChange = fc.date({
  min: new Date('1992-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** The wall clock of the time zone database, independent of the module's offset arithmetic. */
const zoned = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const zonedText = (at: Date) => {
  const part = Object.fromEntries(zoned.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};

describe('business time', () => {
  it('reads an instant on the China clock: 16:00 UTC is already the next day', () => {
    expect(businessDate(new Date('2026-05-09T16:00:00Z'))).toBe('2026-05-10');
    expect(businessDate('2026-05-09T15:59:59.999Z')).toBe('2026-05-09');
    expect(businessMonth('2026-11-30T16:00:00Z')).toBe('2026-12');
    expect(businessMonth('2026-12-31T16:00:00Z')).toBe('2027-01');
    expect(businessDateTime('2026-12-23T10:00:00.000Z')).toBe('2026-12-23 18:00');
    expect(businessMinutes('2026-11-24T01:30:00.000Z')).toBe(570);
    expect(businessMinutes('2026-11-24T15:59:00.000Z')).toBe(1439);
  });

  it('agrees with the time zone database for Asia/Shanghai at every instant since 1992', () => {
    fc.assert(
      fc.property(instantsSinceLastChange, (at) => {
        const text = zonedText(at);
        expect(businessDateTime(at)).toBe(text);
        expect(businessDate(at)).toBe(text.slice(0, 10));
        expect(businessMonth(at)).toBe(text.slice(0, 7));
        expect(businessClock(at.toISOString())).toBe(text.slice(11, 16));
      }),
    );
  });

  it('turns a business date and time into the instant that reads back as it', () => {
    expect(businessInstant('2026-11-24', '09:30').toISOString()).toBe('2026-11-24T01:30:00.000Z');
    expect(businessInstant('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 1439 }), (date, minutes) => {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(businessDateTime(businessInstant(date, time))).toBe(`${date} ${time}`);
      }),
    );
  });

  it('bounds a day: its first moment is in it, the moment before its end too, its end is the next day', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const { from, before } = dayBounds(date);
        expect(businessDate(from)).toBe(date);
        expect(businessDate(new Date(from.getTime() - 1))).toBe(addDays(date, -1));
        expect(businessDate(new Date(before.getTime() - 1))).toBe(date);
        expect(businessDate(before)).toBe(addDays(date, 1));
        expect(before.getTime() - from.getTime()).toBe(86_400_000);
      }),
    );
  });

  it('bounds a month around month ends, leap days and years', () => {
    expect(monthBounds('2026-12')).toEqual({
      from: new Date('2026-11-30T16:00:00.000Z'),
      before: new Date('2026-12-31T16:00:00.000Z'),
    });
    expect(monthBounds('2028-02').before.toISOString()).toBe('2028-02-29T16:00:00.000Z');
    fc.assert(
      fc.property(dates, (date) => {
        const month = date.slice(0, 7);
        const { from, before } = monthBounds(month);
        expect(businessDate(from)).toBe(`${month}-01`);
        expect(businessMonth(new Date(from.getTime() - 1))).not.toBe(month);
        expect(businessDate(new Date(before.getTime() - 1))).toBe(monthEnd(date));
        expect(businessDate(before)).toBe(addDays(monthEnd(date), 1));
        expect(from.getTime() <= dayBounds(date).from.getTime()).toBe(true);
        expect(dayBounds(date).before.getTime() <= before.getTime()).toBe(true);
      }),
    );
  });

  it('knows the first and last day of each month', () => {
    expect(monthStart('2026-11-24')).toBe('2026-11-01');
    expect(monthEnd('2026-11-24')).toBe('2026-11-30');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(monthEnd('2100-02-10')).toBe('2100-02-28');
    expect(monthEnd('2000-02-10')).toBe('2000-02-29');
  });

  it('moves dates by days: a due date, and back again', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-24', 30)).toBe('2026-12-24');
    fc.assert(
      fc.property(dates, fc.integer({ min: -4000, max: 4000 }), (date, days) => {
        const moved = addDays(date, days);
        expect(isBusinessDate(moved)).toBe(true);
        expect(addDays(moved, -days)).toBe(date);
        expect(daysBetween(date, moved)).toBe(days);
      }),
    );
  });

  it('counts whole days between dates (aging), negative backwards, adding up along the way', () => {
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
    fc.assert(
      fc.property(dates, dates, dates, (a, b, c) => {
        expect(addDays(a, daysBetween(a, b))).toBe(b);
        expect(daysBetween(b, a) + daysBetween(a, b)).toBe(0);
        expect(daysBetween(a, b) + daysBetween(b, c)).toBe(daysBetween(a, c));
      }),
    );
  });

  it('moves by months inside the target month and by years as a calendar counts them', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-31', -2)).toBe('2026-11-30');
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(addYears('2026-11-24', -26)).toBe('2000-11-24');
    fc.assert(
      fc.property(dates, fc.integer({ min: -240, max: 240 }), (date, months) => {
        const moved = addMonths(date, months);
        expect(isBusinessDate(moved)).toBe(true);
        const monthIndex = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));
        expect(monthIndex(moved) - monthIndex(date)).toBe(months);
        expect(Number(moved.slice(8, 10))).toBe(
          Math.min(Number(date.slice(8, 10)), Number(monthEnd(moved).slice(8, 10))),
        );
      }),
    );
  });

  it('tells real dates from look-alikes', () => {
    expect(isBusinessDate('2028-02-29')).toBe(true);
    expect(isBusinessDate('2026-02-29')).toBe(false);
    expect(isBusinessDate('2026-02-30')).toBe(false);
    expect(isBusinessDate('2026-13-01')).toBe(false);
    expect(isBusinessDate('2026-1-01')).toBe(false);
    expect(isBusinessDate('yesterday')).toBe(false);
  });

  it('runs weeks Sunday to Saturday', () => {
    expect(weekOf('2026-11-24')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(weekOf('2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    fc.assert(
      fc.property(dates, (date) => {
        const { from, to } = weekOf(date);
        expect(weekdayName(from)).toBe('周日');
        expect(daysBetween(from, date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(date, to)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(from, to)).toBe(6);
      }),
    );
  });

  it('runs finance weeks Monday to Sunday', () => {
    expect(weekOf('2026-11-24', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-22', 1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(weekOf('2026-11-23', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    fc.assert(
      fc.property(dates, (date) => {
        const { from, to } = weekOf(date, 1);
        expect(weekdayName(from)).toBe('周一');
        expect(daysBetween(from, date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(date, to)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('writes dates for file names and spreadsheets', () => {
    expect(fileNameDate(new Date('2026-11-23T16:30:00Z'))).toBe('20261124');
    expect(spreadsheetDate('2026-11-24').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(spreadsheetDate(null)).toBeNull();
    // ExcelJS writes a Date's UTC fields: the cell shows the business wall clock.
    expect(spreadsheetTime('2026-11-24T01:30:00.000Z').toISOString()).toBe('2026-11-24T09:30:00.000Z');
    expect(spreadsheetTime(new Date('2026-11-23T16:30:00Z')).toISOString()).toBe('2026-11-24T00:30:00.000Z');
    expect(spreadsheetTime(null)).toBeNull();
    expect(spreadsheetDateText(spreadsheetDate('2026-11-24'))).toBe('2026-11-24');
    expect(spreadsheetDateText(new Date(Number.NaN))).toBe('');
    fc.assert(
      fc.property(instants, (at) => {
        expect(spreadsheetDateText(spreadsheetTime(at))).toBe(businessDate(at));
      }),
    );
  });
});
