/**
 * Rates held in basis points (万分比: 2000 is 20 %, 435 is 4.35 %), typed and shown in percent with at
 * most two decimals: a model's commission, a mother agency's share, a fee line's commission override
 * (docs/decisions.md "Rates typed in percent"). Percent text and basis points are converted by their
 * digits, never through a float: 4.35 × 100 is 434.99999999999994 in floating point.
 */

/** 100 %: the largest rate, in basis points. */
export const RATE_MAX_BP = 10_000;

export const RATE_MESSAGES = {
  /** Beside a percent input whose text is not a rate it takes. */
  invalid: '*请输入0-100之间的数字，最多两位小数',
} as const;

/** `4.35`, `20`, `0.5`, `4.`, `.5` (a percent with up to two decimals); the groups are the whole and decimal digits. */
const PERCENT_TEXT = /^(\d{0,3})(?:\.(\d{0,2}))?$/;

/**
 * A percent typed by a person (`4.35`, ` 4.35 % `, `4.35％`, `0.29`, `20`) → basis points (435, 29, 2000);
 * undefined for anything else: more than two decimals, a sign, an exponent, letters, nothing typed.
 * The range is the caller's (`isRateBp`): `150` reads 15000.
 */
export function parsePercent(text: string): number | undefined {
  const plain = text.replace(/[\s%％]/g, '').replace(/。/g, '.');
  const match = PERCENT_TEXT.exec(plain);
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const decimals = match[2] ?? '';
  if (whole === '' && decimals === '') return undefined;
  return Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
}

/** Whether a value is a rate in basis points: a whole number from 0 to `max` (100 % by default). */
export const isRateBp = (value: unknown, max = RATE_MAX_BP): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** Basis points as the percent a person types (435 → `4.35`, 2000 → `20`, 1050 → `10.5`, 5 → `0.05`). */
export function percentText(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(bp));
  const whole = Math.trunc(absolute / 100);
  const decimals = String(absolute % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${decimals ? `.${decimals}` : ''}`;
}

/** Basis points as a rate reads on screen and in the log: 435 → `4.35%`. */
export const formatRate = (bp: number): string => `${percentText(bp)}%`;
