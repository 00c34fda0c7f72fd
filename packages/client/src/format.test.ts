import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, initials } from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1K'],
    [1536, '1.5K'],
    [1100, '1.07K'],
    [5 * 1024 ** 2, '5M'],
    [1024 ** 2 - 1, '1M'],
    [2.25 * 1024 ** 3, '2.25G'],
    [3 * 1024 ** 4, '3T'],
    [2048 * 1024 ** 4, '2048T'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])('%s → --', (bytes) => {
    expect(formatFileSize(bytes)).toBe('--');
  });
});

describe('formatDate', () => {
  it('formats with the default date format and custom ones', () => {
    expect(formatDate('2024-05-01T14:30:00')).toBe('2024-05-01');
    expect(formatDate('2024-05-01T14:30:00', 'YYYY-MM-DD HH:mm')).toBe('2024-05-01 14:30');
    expect(formatDate(new Date(2024, 4, 1), 'YYYY年M月D日')).toBe('2024年5月1日');
  });

  it('uses the Chinese locale', () => {
    expect(formatDate('2024-05-01', 'dddd')).toBe('星期三');
    expect(formatDate('2024-05-01', 'MMMM')).toBe('五月');
  });

  it('reads a number as milliseconds', () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4).getTime(), 'YYYY-MM-DD HH:mm')).toBe('2024-01-02 03:04');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('%s → --', (value) => {
    expect(formatDate(value)).toBe('--');
  });
});

describe('initials', () => {
  it.each([
    ['王小明', '王'],
    ['  李娜 ', '李'],
    ['anna lee', 'AL'],
    ['Anna Maria Lee', 'AM'],
    ['kate', 'K'],
    ['john_doe', 'JD'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (name, text) => {
    expect(initials(name)).toBe(text);
  });
});
