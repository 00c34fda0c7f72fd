import { describe, expect, it } from 'vitest';
import { businessClock, dateInChinese, weekdayName } from './business-time';
import { feeDescription } from './order-text';

const blank = {
  unit: null,
  quantity: null,
  note: '',
  media: null,
  territory: null,
  start_date: null,
  end_date: null,
  renewal: null,
} as const;

describe('orders in words', () => {
  it('reads a fee by its unit price and quantity, and a licence by its terms', () => {
    expect(
      feeDescription({
        ...blank,
        kind: 'ModelFee',
        amount: 500_000,
        unit: 'day',
        quantity: 1.5,
        note: '含妆发',
      }),
    ).toBe('¥5,000.00 × 1.5 天（含妆发）');
    expect(
      feeDescription({
        ...blank,
        kind: 'UsageFee',
        amount: 2_000_000,
        media: '线上、户外',
        territory: '中国大陆',
        start_date: '2026-12-01',
        end_date: '2027-11-30',
        renewal: 'automatically',
      }),
    ).toBe('线上、户外，中国大陆，2026-12-01 至 2027-11-30，自动续约');
  });

  it('tells business dates and times in China time, weeks from Sunday', () => {
    expect(weekdayName('2026-11-22')).toBe('周日');
    expect(weekdayName('2026-11-24')).toBe('周二');
    expect(dateInChinese('2026-11-24')).toBe('2026年11月24日');
    expect(businessClock('2026-11-24T01:30:00.000Z')).toBe('09:30');
    expect(businessClock(new Date('2026-11-24T17:05:00.000Z'))).toBe('01:05');
  });
});
