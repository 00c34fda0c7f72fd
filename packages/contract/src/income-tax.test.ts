import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labourIncomeTax, labourTaxableIncome, labourTaxOnTaxable, withholdingForPayout } from './income-tax';

const yuan = (amount: number) => amount * 100;
/** Up to ¥10,000,000 of one payment, in fen. */
const income = fc.integer({ min: 0, max: 1_000_000_000 });

describe('tax withheld on 劳务报酬, one payment', () => {
  it('gives the worked examples of 国家税务总局公告 2018 年第 61 号', () => {
    const cases: [income: number, taxable: number, tax: number][] = [
      [800, 0, 0],
      [3_000, 2_200, 440],
      [4_000, 3_200, 640],
      [10_000, 8_000, 1_600],
      [25_000, 20_000, 4_000],
      [30_000, 24_000, 5_200],
      [62_500, 50_000, 13_000],
      [100_000, 80_000, 25_000],
    ];
    for (const [gross, taxable, tax] of cases) {
      expect(labourIncomeTax(yuan(gross))).toEqual({ taxable: yuan(taxable), tax: yuan(tax) });
    }
  });

  it('owes nothing on 800 yuan or less, nor on nothing or a negative income', () => {
    expect(labourIncomeTax(yuan(800))).toEqual({ taxable: 0, tax: 0 });
    expect(labourIncomeTax(yuan(800) + 1)).toEqual({ taxable: 1, tax: 0 });
    expect(labourIncomeTax(0)).toEqual({ taxable: 0, tax: 0 });
    expect(labourIncomeTax(-yuan(5_000))).toEqual({ taxable: 0, tax: 0 });
  });

  it('rounds half up to the fen: 80 % of the income, then the rate', () => {
    // 4,000.01 yuan × 80 % = 3,200.008 → 3,200.01; × 20 % = 640.002 → 640.00.
    expect(labourIncomeTax(400_001)).toEqual({ taxable: 320_001, tax: 64_000 });
    // 4,000.03 × 80 % = 3,200.024 → 3,200.02; 4,000.04 × 80 % = 3,200.032 → 3,200.03.
    expect(labourTaxableIncome(400_003)).toBe(320_002);
    expect(labourTaxableIncome(400_004)).toBe(320_003);
    // 2,200.03 × 20 % = 440.006 → 440.01; 2,200.02 × 20 % = 440.004 → 440.00.
    expect(labourTaxOnTaxable(220_003)).toBe(44_001);
    expect(labourTaxOnTaxable(220_002)).toBe(44_000);
    // A half fen goes up (only 30 % can make one): 20,000.05 yuan × 30 % = 6,000.015 → 6,000.02, less 2,000.
    expect(labourTaxOnTaxable(2_000_005)).toBe(400_002);
  });

  it('meets the next bracket without a step at 20,000 and 50,000 yuan of taxable income', () => {
    expect(labourTaxOnTaxable(yuan(20_000))).toBe(yuan(4_000));
    expect(labourTaxOnTaxable(yuan(20_000) + 1)).toBe(yuan(4_000));
    expect(labourTaxOnTaxable(yuan(20_000) + 4)).toBe(yuan(4_000) + 1);
    expect(labourTaxOnTaxable(yuan(50_000))).toBe(yuan(13_000));
    expect(labourTaxOnTaxable(yuan(50_000) + 1)).toBe(yuan(13_000));
    expect(labourTaxOnTaxable(yuan(50_000) + 3)).toBe(yuan(13_000) + 1);
    expect(labourIncomeTax(yuan(4_000) + 1).taxable).toBeGreaterThanOrEqual(labourTaxableIncome(yuan(4_000)));
  });

  it('refuses anything but whole fen', () => {
    expect(() => labourIncomeTax(100.5)).toThrow(RangeError);
    expect(() => labourIncomeTax(Number.NaN)).toThrow(RangeError);
    expect(() => withholdingForPayout({ earlierIncome: 0, earlierTax: 0.5, income: 100 })).toThrow(
      RangeError,
    );
  });

  it('is never negative, never more than the income, and never falls as the income rises', () => {
    fc.assert(
      fc.property(income, fc.integer({ min: 0, max: 100_000_000 }), (amount, more) => {
        const { taxable, tax } = labourIncomeTax(amount);
        expect(Number.isSafeInteger(taxable) && Number.isSafeInteger(tax)).toBe(true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
        expect(taxable).toBeLessThanOrEqual(amount);
        const higher = labourIncomeTax(amount + more);
        expect(higher.taxable).toBeGreaterThanOrEqual(taxable);
        expect(higher.tax).toBeGreaterThanOrEqual(tax);
      }),
    );
  });

  it('never falls from one fen to the next, across the 4,000 yuan and both bracket boundaries', () => {
    const nearBoundaries = fc.oneof(
      fc.integer({ min: yuan(4_000) - 50, max: yuan(4_000) + 50 }),
      fc.integer({ min: yuan(25_000) - 50, max: yuan(25_000) + 50 }),
      fc.integer({ min: yuan(62_500) - 50, max: yuan(62_500) + 50 }),
      income,
    );
    fc.assert(
      fc.property(nearBoundaries, (amount) => {
        const next = labourIncomeTax(amount + 1);
        const here = labourIncomeTax(amount);
        expect(next.taxable - here.taxable).toBeGreaterThanOrEqual(0);
        expect(next.taxable - here.taxable).toBeLessThanOrEqual(1);
        expect(next.tax - here.tax).toBeGreaterThanOrEqual(0);
        expect(next.tax - here.tax).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('tax withheld on the payouts of one job in one month', () => {
  it('withholds on a second payout the tax of the month less what the first withheld', () => {
    const first = withholdingForPayout({ earlierIncome: 0, earlierTax: 0, income: yuan(3_000) });
    expect(first).toEqual({ taxable: yuan(2_200), tax: yuan(440) });
    const second = withholdingForPayout({
      earlierIncome: yuan(3_000),
      earlierTax: first.tax,
      income: yuan(7_000),
    });
    // The month: 10,000 yuan → 1,600 yuan, of which 440 withheld already.
    expect(second).toEqual({ taxable: yuan(8_000 - 2_200), tax: yuan(1_600 - 440) });
  });

  it('gives tax back on a correction, at most what was withheld', () => {
    expect(
      withholdingForPayout({ earlierIncome: yuan(10_000), earlierTax: yuan(1_600), income: -yuan(7_000) }),
    ).toEqual({
      taxable: yuan(2_200 - 8_000),
      tax: yuan(440 - 1_600),
    });
    expect(
      withholdingForPayout({ earlierIncome: yuan(10_000), earlierTax: yuan(1_600), income: -yuan(12_000) }),
    ).toEqual({
      taxable: -yuan(8_000),
      tax: -yuan(1_600),
    });
  });

  it('makes good what an earlier payout withheld wrongly', () => {
    expect(
      withholdingForPayout({ earlierIncome: yuan(10_000), earlierTax: yuan(1_000), income: 0 }).tax,
    ).toBe(yuan(600));
  });

  it('withholds over any split of a month’s income, corrections included, exactly the tax of one payout', () => {
    const payouts = fc.array(fc.integer({ min: -yuan(20_000), max: yuan(80_000) }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(payouts, (amounts) => {
        let earlierIncome = 0;
        let earlierTax = 0;
        let taxable = 0;
        for (const amount of amounts) {
          const withheld = withholdingForPayout({ earlierIncome, earlierTax, income: amount });
          expect(withheld.tax).toBeGreaterThanOrEqual(-earlierTax);
          if (amount >= 0) expect(withheld.tax).toBeLessThanOrEqual(amount);
          earlierIncome += amount;
          earlierTax += withheld.tax;
          taxable += withheld.taxable;
        }
        expect({ taxable, tax: earlierTax }).toEqual(labourIncomeTax(earlierIncome));
      }),
    );
  });

  it('withholds the same in total over a split of positive payouts as over one, and never a negative amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: yuan(60_000) }), { minLength: 1, maxLength: 8 }),
        (amounts) => {
          let earlierIncome = 0;
          let earlierTax = 0;
          for (const amount of amounts) {
            const { tax } = withholdingForPayout({ earlierIncome, earlierTax, income: amount });
            expect(tax).toBeGreaterThanOrEqual(0);
            earlierIncome += amount;
            earlierTax += tax;
          }
          const total = amounts.reduce((sum, amount) => sum + amount, 0);
          expect(earlierTax).toBe(
            withholdingForPayout({ earlierIncome: 0, earlierTax: 0, income: total }).tax,
          );
        },
      ),
    );
  });
});
