/**
 * Money (docs/product.md "Orders"): every amount is a whole number of fen (分, 1/100 yuan) in the API,
 * the database and the code; never a floating-point yuan. Quantities carry at most two decimals and are
 * computed in hundredths. This is the one place where a fee line's subtotal, its tax and an order's
 * totals are worked out; the server stores and bills what these functions give, and the apps show the
 * same figures while a form is being filled in.
 */
import type { FeeKind } from './enums';

/** Largest amount of one fee line: 100 million yuan. Sums of a few hundred lines stay exact integers. */
export const MAX_FEE_FEN = 10_000_000_000;
/** Largest quantity of a fee line (days, hours or jobs). */
export const MAX_FEE_QUANTITY = 10_000;

/** `a × b / c` rounded half away from zero, for non-negative integers, without floating-point error. */
function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = product / divisor;
  const remainder = product % divisor;
  return Number(remainder * 2n >= divisor ? quotient + 1n : quotient);
}

/** A quantity such as 1.5 in hundredths (150); refuses more than two decimals. */
export function quantityHundredths(quantity: number): number {
  const hundredths = Math.round(quantity * 100);
  if (Math.abs(hundredths - quantity * 100) > 1e-6) throw new RangeError(`数量最多两位小数：${quantity}`);
  return hundredths;
}

/** True when a quantity has at most two decimals (1, 1.5, 0.25). */
export const hasTwoDecimalsAtMost = (quantity: number): boolean =>
  Math.abs(Math.round(quantity * 100) - quantity * 100) < 1e-6;

/** What the fee arithmetic needs of a line. A usage fee is one lump sum: quantity 1. */
export interface FeeFigures {
  readonly kind: FeeKind;
  /** Fen per unit (ModelFee) or the whole licence (UsageFee); before tax. */
  readonly amount: number;
  readonly quantity?: number | null;
  /** Percent, one of TAX_RATES. */
  readonly tax_rate: number;
}

export interface LineTotals {
  /** amount × quantity, rounded to the fen. */
  subtotal: number;
  /** subtotal × rate, rounded to the fen: tax is rounded per line, as a VAT invoice lists it. */
  tax: number;
  total: number;
}

export function lineTotals(line: FeeFigures): LineTotals {
  const quantity = line.kind === 'UsageFee' ? 100 : quantityHundredths(line.quantity ?? 1);
  const subtotal = mulDivRound(line.amount, quantity, 100);
  const tax = mulDivRound(subtotal, line.tax_rate, 100);
  return { subtotal, tax, total: subtotal + tax };
}

export interface Totals extends LineTotals {
  /** The subtotals of model fees (费用) and of usage licences (肖像授权). */
  model_fees: number;
  usage_fees: number;
}

export const ZERO_TOTALS: Totals = Object.freeze({
  subtotal: 0,
  tax: 0,
  total: 0,
  model_fees: 0,
  usage_fees: 0,
});

/** The sum of lines: each line rounded on its own, then added, so the parts always add up to the whole. */
export function sumTotals(lines: readonly FeeFigures[]): Totals {
  const totals = { ...ZERO_TOTALS };
  for (const line of lines) {
    const figures = lineTotals(line);
    totals.subtotal += figures.subtotal;
    totals.tax += figures.tax;
    totals.total += figures.total;
    if (line.kind === 'UsageFee') totals.usage_fees += figures.subtotal;
    else totals.model_fees += figures.subtotal;
  }
  return totals;
}

/** An order's figures: per model and for the whole order. */
export function orderTotals<M extends { readonly model_id: number; readonly fees: readonly FeeFigures[] }>(
  models: readonly M[],
): { models: { model_id: number; totals: Totals }[]; totals: Totals } {
  const perModel = models.map((model) => ({ model_id: model.model_id, totals: sumTotals(model.fees) }));
  return { models: perModel, totals: sumTotals(models.flatMap((model) => model.fees)) };
}

/** 123456 fen → "1,234.56" (yuan, two decimals, thousands separated); negative amounts keep their sign. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(fen));
  const yuan = Math.trunc(absolute / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(absolute % 100).padStart(2, '0')}`;
}

/** "¥1,234.56". */
export const formatYuan = (fen: number): string => `¥${formatFen(fen)}`;

/**
 * "1234.5" or "1,234.50" typed by a person → 123450 fen; undefined for anything that is not a
 * non-negative amount with at most two decimals. Parsed from the text, never through a float.
 */
export function parseYuan(text: string): number | undefined {
  const match = /^\s*¥?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const whole = Number((match[1] ?? '').replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const fen = whole * 100 + cents;
  return Number.isSafeInteger(fen) ? fen : undefined;
}

/** 小写 is the figures; invoices and confirmations also print the amount in capital Chinese numerals. */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const SMALL_UNITS = ['', '拾', '佰', '仟'] as const;
const BIG_UNITS = ['', '万', '亿', '万亿'] as const;

/** 123456 fen → "壹仟贰佰叁拾肆元伍角陆分"; 100 → "壹元整"; 0 → "零元整" (the 大写 of a Chinese invoice). */
export function fenInChineseCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`金额须为非负整数分：${fen}`);
  const yuan = Math.trunc(fen / 100);
  const jiao = Math.trunc((fen % 100) / 10);
  const cents = fen % 10;
  let words = '';
  if (yuan === 0) {
    words = jiao === 0 && cents === 0 ? '零元' : '';
  } else {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.trunc(rest / 10_000)) groups.push(rest % 10_000);
    // A 零 stands between groups when zeros separate their digits: 壹仟万零壹仟, 壹拾万零伍佰.
    let pendingZero = false;
    for (let index = groups.length - 1; index >= 0; index -= 1) {
      const group = groups[index] ?? 0;
      if (group === 0) {
        pendingZero = words.length > 0;
        continue;
      }
      if (words.length > 0 && (pendingZero || group < 1000)) words += '零';
      pendingZero = group % 10 === 0;
      let groupWords = '';
      let zero = false;
      for (let position = 3; position >= 0; position -= 1) {
        const digit = Math.trunc(group / 10 ** position) % 10;
        if (digit === 0) {
          zero = groupWords.length > 0;
          continue;
        }
        if (zero) groupWords += '零';
        zero = false;
        groupWords += `${DIGITS[digit]}${SMALL_UNITS[position]}`;
      }
      words += `${groupWords}${BIG_UNITS[index]}`;
    }
    words += '元';
  }
  if (jiao === 0 && cents === 0) return `${words}整`;
  if (jiao > 0) words += `${DIGITS[jiao]}角`;
  else if (yuan > 0) words += '零';
  if (cents > 0) words += `${DIGITS[cents]}分`;
  return words;
}
