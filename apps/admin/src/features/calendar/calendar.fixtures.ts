/** Calendar answers for tests. */
import { businessInstant } from '@trackit/contract/business-time';
import type { Calendar, CalendarEntry, CalendarOrder, CalendarTrip } from '@trackit/contract/calendar.schema';

/** An entry of a model's day, 09:00–18:00 business time unless told. */
export const entryFixture = (
  overrides: Partial<CalendarEntry> & Pick<CalendarEntry, 'id' | 'model_id' | 'order_id' | 'date'>,
  times: [string, string] = ['09:00', '18:00'],
): CalendarEntry => ({
  start: businessInstant(overrides.date, times[0]).toISOString(),
  end: businessInstant(overrides.date, times[1]).toISOString(),
  status: 'locked',
  rank: null,
  expires_at: null,
  ...overrides,
});

export const orderFixture = (
  overrides: Partial<CalendarOrder> & Pick<CalendarOrder, 'id'>,
): CalendarOrder => ({
  number: `HF20261124${String(overrides.id).padStart(3, '0')}`,
  title: `订单${overrides.id}`,
  status: 'confirmed',
  job_type: 'campaign',
  company_name: '星河传媒',
  owner: { id: 7, nickname: '沈念' },
  ...overrides,
});

export const tripFixture = (
  overrides: Partial<CalendarTrip> & Pick<CalendarTrip, 'id' | 'model_id'>,
): CalendarTrip => ({
  kind: 'vacation',
  start_date: '2026-11-24',
  end_date: '2026-11-26',
  place: '三亚',
  ...overrides,
});

export const calendarFixture = (overrides: Partial<Calendar> = {}): Calendar => ({
  entries: [],
  orders: [],
  trips: [],
  models: [],
  ...overrides,
});
