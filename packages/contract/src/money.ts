/**
 * Money (docs/product.md "Orders"): every amount is a whole number of fen (分, 1/100 yuan) in the API,
 * the database and the code; never a floating-point yuan. Quantities carry at most two decimals and are
 * computed in hundredths. This is the one place where a fee line's subtotal, its tax and an order's
 * totals are worked out; the server stores and bills what these functions give, and the apps show the
 * same figures while a form is being filled in.
 */
import type { FeeKind } from './enums';

/**
 * The bounds that keep every figure an exact JavaScript number (below 2^53 fen, about ¥90 trillion) with
 * room to spare (docs/product.md "Orders", money rules). The API refuses anything beyond them (400), and
 * the database's CHECK constraints refuse a stored line or order beyond them whoever writes it.
 */
/** Largest unit amount of a fee line: ¥100,000,000. */
export const MAX_FEE_FEN = 10_000_000_000;
/** Largest quantity of a fee line (days, hours or jobs). */
export const MAX_FEE_QUANTITY = 10_000;
/** Largest fee line, amount × quantity with its tax: ¥100,000,000. */
export const MAX_LINE_FEN = 10_000_000_000;
/** Largest order, all its lines with their tax: ¥10,000,000,000. 9,000 such orders still add up exactly. */
export const MAX_ORDER_FEN = 1_000_000_000_000;
/**
 * Largest amount typed for a record of money that is not a fee line: a receipt, an allocation of it, a
 * red-letter reversal: ¥10,000,000,000, an order's limit. 9,000 such records still add up exactly; a sum of
 * more is capped (`cappedSum`). A deduction from a model's payout stays within MAX_FEE_FEN.
 */
export const MAX_AMOUNT_FEN = MAX_ORDER_FEN;
/**
 * Largest figure a sum over many records answers (the dashboards, 费用's totals, a statement, withholding):
 * the largest exact integer, about ¥90 trillion. Only thousands of records at their limit reach it; a sum
 * beyond stops there (−MAX_SUM_FEN below), and is shown as "at least" (formatYuan).
 */
export const MAX_SUM_FEN = Number.MAX_SAFE_INTEGER;

/** `a × b / c` rounded half away from zero, for non-negative integers, without floating-point error. */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  const quotient = product / divisor;
  const remainder = product % divisor;
  return Number(remainder * 2n >= divisor ? quotient + 1n : quotient);
}

/**
 * A number as its shortest decimal text (what String and JSON give: 1.5, 0.07, 5e-9), split into its
 * whole part and at most two decimals. No match for more decimals, an exponent, NaN or an infinity: the
 * decimals are read from the digits, never through a float tolerance (5e-9 is not 0).
 */
const TWO_DECIMALS = /^-?(\d+)(?:\.(\d{1,2}))?$/;

/** True when a quantity has at most two decimals (1, 1.5, 0.25; not 1.005 nor 5e-9). */
export const hasTwoDecimalsAtMost = (quantity: number): boolean => TWO_DECIMALS.test(String(quantity));

/** True for a quantity the API takes: above 0, at most MAX_FEE_QUANTITY, at most two decimals. */
export const isValidQuantity = (quantity: unknown): quantity is number =>
  typeof quantity === 'number' &&
  quantity > 0 &&
  quantity <= MAX_FEE_QUANTITY &&
  hasTwoDecimalsAtMost(quantity);

/** A positive quantity such as 1.5 in hundredths (150), read from its digits; refuses anything else. */
export function quantityHundredths(quantity: number): number {
  const match = quantity > 0 ? TWO_DECIMALS.exec(String(quantity)) : null;
  if (!match) throw new RangeError(`数量须大于 0 且最多两位小数：${quantity}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

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

/** True for an amount in whole fen from 0 to `max` (a fee line's unit amount by default). */
export const isFenAmount = (fen: unknown, max: number = MAX_FEE_FEN): fen is number =>
  typeof fen === 'number' && Number.isSafeInteger(fen) && fen >= 0 && fen <= max;

/** A line whose figures can be worked out: an amount in fen up to MAX_FEE_FEN, a rate, a valid quantity. */
const isComputable = (line: FeeFigures): boolean =>
  isFenAmount(line.amount) &&
  Number.isSafeInteger(line.tax_rate) &&
  line.tax_rate >= 0 &&
  line.tax_rate <= 100 &&
  (line.kind === 'UsageFee' || isValidQuantity(line.quantity ?? 1));

/**
 * True when a line comes to more than MAX_LINE_FEN with its tax. A line whose amount or quantity is
 * itself invalid is not judged here: it is refused for that.
 */
export const lineExceedsLimit = (line: FeeFigures): boolean =>
  isComputable(line) && lineTotals(line).total > MAX_LINE_FEN;

/**
 * True when an order's lines come to more than MAX_ORDER_FEN with their tax. Only the lines within their
 * own limits count (the others are refused on their own), so their sum is exact.
 */
export const orderExceedsLimit = (lines: readonly FeeFigures[]): boolean =>
  sumTotals(lines.filter((line) => isComputable(line) && !lineExceedsLimit(line))).total > MAX_ORDER_FEN;

/**
 * A sum over many records, added exactly in BigInt whatever the number of terms, as an answer carries it:
 * the sum itself within ±MAX_SUM_FEN, the bound beyond. Never a rounded figure: a number past 2^53 is not
 * the sum, and an answer's schema refuses it (the request would fail with 500).
 */
export function cappedSum(values: Iterable<bigint | number>): number {
  let sum = 0n;
  for (const value of values) sum += BigInt(value);
  if (sum > BigInt(MAX_SUM_FEN)) return MAX_SUM_FEN;
  return sum < -BigInt(MAX_SUM_FEN) ? -MAX_SUM_FEN : Number(sum);
}

/**
 * A sum of fen as SQL answers it (numeric as text, so that no row count can overflow it), capped as
 * `cappedSum` caps: the one way the server reads a sum over a team's records.
 */
export const fenOfSum = (value: string | number | bigint): number => cappedSum([BigInt(value)]);

/** 123456 fen → "1,234.56" (yuan, two decimals, thousands separated); negative amounts keep their sign. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(fen));
  const yuan = Math.trunc(absolute / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * "¥1,234.56"; a negative amount "-¥1,234.56", its sign before the currency. The one text of an amount in
 * every app (the admin's MoneyCell, the documents, the messages that name a limit). A sum capped at
 * MAX_SUM_FEN reads "≥¥90,071,992,547,409.91" (≤ below −MAX_SUM_FEN): at least that, not exactly.
 */
export function formatYuan(fen: number): string {
  if (fen >= MAX_SUM_FEN) return `≥¥${formatFen(MAX_SUM_FEN)}`;
  if (fen <= -MAX_SUM_FEN) return `≤-¥${formatFen(MAX_SUM_FEN)}`;
  return fen < 0 ? `-¥${formatFen(-fen)}` : `¥${formatFen(fen)}`;
}

/** A tax rate in percent as shown: 6 → "6%". */
export const formatTaxRate = (rate: number): string => `${rate}%`;

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
