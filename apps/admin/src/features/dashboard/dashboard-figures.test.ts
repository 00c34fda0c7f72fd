import { describe, expect, it } from 'vitest';
import { changePercent, changeText, rangeText, scopeNote, shortDate } from './dashboard-figures';

describe('dashboard figures', () => {
  it('computes the change between months to one decimal, none without a base', () => {
    expect(changePercent(18, 12)).toBe(50);
    expect(changePercent(2_880_000, 3_200_000)).toBe(-10);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
    expect(changeText(50)).toBe('+50%');
    expect(changeText(-66.7)).toBe('-66.7%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(null)).toBe('--');
  });

  it('writes dates short and the scope note only for mine', () => {
    expect(shortDate('2026-01-05')).toBe('1月5日');
    expect(rangeText({ from: '2026-11-22', to: '2026-11-28' })).toBe('11月22日 – 11月28日');
    expect(scopeNote({ value_scope: 'mine' })).toBe('仅含我负责的订单');
    expect(scopeNote({ value_scope: 'team' })).toBeNull();
  });
});
