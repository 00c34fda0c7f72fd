import '../../dayjs-setup';
import { addMonths, isBusinessDate, monthEnd } from '@trackit/contract/business-time';
import dayjs from 'dayjs';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import weekYear from 'dayjs/plugin/weekYear';
import { describe, expect, it } from 'vitest';
import {
  dayNumberLabel,
  endOfWeek,
  monthGrid,
  rangeTitle,
  shiftDate,
  startOfWeek,
  todayDate,
  visibleRange,
  weekdayLabel,
  weekLabel,
} from './calendar-dates';

// The plugins antd's date pickers use to number weeks.
dayjs.extend(weekOfYear);
dayjs.extend(weekYear);

describe('calendar dates', () => {
  it('starts weeks on Sunday', () => {
    // 2026-11-24 is a Tuesday.
    expect(startOfWeek('2026-11-24')).toBe('2026-11-22');
    expect(endOfWeek('2026-11-24')).toBe('2026-11-28');
    // A Sunday starts its own week, a Saturday ends it.
    expect(startOfWeek('2026-11-22')).toBe('2026-11-22');
    expect(startOfWeek('2026-11-28')).toBe('2026-11-22');
    // Across a year's end.
    expect(startOfWeek('2027-01-01')).toBe('2026-12-27');
    expect(endOfWeek('2026-12-30')).toBe('2027-01-02');
    expect(weekdayLabel('2026-11-22')).toBe('日');
    expect(weekdayLabel('2026-11-28')).toBe('六');
  });

  it('builds the month grid from the Sunday before the 1st to the Saturday after the last day', () => {
    const november = monthGrid('2026-11-24');
    // November 2026 starts on a Sunday and ends on a Monday: five weeks.
    expect(november).toHaveLength(5);
    expect(november[0]?.[0]).toBe('2026-11-01');
    expect(november.at(-1)?.at(-1)).toBe('2026-12-05');
    expect(november.every((week) => week.length === 7)).toBe(true);
    expect(november.every((week) => weekdayLabel(week[0] ?? '') === '日')).toBe(true);

    // February 2026: 1st on a Sunday, 28 days: exactly four weeks.
    const february = monthGrid('2026-02-10');
    expect(february).toHaveLength(4);
    expect(february[0]?.[0]).toBe('2026-02-01');
    expect(february.at(-1)?.at(-1)).toBe('2026-02-28');

    // January 2027 starts on a Friday and its 31st is a Sunday: six weeks with leading and trailing days.
    const january = monthGrid('2027-01-15');
    expect(january).toHaveLength(6);
    expect(january[0]?.[0]).toBe('2026-12-27');
    expect(january.at(-1)?.at(-1)).toBe('2027-02-06');
  });

  it('fetches what each view shows, the month grid edges included', () => {
    expect(visibleRange('month', 'week', '2027-01-15')).toEqual({ from: '2026-12-27', to: '2027-02-06' });
    expect(visibleRange('week', 'week', '2026-11-24')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(visibleRange('day', 'week', '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(visibleRange('resource', 'week', '2026-11-24')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(visibleRange('resource', 'month', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(visibleRange('resource', 'month', '2028-02-03')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('pages by month, week or day', () => {
    expect(shiftDate('month', 'week', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDate('month', 'week', '2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftDate('month', 'week', '2026-12-15', 1)).toBe('2027-01-15');
    expect(shiftDate('week', 'week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(shiftDate('day', 'week', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('resource', 'week', '2026-11-24', -1)).toBe('2026-11-17');
    expect(shiftDate('resource', 'month', '2026-11-24', -1)).toBe('2026-10-24');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
  });

  it('titles the range on screen', () => {
    expect(rangeTitle('month', 'week', '2026-11-24')).toBe('2026年11月');
    expect(rangeTitle('week', 'week', '2026-11-24')).toBe('2026年第47周 · 11月22日 – 28日');
    expect(rangeTitle('week', 'week', '2026-12-01')).toBe('2026年第48周 · 11月29日 – 12月5日');
    expect(rangeTitle('week', 'week', '2026-12-30')).toBe('2026年第52周 · 12月27日 – 2027年1月2日');
    expect(rangeTitle('day', 'week', '2026-11-24')).toBe('2026年11月24日 星期二');
    expect(rangeTitle('resource', 'month', '2026-11-24')).toBe('2026年11月');
    expect(dayNumberLabel('2026-11-24')).toBe('24');
    expect(dayNumberLabel('2026-12-01')).toBe('12月1日');
  });

  it('reads only real dates, and today in China Standard Time', () => {
    expect(isBusinessDate('2026-02-28')).toBe(true);
    expect(isBusinessDate('2026-02-30')).toBe(false);
    expect(isBusinessDate('2026-2-3')).toBe(false);
    // 2026-11-23 17:00 UTC is already the 24th in Beijing.
    expect(todayDate(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
    expect(todayDate(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
  });

  it('names a week by its year and number: 2026年第47周', () => {
    // Weeks run Sunday to Saturday; week 1 is the one holding 4 January (four of its days are in the new year).
    expect(weekLabel('2026-11-24')).toBe('2026年第47周');
    expect(weekLabel('2026-11-22')).toBe('2026年第47周');
    expect(weekLabel('2026-11-21')).toBe('2026年第46周');
    expect(weekLabel('2026-01-04')).toBe('2026年第1周');
  });

  it('gives the days around New Year the week they belong to, whichever year they are in', () => {
    // 27 December 2026 – 2 January 2027 has five days in 2026: the last week of 2026.
    expect(weekLabel('2026-12-31')).toBe('2026年第52周');
    expect(weekLabel('2027-01-01')).toBe('2026年第52周');
    expect(weekLabel('2027-01-02')).toBe('2026年第52周');
    expect(weekLabel('2027-01-03')).toBe('2027年第1周');
    // 29 December 2024 – 4 January 2025 has four days in 2025: the first week of 2025.
    expect(weekLabel('2024-12-29')).toBe('2025年第1周');
    expect(weekLabel('2024-12-31')).toBe('2025年第1周');
    // A year of 53 weeks: 28 December 2025 – 3 January 2026.
    expect(weekLabel('2025-12-31')).toBe('2025年第53周');
    expect(weekLabel('2026-01-03')).toBe('2025年第53周');
  });

  it('numbers every week as the date pickers (Day.js zh-cn, weeks from Sunday) do, 2020 to 2030', () => {
    const differences: string[] = [];
    for (let day = dayjs('2020-01-01'); day.isBefore('2031-01-01'); day = day.add(1, 'day')) {
      const date = day.format('YYYY-MM-DD');
      const picker = `${day.weekYear()}年第${day.week()}周`;
      if (weekLabel(date) !== picker) differences.push(`${date}: ${weekLabel(date)} ≠ ${picker}`);
    }
    expect(differences).toEqual([]);
  });

  it('titles a week with its number', () => {
    expect(rangeTitle('week', 'week', '2026-11-24')).toBe('2026年第47周 · 11月22日 – 28日');
    expect(rangeTitle('resource', 'week', '2026-12-30')).toBe('2026年第52周 · 12月27日 – 2027年1月2日');
  });
});
