import type { Calendar, CalendarEntry } from '@trackit/contract/calendar.schema';
import { describe, expect, it } from 'vitest';
import { modelDayNotices, modelDaysRequest } from './order-model-days';

const entry = (
  id: number,
  orderId: number,
  modelId: number,
  date: string,
  status: CalendarEntry['status'],
): CalendarEntry => ({
  id,
  model_id: modelId,
  order_id: orderId,
  date,
  start: `${date}T01:00:00Z`,
  end: `${date}T10:00:00Z`,
  status,
  rank: null,
  expires_at: null,
});

const order = (id: number, number: string) => ({
  id,
  number,
  title: '',
  status: 'draft' as const,
  job_type: null,
  company_name: null,
  owner: null,
});

describe('modelDaysRequest', () => {
  it('asks for the chosen models from the first to the last chosen day', () => {
    expect(modelDaysRequest(['2026-03-06', '2026-03-05', '2026-03-06'], [8, 7])).toEqual({
      from: '2026-03-05',
      to: '2026-03-06',
      model_id: [7, 8],
    });
  });

  it('asks nothing without days or models, and at most one call’s range', () => {
    expect(modelDaysRequest([], [7])).toBeNull();
    expect(modelDaysRequest(['2026-03-05'], [])).toBeNull();
    expect(modelDaysRequest(['2026-01-01', '2026-12-31'], [7])?.to).toBe('2026-04-10');
  });
});

describe('modelDayNotices', () => {
  const calendar: Calendar = {
    entries: [
      entry(1, 31, 7, '2026-03-05', 'reserved'),
      entry(2, 40, 7, '2026-03-05', 'reserved'),
      entry(3, 41, 7, '2026-03-05', 'pending'),
      entry(4, 42, 7, '2026-03-05', 'expired'),
      entry(5, 43, 8, '2026-03-06', 'locked'),
      entry(6, 44, 8, '2026-03-06', 'cancelled'),
    ],
    orders: [order(43, 'XC20260301002')],
    trips: [
      {
        id: 9,
        model_id: 7,
        kind: 'vacation',
        start_date: '2026-03-06',
        end_date: '2026-03-10',
        place: '三亚',
      },
    ],
    models: [],
  };

  it('counts other orders’ live options, names confirmed orders and finds trips, day by day', () => {
    const notices = modelDayNotices(calendar, 31, [7, 8, 9], ['2026-03-06', '2026-03-05']);
    expect(notices.get(7)).toEqual([
      { date: '2026-03-05', trips: [], lockedBy: [], options: 2 },
      { date: '2026-03-06', trips: [calendar.trips[0]], lockedBy: [], options: 0 },
    ]);
    expect(notices.get(8)).toEqual([
      { date: '2026-03-06', trips: [], lockedBy: ['XC20260301002'], options: 0 },
    ]);
    expect(notices.has(9)).toBe(false);
  });
});
