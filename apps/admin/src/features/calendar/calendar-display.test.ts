import { businessClock, businessMinutes } from '@trackit/contract/business-time';
import { describe, expect, it } from 'vitest';
import { entryFixture, orderFixture, tripFixture } from './calendar.fixtures';
import {
  canRelease,
  chipMark,
  chipText,
  chipTitle,
  entryTimeText,
  isExpired,
  isStruck,
  orderName,
  rankLabel,
  tripText,
} from './calendar-display';

describe('calendar display rules', () => {
  it('labels options by rank and nothing without one', () => {
    expect(rankLabel(1)).toBe('第1选择');
    expect(rankLabel(3)).toBe('第3选择');
    expect(rankLabel(null)).toBeNull();
  });

  it('strikes through cancelled entries only, and marks expired ones', () => {
    expect(isStruck('cancelled')).toBe(true);
    expect(isStruck('rejected')).toBe(false);
    expect(isStruck('expired')).toBe(false);
    expect(isExpired('expired')).toBe(true);
    expect(chipMark({ status: 'expired', rank: null })).toBe('已过期');
    expect(chipMark({ status: 'reserved', rank: 2 })).toBe('第2选择');
    expect(chipMark({ status: 'locked', rank: null })).toBeNull();
  });

  it('lets only live options be released', () => {
    expect(canRelease('reserved')).toBe(true);
    expect(canRelease('pending')).toBe(true);
    for (const status of ['locked', 'rejected', 'cancelled', 'expired'] as const) {
      expect(canRelease(status)).toBe(false);
    }
  });

  it('names a chip 模特 · 订单标题, with the number while a draft has no title', () => {
    expect(chipText('刘晓阳', orderFixture({ id: 1, title: '春季新品' }))).toBe('刘晓阳 · 春季新品');
    expect(chipText('刘晓阳', orderFixture({ id: 1, title: ' ' }))).toBe('刘晓阳 · HF20261124001');
    expect(chipText('刘晓阳', undefined)).toBe('刘晓阳');
    expect(orderName(undefined)).toBe('');
  });

  it('reads times in China Standard Time whatever the browser zone', () => {
    const entry = entryFixture({ id: 1, model_id: 1, order_id: 1, date: '2026-11-24' }, ['09:30', '18:00']);
    expect(entry.start).toBe('2026-11-24T01:30:00.000Z');
    expect(businessMinutes(entry.start)).toBe(570);
    expect(businessClock(entry.end)).toBe('18:00');
    expect(entryTimeText(entry)).toBe('2026-11-24 09:30–18:00');
    expect(chipTitle({ ...entry, status: 'reserved', rank: 1 }, '刘晓阳 · 春季新品')).toBe(
      '刘晓阳 · 春季新品 · 2026-11-24 09:30–18:00 · 已预留 · 第1选择',
    );
  });

  it('names a trip by kind and place', () => {
    expect(tripText(tripFixture({ id: 1, model_id: 1 }))).toBe('休假 · 三亚');
    expect(tripText(tripFixture({ id: 1, model_id: 1, kind: 'expatriate', place: null }))).toBe('外派');
    expect(tripText(tripFixture({ id: 1, model_id: 1, kind: 'work', place: '上海' }))).toBe('工作 · 上海');
  });
});
