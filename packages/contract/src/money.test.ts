import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_RATES } from './constants';
import {
  type FeeFigures,
  fenInChineseCapitals,
  formatFen,
  formatYuan,
  lineTotals,
  MAX_FEE_FEN,
  MAX_FEE_QUANTITY,
  orderTotals,
  parseYuan,
  quantityHundredths,
  sumTotals,
} from './money';

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

  it('refuses a quantity with more than two decimals', () => {
    expect(() => quantityHundredths(1.005)).toThrow(RangeError);
    expect(quantityHundredths(0.07)).toBe(7);
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
    expect(formatFen(-505)).toBe('-5.05');
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
  ])('%i fen is %s', (fen, words) => {
    expect(fenInChineseCapitals(fen)).toBe(words);
  });
});
