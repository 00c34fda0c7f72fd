import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRate, isRateBp, parsePercent, percentText, RATE_MAX_BP } from './rates';

const bp = fc.integer({ min: 0, max: RATE_MAX_BP });

describe('percent text and basis points', () => {
  it('reads the rates the model form refused through floating point exactly', () => {
    // 4.35 × 100 = 434.99999999999994 and 0.29 × 100 = 28.999999999999996 in floating point.
    expect(parsePercent('4.35')).toBe(435);
    expect(parsePercent('0.29')).toBe(29);
    expect(parsePercent('0.57')).toBe(57);
    expect(parsePercent('1.1')).toBe(110);
    expect(parsePercent('20')).toBe(2000);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('0')).toBe(0);
  });

  it('takes what people type around the number: spaces, a percent sign, a Chinese full stop', () => {
    expect(parsePercent(' 4.35 % ')).toBe(435);
    expect(parsePercent('4.35％')).toBe(435);
    expect(parsePercent('4。35')).toBe(435);
    expect(parsePercent('4.')).toBe(400);
    expect(parsePercent('.5')).toBe(50);
  });

  it('refuses more than two decimals, signs, exponents and words', () => {
    for (const text of ['', ' ', '.', '4.355', '-1', '+1', '1e2', 'abc', '4,35', '1000', '4.3.5', 'NaN']) {
      expect(parsePercent(text), text).toBeUndefined();
    }
  });

  it('gives back every rate from its own text, to the basis point', () => {
    fc.assert(
      fc.property(bp, (rate) => {
        expect(parsePercent(percentText(rate))).toBe(rate);
        expect(parsePercent(formatRate(rate))).toBe(rate);
      }),
    );
  });

  it('reads any whole and two decimals as the exact basis points, never through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }), (whole, hundredths) => {
        const text = `${whole}.${String(hundredths).padStart(2, '0')}`;
        expect(parsePercent(text)).toBe(whole * 100 + hundredths);
      }),
    );
  });

  it('writes rates without trailing zeros', () => {
    expect(percentText(435)).toBe('4.35');
    expect(percentText(2000)).toBe('20');
    expect(percentText(1050)).toBe('10.5');
    expect(percentText(5)).toBe('0.05');
    expect(formatRate(29)).toBe('0.29%');
    expect(formatRate(10_000)).toBe('100%');
  });

  it('bounds a rate to whole basis points from 0 to the max', () => {
    expect(isRateBp(0)).toBe(true);
    expect(isRateBp(RATE_MAX_BP)).toBe(true);
    expect(isRateBp(RATE_MAX_BP + 1)).toBe(false);
    expect(isRateBp(-1)).toBe(false);
    expect(isRateBp(4.5)).toBe(false);
    expect(isRateBp(Number.NaN)).toBe(false);
    expect(isRateBp('435')).toBe(false);
    expect(isRateBp(600, 500)).toBe(false);
  });
});
