import { describe, expect, it } from 'vitest';
import {
  AGE_RANGES,
  CURRENT_TAX_RATES,
  DATE_FORMATS,
  FORMER_TAX_RATES,
  HEIGHT_RANGES,
  inRange,
  isCurrentTaxRate,
  LETTERS,
  MAX_UPLOAD_BYTES,
  type NumericRange,
  SIZE_UNIT_BASE,
  SIZE_UNITS,
  TAX_RATES,
  taxRateSchema,
  UPLOAD_CHECKSUM_CHUNK_BYTES,
  WEEK_START,
  WEEKDAY_LABELS,
  WEIGHT_RANGES,
} from './constants';

const RANGES: [string, readonly NumericRange[]][] = [
  ['height', HEIGHT_RANGES],
  ['weight', WEIGHT_RANGES],
  ['age', AGE_RANGES],
];

const matches = (ranges: readonly NumericRange[], value: number) =>
  ranges.filter((range) => inRange(range, value)).map((range) => range.key);

describe.each(RANGES)('%s ranges', (_name, ranges) => {
  it('opens below at the first and above at the last only', () => {
    expect(ranges[0]?.min).toBeUndefined();
    expect(ranges[0]?.max).toBeDefined();
    expect(ranges.at(-1)?.max).toBeUndefined();
    expect(ranges.at(-1)?.min).toBeDefined();
    for (const range of ranges.slice(1, -1)) {
      expect(range.min).toBeDefined();
      expect(range.max).toBeDefined();
    }
  });

  it('is ordered, each range non-empty and starting where the previous ends (or shares its end)', () => {
    for (const range of ranges) {
      if (range.min !== undefined && range.max !== undefined)
        expect(range.min).toBeLessThanOrEqual(range.max);
    }
    for (let i = 1; i < ranges.length; i++) {
      const previousMax = ranges[i - 1]?.max ?? Number.NaN;
      const min = ranges[i]?.min ?? Number.NaN;
      // Next whole number, or the same one (the product's 187-192 / 192-197).
      expect([previousMax, previousMax + 1]).toContain(min);
    }
  });

  it('has unique keys and labels', () => {
    expect(new Set(ranges.map((range) => range.key)).size).toBe(ranges.length);
    expect(new Set(ranges.map((range) => range.label)).size).toBe(ranges.length);
  });

  it('labels closed ranges with their bounds', () => {
    for (const range of ranges.slice(1, -1)) expect(range.label).toBe(`${range.min}-${range.max}`);
  });
});

describe('range contents', () => {
  it('puts each whole height in the expected ranges', () => {
    expect(matches(HEIGHT_RANGES, 150)).toEqual(['under_168']);
    expect(matches(HEIGHT_RANGES, 167)).toEqual(['under_168']);
    expect(matches(HEIGHT_RANGES, 168)).toEqual(['168_173']);
    expect(matches(HEIGHT_RANGES, 186)).toEqual(['180_186']);
    expect(matches(HEIGHT_RANGES, 192)).toEqual(['187_192', '192_197']); // the product's overlap
    expect(matches(HEIGHT_RANGES, 197)).toEqual(['192_197']);
    expect(matches(HEIGHT_RANGES, 198)).toEqual(['over_197']);
    for (let cm = 100; cm <= 230; cm++) expect(matches(HEIGHT_RANGES, cm).length).toBeGreaterThan(0);
  });

  it('labels the open ends in Chinese', () => {
    expect(HEIGHT_RANGES[0]?.label).toBe('168以下');
    expect(HEIGHT_RANGES.at(-1)?.label).toBe('197以上');
    expect(WEIGHT_RANGES.map((range) => range.label)).toEqual([
      '45以下',
      '45-50',
      '51-55',
      '56-60',
      '61-65',
      '66-70',
      '71-75',
      '75以上',
    ]);
    expect(AGE_RANGES.map((range) => range.label)).toEqual([
      '18以下',
      '18-21',
      '22-25',
      '26-29',
      '30-33',
      '34-37',
      '37以上',
    ]);
  });

  it('covers every whole weight and age exactly once', () => {
    for (let kg = 30; kg <= 120; kg++) expect(matches(WEIGHT_RANGES, kg)).toHaveLength(1);
    for (let age = 0; age <= 90; age++) expect(matches(AGE_RANGES, age)).toHaveLength(1);
    expect(matches(AGE_RANGES, 17)).toEqual(['under_18']);
    expect(matches(AGE_RANGES, 38)).toEqual(['over_37']);
  });
});

describe('other constants', () => {
  it('lists tax rates ascending and validates them', () => {
    expect([...TAX_RATES]).toEqual([0, 1, 3, 5, 6, 9, 10, 13, 16, 17, 20]);
    expect(taxRateSchema.parse(6)).toBe(6);
    expect(taxRateSchema.safeParse(12).success).toBe(false);
    expect(taxRateSchema.parse(13)).toBe(13);
    expect(taxRateSchema.parse(5)).toBe(5);
    expect(taxRateSchema.safeParse('6').success).toBe(false);
  });

  it("offers today's VAT rates and keeps the former ones readable, each rate in exactly one list", () => {
    expect([...CURRENT_TAX_RATES]).toEqual([13, 9, 6, 5, 3, 1, 0]);
    expect([...FORMER_TAX_RATES]).toEqual([20, 17, 16, 10]);
    expect([...CURRENT_TAX_RATES, ...FORMER_TAX_RATES].sort((a, b) => a - b)).toEqual([...TAX_RATES]);
    for (const rate of FORMER_TAX_RATES) {
      expect(isCurrentTaxRate(rate)).toBe(false);
      // A record holding a former rate stays valid.
      expect(taxRateSchema.parse(rate)).toBe(rate);
    }
    for (const rate of CURRENT_TAX_RATES) expect(isCurrentTaxRate(rate)).toBe(true);
  });

  it('has the 26 letters in order', () => {
    expect(LETTERS.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('starts weeks on Sunday', () => {
    expect(WEEKDAY_LABELS).toHaveLength(7);
    expect(WEEKDAY_LABELS[WEEK_START]).toBe('日');
    // 2024-01-07 was a Sunday: labels are indexed by getDay().
    expect(WEEKDAY_LABELS[new Date(2024, 0, 7).getDay()]).toBe('日');
    expect(WEEKDAY_LABELS[new Date(2024, 0, 13).getDay()]).toBe('六');
  });

  it('has the byte sizes right', () => {
    expect(UPLOAD_CHECKSUM_CHUNK_BYTES).toBe(2 * SIZE_UNIT_BASE ** 2);
    expect(MAX_UPLOAD_BYTES).toBe(2 * SIZE_UNIT_BASE ** 3);
    expect(SIZE_UNITS).toEqual(['B', 'K', 'M', 'G', 'T']);
  });

  it('uses Day.js tokens', () => {
    expect(DATE_FORMATS.dateTime).toBe(`${DATE_FORMATS.date} ${DATE_FORMATS.time}`);
    expect(DATE_FORMATS.dateTimeSeconds).toBe(`${DATE_FORMATS.dateTime}:ss`);
  });
});
