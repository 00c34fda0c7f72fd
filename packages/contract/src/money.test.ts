import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_RATES } from './constants';
import {
  cappedSum,
  type FeeFigures,
  fenInChineseCapitals,
  fenOfSum,
  formatFen,
  formatTaxRate,
  formatYuan,
  hasTwoDecimalsAtMost,
  isFenAmount,
  lineTotals,
  MAX_AMOUNT_FEN,
  MAX_FEE_FEN,
  MAX_FEE_QUANTITY,
  MAX_LINE_FEN,
  MAX_ORDER_FEN,
  MAX_SUM_FEN,
  orderTotals,
  parseYuan,
  quantityHundredths,
  sumTotals,
} from './money';
import { orderCreateSchema } from './order.schema';
import { ORDER_MESSAGES } from './order-messages';

const amount = fc.integer({ min: 0, max: MAX_FEE_FEN });
const taxRate = fc.constantFrom(...TAX_RATES);
/** Quantities as people type them: whole or with one or two decimals. */
const quantity = fc.integer({ min: 1, max: MAX_FEE_QUANTITY * 100 }).map((hundredths) => hundredths / 100);
const modelFee = fc.record({ kind: fc.constant('ModelFee' as const), amount, quantity, tax_rate: taxRate });
const usageFee = fc.record({ kind: fc.constant('UsageFee' as const), amount, tax_rate: taxRate });
const feeLine: fc.Arbitrary<FeeFigures> = fc.oneof(modelFee, usageFee);

/** Exact reference in rational arithmetic: round half up of n / d, with BigInt. */
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (denominator * 2n);

describe('fee arithmetic in fen', () => {
  it('gives whole fen, rounded half up, for every amount, quantity and rate', () => {
    fc.assert(
      fc.property(modelFee, (line) => {
        const figures = lineTotals(line);
        const hundredths = BigInt(Math.round(line.quantity * 100));
        const subtotal = roundHalfUp(BigInt(line.amount) * hundredths, 100n);
        const tax = roundHalfUp(subtotal * BigInt(line.tax_rate), 100n);
        expect(figures.subtotal).toBe(Number(subtotal));
        expect(figures.tax).toBe(Number(tax));
        expect(figures.total).toBe(Number(subtotal + tax));
        for (const value of Object.values(figures)) expect(Number.isSafeInteger(value)).toBe(true);
      }),
    );
  });

  it('takes a usage licence as one lump sum, whatever quantity is given', () => {
    fc.assert(
      fc.property(usageFee, quantity, (line, ignored) => {
        expect(lineTotals({ ...line, quantity: ignored }).subtotal).toBe(line.amount);
      }),
    );
  });

  it('never loses a fen: the parts of an order add up to its totals', () => {
    fc.assert(
      fc.property(fc.array(fc.array(feeLine, { maxLength: 8 }), { maxLength: 10 }), (feesPerModel) => {
        const models = feesPerModel.map((fees, index) => ({ model_id: index + 1, fees }));
        const { models: perModel, totals } = orderTotals(models);
        const sum = (pick: (t: typeof totals) => number) =>
          perModel.reduce((acc, model) => acc + pick(model.totals), 0);
        expect(sum((t) => t.subtotal)).toBe(totals.subtotal);
        expect(sum((t) => t.tax)).toBe(totals.tax);
        expect(sum((t) => t.total)).toBe(totals.total);
        expect(totals.model_fees + totals.usage_fees).toBe(totals.subtotal);
        expect(totals.subtotal + totals.tax).toBe(totals.total);
      }),
    );
  });

  it('rounds each line on its own, as a VAT invoice lists them', () => {
    // 3 × ¥0.05 at 6 %: each line's tax 0.3 fen rounds to 0; the sum is not taxed again.
    const line = { kind: 'ModelFee', amount: 5, quantity: 1, tax_rate: 6 } as const;
    expect(sumTotals([line, line, line])).toMatchObject({ subtotal: 15, tax: 0, total: 15 });
    // Half a fen rounds up: ¥0.25 × 1.5 = 37.5 fen → 38; its 6 % tax 2.28 → 2.
    expect(lineTotals({ kind: 'ModelFee', amount: 25, quantity: 1.5, tax_rate: 6 })).toEqual({
      subtotal: 38,
      tax: 2,
      total: 40,
    });
    // The float answer would be wrong here: 1.15 × 100 is 114.99999999999999 in binary.
    expect(lineTotals({ kind: 'ModelFee', amount: 100, quantity: 1.15, tax_rate: 0 }).subtotal).toBe(115);
  });

  it('refuses a quantity with more than two decimals, read from its digits, and any not above 0', () => {
    for (const quantity of [
      1.005,
      5e-9,
      1e-7,
      0.1 + 0.2,
      0,
      -1,
      -0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(() => quantityHundredths(quantity), String(quantity)).toThrow(RangeError);
    }
    for (const quantity of [1.005, 5e-9, 0.30000000000000004, 1e21])
      expect(hasTwoDecimalsAtMost(quantity)).toBe(false);
    expect(quantityHundredths(0.07)).toBe(7);
    expect(quantityHundredths(0.29)).toBe(29);
    expect(quantityHundredths(10_000)).toBe(1_000_000);
  });

  it('reads every quantity of at most two decimals back to its hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_FEE_QUANTITY * 100 }), (hundredths) => {
        expect(quantityHundredths(hundredths / 100)).toBe(hundredths);
        // As JSON carries it, too.
        expect(quantityHundredths(JSON.parse(JSON.stringify(hundredths / 100)) as number)).toBe(hundredths);
      }),
    );
  });
});

describe('money within bounds', () => {
  /** Amounts up to twice the limit, often near it; quantities up to twice theirs, some with three decimals. */
  const anyAmount = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000 }),
    fc.integer({ min: MAX_FEE_FEN - 1_000_000_000, max: MAX_FEE_FEN + 10 }),
    fc.integer({ min: 0, max: 2 * MAX_FEE_FEN }),
  );
  const anyQuantity = fc.oneof(
    fc.integer({ min: 1, max: 400 }).map((hundredths) => hundredths / 100),
    fc.integer({ min: -100, max: 2 * MAX_FEE_QUANTITY * 100 }).map((hundredths) => hundredths / 100),
    fc.integer({ min: 1, max: 20_000 }).map((thousandths) => thousandths / 1000),
    fc.constantFrom(5e-9, 1.005, MAX_FEE_QUANTITY, MAX_FEE_QUANTITY + 0.01),
  );
  const anyModelFee = fc.record({
    kind: fc.constant('ModelFee' as const),
    amount: anyAmount,
    unit: fc.constant('day' as const),
    quantity: anyQuantity,
    tax_rate: taxRate,
  });
  const anyUsageFee = fc.record({
    kind: fc.constant('UsageFee' as const),
    amount: anyAmount,
    tax_rate: taxRate,
    media: fc.constant('微博'),
    territory: fc.constant('中国大陆'),
    start_date: fc.constant('2026-01-01'),
    end_date: fc.constant('2026-12-31'),
  });
  /** Lines each within its limit, near it: 100 of them fill an order, so these orders meet its limit. */
  const largeFee = fc.record({
    kind: fc.constant('ModelFee' as const),
    amount: fc.integer({ min: 8_000_000_000, max: MAX_FEE_FEN }),
    unit: fc.constant('day' as const),
    quantity: fc.constantFrom(1, 0.99, 1.01),
    tax_rate: fc.constantFrom(0, 1, 3),
  });
  const anyOrder = fc.oneof(
    fc.array(fc.array(fc.oneof(anyModelFee, anyModelFee, anyUsageFee), { maxLength: 20 }), { maxLength: 6 }),
    fc.array(fc.array(largeFee, { minLength: 15, maxLength: 20 }), { minLength: 5, maxLength: 7 }),
  );

  /** The exact figures in BigInt, whatever the size: what a line and an order really come to. */
  const exactTotal = (fee: FeeFigures) => {
    const hundredths = fee.kind === 'UsageFee' ? 100n : BigInt(Math.round((fee.quantity ?? 1) * 100));
    const subtotal = roundHalfUp(BigInt(fee.amount) * hundredths, 100n);
    return subtotal + roundHalfUp(subtotal * BigInt(fee.tax_rate), 100n);
  };
  const validInputs = (fee: FeeFigures) =>
    fee.amount <= MAX_FEE_FEN &&
    (fee.kind === 'UsageFee' ||
      (fee.quantity !== undefined &&
        fee.quantity !== null &&
        fee.quantity > 0 &&
        fee.quantity <= MAX_FEE_QUANTITY &&
        Number.isInteger(Math.round(fee.quantity * 100)) &&
        Math.round(fee.quantity * 100) / 100 === fee.quantity));

  it('accepts exactly the orders within the limits, and every figure of one accepted is exact and adds up', () => {
    fc.assert(
      fc.property(anyOrder, (feesPerModel) => {
        const input = feesPerModel.map((fees, index) => ({ model_id: index + 1, fees }));
        const parsed = orderCreateSchema.safeParse({ models: input });
        const lines = feesPerModel.flat();
        const expected =
          lines.every((fee) => validInputs(fee) && exactTotal(fee) <= BigInt(MAX_LINE_FEN)) &&
          lines.reduce((sum, fee) => sum + exactTotal(fee), 0n) <= BigInt(MAX_ORDER_FEN);
        expect(parsed.success).toBe(expected);
        if (!parsed.success) {
          const messages = parsed.error.issues.map((issue) => issue.message);
          expect(messages.every((message) => /[\u4e00-\u9fff]/.test(message))).toBe(true);
          return;
        }
        const models = (parsed.data.models ?? []).map((model) => ({
          model_id: model.model_id,
          fees: model.fees,
        }));
        const { models: perModel, totals } = orderTotals(models);
        const figures = [
          ...models.flatMap((model) => model.fees.map((fee) => lineTotals(fee))),
          ...perModel.map((model) => model.totals),
          totals,
        ];
        for (const figure of figures) {
          for (const value of Object.values(figure)) expect(Number.isSafeInteger(value)).toBe(true);
        }
        for (const fee of models.flatMap((model) => model.fees)) {
          expect(lineTotals(fee).total).toBeLessThanOrEqual(MAX_LINE_FEN);
        }
        expect(totals.total).toBeLessThanOrEqual(MAX_ORDER_FEN);
        expect(BigInt(totals.total)).toBe(lines.reduce((sum, fee) => sum + exactTotal(fee), 0n));
        const sum = (pick: (t: typeof totals) => number) =>
          perModel.reduce((acc, model) => acc + pick(model.totals), 0);
        expect(sum((t) => t.subtotal)).toBe(totals.subtotal);
        expect(sum((t) => t.tax)).toBe(totals.tax);
        expect(sum((t) => t.total)).toBe(totals.total);
        expect(totals.model_fees + totals.usage_fees).toBe(totals.subtotal);
        expect(totals.subtotal + totals.tax).toBe(totals.total);
      }),
      { numRuns: 300 },
    );
  });

  it('names the limit a refused line or order is beyond', () => {
    const line = (amount: number, quantity: number, tax_rate = 0) => ({
      kind: 'ModelFee' as const,
      amount,
      unit: 'day' as const,
      quantity,
      tax_rate,
    });
    const refusal = (models: unknown) => orderCreateSchema.safeParse({ models }).error?.issues;
    expect(refusal([{ model_id: 1, fees: [line(MAX_FEE_FEN, MAX_FEE_QUANTITY, 6)] }])).toEqual([
      expect.objectContaining({
        path: ['models', 0, 'fees', 0, 'amount'],
        message: ORDER_MESSAGES.lineTooLarge,
      }),
    ]);
    expect(ORDER_MESSAGES.lineTooLarge).toContain(formatYuan(MAX_LINE_FEN));
    const full = Array.from({ length: 5 }, (_, index) => ({
      model_id: index + 1,
      fees: Array.from({ length: 20 }, () => line(MAX_LINE_FEN, 1)),
    }));
    expect(refusal(full)).toBeUndefined();
    expect(refusal([...full, { model_id: 6, fees: [line(1, 1)] }])).toEqual([
      expect.objectContaining({ path: ['models'], message: ORDER_MESSAGES.orderTooLarge }),
    ]);
    expect(ORDER_MESSAGES.orderTooLarge).toContain(formatYuan(MAX_ORDER_FEN));
  });

  it('adds up many orders exactly, stopping at the largest exact integer', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: MAX_ORDER_FEN }), { maxLength: 12_000 }), (values) => {
        const exact = values.reduce((sum, value) => sum + BigInt(value), 0n);
        expect(cappedSum(values)).toBe(exact > BigInt(MAX_SUM_FEN) ? MAX_SUM_FEN : Number(exact));
      }),
      { numRuns: 30 },
    );
    expect(cappedSum(Array(9_100).fill(MAX_ORDER_FEN))).toBe(MAX_SUM_FEN);
    expect(cappedSum([MAX_SUM_FEN, 1])).toBe(MAX_SUM_FEN);
    expect(cappedSum([BigInt(MAX_SUM_FEN) - 1n, 1])).toBe(MAX_SUM_FEN);
    expect(cappedSum([])).toBe(0);
  });

  it('adds signed records exactly, held within ±MAX_SUM_FEN, whatever their order', () => {
    const amount = fc.integer({ min: -MAX_AMOUNT_FEN, max: MAX_AMOUNT_FEN });
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 12_000 }), (values) => {
        const exact = values.reduce((sum, value) => sum + BigInt(value), 0n);
        const capped =
          exact > BigInt(MAX_SUM_FEN)
            ? MAX_SUM_FEN
            : exact < -BigInt(MAX_SUM_FEN)
              ? -MAX_SUM_FEN
              : Number(exact);
        expect(cappedSum(values)).toBe(capped);
        expect(cappedSum([...values].reverse())).toBe(capped);
        expect(Number.isSafeInteger(cappedSum(values))).toBe(true);
      }),
      { numRuns: 30 },
    );
    expect(cappedSum(Array(9_100).fill(-MAX_AMOUNT_FEN))).toBe(-MAX_SUM_FEN);
  });

  it('reads a sum as SQL answers it (numeric text), exactly within the bound and capped beyond', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }), (sum) => {
        const bound = BigInt(MAX_SUM_FEN);
        const expected = sum > bound ? MAX_SUM_FEN : sum < -bound ? -MAX_SUM_FEN : Number(sum);
        expect(fenOfSum(sum.toString())).toBe(expected);
      }),
    );
    expect(fenOfSum('9100000000000000')).toBe(MAX_SUM_FEN);
    expect(fenOfSum('9007199254740991')).toBe(MAX_SUM_FEN);
    expect(fenOfSum('9007199254740990')).toBe(9_007_199_254_740_990);
    expect(fenOfSum('0')).toBe(0);
    expect(fenOfSum(12)).toBe(12);
  });

  it('shows a capped sum as at least the bound', () => {
    expect(formatYuan(MAX_SUM_FEN)).toBe('≥¥90,071,992,547,409.91');
    expect(formatYuan(-MAX_SUM_FEN)).toBe('≤-¥90,071,992,547,409.91');
    expect(formatYuan(MAX_SUM_FEN - 1)).toBe('¥90,071,992,547,409.90');
    expect(formatYuan(MAX_AMOUNT_FEN)).toBe('¥10,000,000,000.00');
  });
});

describe('yuan as text', () => {
  it('formats and parses back every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FEE_FEN }), (fen) => {
        expect(parseYuan(formatFen(fen))).toBe(fen);
      }),
    );
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(-123450)).toBe('-¥1,234.50');
    expect(formatTaxRate(6)).toBe('6%');
    expect(formatFen(-505)).toBe('-5.05');
  });

  it('tells an amount in whole fen within its bound from what is not one', () => {
    expect(isFenAmount(0)).toBe(true);
    expect(isFenAmount(MAX_FEE_FEN)).toBe(true);
    expect(isFenAmount(MAX_FEE_FEN + 1)).toBe(false);
    expect(isFenAmount(10_000, 10_000)).toBe(true);
    expect(isFenAmount(10_001, 10_000)).toBe(false);
    for (const value of [Number.NaN, -1, 1.5, null, '100']) expect(isFenAmount(value)).toBe(false);
  });

  it('reads what people type and refuses the rest', () => {
    expect(parseYuan('1234.5')).toBe(123450);
    expect(parseYuan(' ¥ 8,000 ')).toBe(800000);
    expect(parseYuan('0.07')).toBe(7);
    for (const text of ['', '1.234', '-5', '1,23', 'abc', '1e3', '12.'])
      expect(parseYuan(text)).toBeUndefined();
  });
});

describe('amounts in Chinese capitals', () => {
  it.each([
    [0, '零元整'],
    [100, '壹元整'],
    [5, '伍分'],
    [50, '伍角'],
    [105, '壹元零伍分'],
    [123456, '壹仟贰佰叁拾肆元伍角陆分'],
    [1000000, '壹万元整'],
    [10050000, '壹拾万零伍佰元整'],
    [100000100, '壹佰万零壹元整'],
    [1000000000, '壹仟万元整'],
    [10000000000, '壹亿元整'],
    [1000100000, '壹仟万零壹仟元整'],
    [12030040050, '壹亿贰仟零叁拾万零肆佰元伍角'],
    [1_234_567, '壹万贰仟叁佰肆拾伍元陆角柒分'],
    [1_200_000, '壹万贰仟元整'],
    [7, '柒分'],
    [100_005, '壹仟元零伍分'],
    [1_000_001, '壹万元零壹分'],
    [10_000_100, '壹拾万零壹元整'],
    [100_100_000_000, '壹拾亿零壹佰万元整'],
    [MAX_ORDER_FEN, '壹佰亿元整'],
    [MAX_ORDER_FEN - 1, '玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%i fen is %s', (fen, words) => {
    expect(fenInChineseCapitals(fen)).toBe(words);
  });

  /** The words read back as fen, the way a person reads a cheque (a reference for the property below). */
  function readCapitals(words: string): number {
    const digit = (character: string) => '零壹贰叁肆伍陆柒捌玖'.indexOf(character);
    const [yuanPart = '', centsPart = ''] = words.replace(/整$/, '').split('元');
    const hasYuan = words.includes('元');
    let total = 0;
    let section = 0;
    let number = 0;
    for (const character of hasYuan ? yuanPart : '') {
      const small = { 拾: 10, 佰: 100, 仟: 1000 }[character];
      if (small !== undefined) {
        section += number * small;
        number = 0;
      } else if (character === '万') {
        total += (section + number) * 10_000;
        section = 0;
        number = 0;
      } else if (character === '亿') {
        total = (total + section + number) * 100_000_000;
        section = 0;
        number = 0;
      } else {
        number = digit(character);
      }
    }
    const yuan = total + section + number;
    const cents = hasYuan ? centsPart : words;
    const jiao = /(.)角/.exec(cents)?.[1];
    const fen = /(.)分/.exec(cents)?.[1];
    return yuan * 100 + (jiao ? digit(jiao) * 10 : 0) + (fen ? digit(fen) : 0);
  }

  it('reads back as the amount, up to the largest order, with one 零 at most in a row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_ORDER_FEN }), (fen) => {
        const words = fenInChineseCapitals(fen);
        expect(readCapitals(words)).toBe(fen);
        expect(words).not.toContain('零零');
        expect(words.endsWith('整')).toBe(fen % 100 === 0);
        if (fen > 0) expect(words.startsWith('零')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a whole, non-negative number of fen', () => {
    for (const fen of [-1, 1.5, Number.NaN]) expect(() => fenInChineseCapitals(fen)).toThrow(RangeError);
  });
});
