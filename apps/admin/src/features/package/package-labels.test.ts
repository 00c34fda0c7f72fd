import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelative, visitorLabel } from './package-labels';

describe('formatDuration', () => {
  it('says a time on screen as people do', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(-5)).toBe('0秒');
    expect(formatDuration(45_400)).toBe('45秒');
    expect(formatDuration(80_000)).toBe('1分20秒');
    expect(formatDuration(180_000)).toBe('3分');
    expect(formatDuration(3_600_000)).toBe('1小时');
    expect(formatDuration(7_500_000)).toBe('2小时5分');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says how long ago in a few characters, and the date past a week', () => {
    expect(formatRelative(null, now)).toBe('--');
    expect(formatRelative('2026-03-10T11:59:30Z', now)).toBe('刚刚');
    expect(formatRelative('2026-03-10T11:55:00Z', now)).toBe('5分钟前');
    expect(formatRelative('2026-03-10T09:00:00Z', now)).toBe('3小时前');
    expect(formatRelative('2026-03-08T12:00:00Z', now)).toBe('2天前');
    expect(formatRelative('2026-02-01T12:00:00Z', now)).toMatch(/^2026-02-0[12]$/);
  });
});

describe('visitorLabel', () => {
  it('names a visitor by the name they gave, or by the start of their id', () => {
    expect(visitorLabel({ visitor: 'abcdefghijklmnop', name: '陈静' })).toBe('陈静');
    expect(visitorLabel({ visitor: 'abcdefghijklmnop', name: null })).toBe('访客 abcdef');
    expect(visitorLabel({ visitor: 'abcdefghijklmnop', name: '  ' })).toBe('访客 abcdef');
  });
});
