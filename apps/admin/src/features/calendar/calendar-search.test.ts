import { calendarQuerySchema } from '@trackit/contract/calendar.schema';
import { describe, expect, it } from 'vitest';
import {
  type CalendarSearch,
  calendarQueryOf,
  hasCalendarFilters,
  readCalendarSearch,
  writeCalendarSearch,
} from './calendar-search';

const TODAY = '2026-11-24';
const read = (search: string) => readCalendarSearch(new URLSearchParams(search), TODAY);

describe('calendar address', () => {
  it('opens on this month with no filter', () => {
    expect(read('')).toEqual({
      view: 'month',
      span: 'week',
      show: 'all',
      order: 'name',
      date: TODAY,
      model_id: [],
      status: [],
      job_type: [],
      owner_member_id: null,
    });
    expect(writeCalendarSearch(read(''), TODAY).toString()).toBe('');
  });

  it('reads view, date and filters, and writes them back the same', () => {
    const address =
      'view=resource&span=month&show=booked&order=booked&date=2026-12-03&model_id=4&model_id=9&status=reserved&status=expired&job_type=campaign&owner_member_id=7';
    const search = read(address);
    expect(search).toEqual({
      view: 'resource',
      span: 'month',
      show: 'booked',
      order: 'booked',
      date: '2026-12-03',
      model_id: [4, 9],
      status: ['reserved', 'expired'],
      job_type: ['campaign'],
      owner_member_id: 7,
    });
    expect(writeCalendarSearch(search, TODAY).toString()).toBe(address);
    expect(hasCalendarFilters(search)).toBe(true);
  });

  it('drops only the values it cannot use', () => {
    const search = read(
      'view=year&date=2026-02-30&model_id=x&model_id=3&model_id=3&status=gone&status=locked&owner_member_id=-1',
    );
    expect(search.view).toBe('month');
    expect(search.date).toBe(TODAY);
    expect(search.model_id).toEqual([3]);
    expect(search.status).toEqual(['locked']);
    expect(search.owner_member_id).toBeNull();
    expect(hasCalendarFilters(read('view=week'))).toBe(false);
  });

  it("keeps the resource view's span, rows and order out of the address of the other views", () => {
    const search: CalendarSearch = {
      ...read(''),
      view: 'week',
      span: 'month',
      show: 'booked',
      order: 'booked',
      date: '2026-11-30',
    };
    expect(writeCalendarSearch(search, TODAY).toString()).toBe('view=week&date=2026-11-30');
    // They are how the rows are shown, not filters of what is asked for.
    const resource = read('view=resource&show=booked&order=booked');
    expect(hasCalendarFilters(resource)).toBe(false);
    expect(calendarQueryOf(resource)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(read('view=resource&show=some&order=price')).toMatchObject({ show: 'all', order: 'name' });
  });

  it('asks the API for the visible range with the filters, in a shape the contract accepts', () => {
    const month = calendarQueryOf(read('date=2027-01-15&status=reserved&model_id=4'));
    expect(month).toEqual({ from: '2026-12-27', to: '2027-02-06', model_id: [4], status: ['reserved'] });
    expect(calendarQuerySchema.safeParse(month).success).toBe(true);
    expect(calendarQueryOf(read('view=day&date=2026-11-25'))).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
    const resource = calendarQueryOf(read('view=resource&span=month&owner_member_id=7&job_type=campaign'));
    expect(resource).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      job_type: ['campaign'],
      owner_member_id: 7,
    });
    expect(calendarQuerySchema.safeParse(resource).success).toBe(true);
  });
});
