import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  incomeTax,
  RESIDENT_LABOUR,
  type TaxRule,
  taxableIncome,
  taxOnTaxable,
  withholdingForPayout,
} from './income-tax';

const yuan = (amount: number) => amount * 100;
/** Up to ¥10,000,000 of one payment, in fen. */
const income = fc.integer({ min: 0, max: 1_000_000_000 });

const RESIDENT_ROYALTY: TaxRule = { category: 'royalty', residency: 'resident' };
const NON_RESIDENT_LABOUR: TaxRule = { category: 'labour', residency: 'non_resident' };
const NON_RESIDENT_ROYALTY: TaxRule = { category: 'royalty', residency: 'non_resident' };
const RULES = [RESIDENT_LABOUR, RESIDENT_ROYALTY, NON_RESIDENT_LABOUR, NON_RESIDENT_ROYALTY] as const;
const rule = fc.constantFrom(...RULES);

/**
 * The law's tables written again, independently of the module: each bracket's top in yuan (null: none) and
 * its rate in percent, applied as the law states them, excess by excess (超额累进), rather than by the
 * module's quick deductions.
 */
const TABLES: Record<'labour' | 'flat' | 'nonResident', [top: number | null, percent: number][]> = {
  // 预扣率表二.
  labour: [
    [20_000, 20],
    [50_000, 30],
    [null, 40],
  ],
  flat: [[null, 20]],
  // 个人所得税税率表三.
  nonResident: [
    [3_000, 3],
    [12_000, 10],
    [25_000, 20],
    [35_000, 25],
    [55_000, 30],
    [80_000, 35],
    [null, 45],
  ],
};

/** Half up to a whole number of `unit`s, for a value ≥ 0. */
const roundHalfUp = (value: bigint, unit: bigint): bigint => (value * 2n + unit) / (unit * 2n);

/** The tax recomputed in BigInt: the taxable income, then every excess at its rate, rounded once. */
function recomputed(incomeFen: number, { category, residency }: TaxRule): { taxable: number; tax: number } {
  const amount = BigInt(incomeFen);
  let taxable = 0n;
  if (amount > 0n) {
    if (residency === 'resident' && amount <= 400_000n) taxable = amount > 80_000n ? amount - 80_000n : 0n;
    else taxable = roundHalfUp(amount * 4n, 5n);
  }
  const table =
    residency === 'non_resident' ? TABLES.nonResident : category === 'royalty' ? TABLES.flat : TABLES.labour;
  // In fen × percent: each excess over the bracket below, times its rate.
  let exact = 0n;
  let floor = 0n;
  for (const [top, percent] of table) {
    const ceiling = top === null ? taxable : BigInt(top * 100);
    if (taxable > floor) exact += ((taxable < ceiling ? taxable : ceiling) - floor) * BigInt(percent);
    floor = ceiling;
  }
  return { taxable: Number(taxable), tax: Number(roundHalfUp(exact, 100n)) };
}

describe('tax withheld on one payment', () => {
  it('gives the worked examples of 国家税务总局公告 2018 年第 61 号 for a resident’s 劳务报酬', () => {
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
      expect(incomeTax(yuan(gross), RESIDENT_LABOUR)).toEqual({ taxable: yuan(taxable), tax: yuan(tax) });
    }
  });

  it('withholds a flat 20 % on a resident’s 特许权使用费, after the same 800 yuan or 20 %', () => {
    expect(incomeTax(yuan(3_000), RESIDENT_ROYALTY)).toEqual({ taxable: yuan(2_200), tax: yuan(440) });
    expect(incomeTax(yuan(30_000), RESIDENT_ROYALTY)).toEqual({ taxable: yuan(24_000), tax: yuan(4_800) });
    // Where 劳务报酬 climbs to 40 %, a royalty stays at 20 %: 100,000 yuan withholds 16,000, not 25,000.
    expect(incomeTax(yuan(100_000), RESIDENT_ROYALTY)).toEqual({ taxable: yuan(80_000), tax: yuan(16_000) });
    expect(incomeTax(yuan(800), RESIDENT_ROYALTY)).toEqual({ taxable: 0, tax: 0 });
  });

  it('taxes a non-resident on 80 % of the income on the monthly table, 劳务报酬 and 特许权使用费 alike', () => {
    // 3,000 yuan: no 800-yuan step, 2,400 taxable at 3 % = 72.
    expect(incomeTax(yuan(3_000), NON_RESIDENT_LABOUR)).toEqual({ taxable: yuan(2_400), tax: yuan(72) });
    // 10,000 yuan: 8,000 × 10 % − 210 = 590.
    expect(incomeTax(yuan(10_000), NON_RESIDENT_LABOUR)).toEqual({ taxable: yuan(8_000), tax: yuan(590) });
    // 50,000 yuan: 40,000 × 30 % − 4,410 = 7,590.
    expect(incomeTax(yuan(50_000), NON_RESIDENT_ROYALTY)).toEqual({
      taxable: yuan(40_000),
      tax: yuan(7_590),
    });
    // 200,000 yuan: 160,000 × 45 % − 15,160 = 56,840.
    expect(incomeTax(yuan(200_000), NON_RESIDENT_LABOUR)).toEqual({
      taxable: yuan(160_000),
      tax: yuan(56_840),
    });
    expect(incomeTax(yuan(500), NON_RESIDENT_LABOUR)).toEqual({ taxable: yuan(400), tax: yuan(12) });
  });

  it('owes nothing on nothing or a negative income, nor a resident on 800 yuan or less', () => {
    for (const each of RULES) {
      expect(incomeTax(0, each)).toEqual({ taxable: 0, tax: 0 });
      expect(incomeTax(-yuan(5_000), each)).toEqual({ taxable: 0, tax: 0 });
    }
    expect(incomeTax(yuan(800) + 1, RESIDENT_LABOUR)).toEqual({ taxable: 1, tax: 0 });
  });

  it('rounds half up to the fen: 80 % of the income, then the rate', () => {
    // 4,000.01 yuan × 80 % = 3,200.008 → 3,200.01; × 20 % = 640.002 → 640.00.
    expect(incomeTax(400_001, RESIDENT_LABOUR)).toEqual({ taxable: 320_001, tax: 64_000 });
    // 4,000.03 × 80 % = 3,200.024 → 3,200.02; 4,000.04 × 80 % = 3,200.032 → 3,200.03.
    expect(taxableIncome(400_003, 'resident')).toBe(320_002);
    expect(taxableIncome(400_004, 'resident')).toBe(320_003);
    // 2,200.03 × 20 % = 440.006 → 440.01; 2,200.02 × 20 % = 440.004 → 440.00.
    expect(taxOnTaxable(220_003, RESIDENT_LABOUR)).toBe(44_001);
    expect(taxOnTaxable(220_002, RESIDENT_LABOUR)).toBe(44_000);
    // A half fen goes up: 20,000.05 yuan × 30 % = 6,000.015 → 6,000.02, less 2,000.
    expect(taxOnTaxable(2_000_005, RESIDENT_LABOUR)).toBe(400_002);
    // 0.50 yuan × 3 % = 0.015 → 0.02 for a non-resident.
    expect(taxOnTaxable(50, NON_RESIDENT_LABOUR)).toBe(2);
  });

  it('meets the next bracket without a step at each bracket’s top', () => {
    expect(taxOnTaxable(yuan(20_000), RESIDENT_LABOUR)).toBe(yuan(4_000));
    expect(taxOnTaxable(yuan(20_000) + 1, RESIDENT_LABOUR)).toBe(yuan(4_000));
    expect(taxOnTaxable(yuan(50_000), RESIDENT_LABOUR)).toBe(yuan(13_000));
    expect(taxOnTaxable(yuan(50_000) + 3, RESIDENT_LABOUR)).toBe(yuan(13_000) + 1);
    const tops: [number, number][] = [
      [3_000, 90],
      [12_000, 990],
      [25_000, 3_590],
      [35_000, 6_090],
      [55_000, 12_090],
      [80_000, 20_840],
    ];
    for (const [top, tax] of tops) {
      expect(taxOnTaxable(yuan(top), NON_RESIDENT_LABOUR)).toBe(yuan(tax));
      expect(taxOnTaxable(yuan(top) + 1, NON_RESIDENT_LABOUR)).toBeGreaterThanOrEqual(yuan(tax));
      expect(taxOnTaxable(yuan(top) + 1, NON_RESIDENT_LABOUR)).toBeLessThanOrEqual(yuan(tax) + 1);
    }
  });

  it('refuses anything but whole fen', () => {
    expect(() => incomeTax(100.5, RESIDENT_LABOUR)).toThrow(RangeError);
    expect(() => incomeTax(Number.NaN, NON_RESIDENT_ROYALTY)).toThrow(RangeError);
    expect(() =>
      withholdingForPayout({ earlierIncome: 0, earlierTax: 0.5, income: 100 }, RESIDENT_LABOUR),
    ).toThrow(RangeError);
  });

  it('equals, to the fen, the law’s tables recomputed excess by excess in BigInt', () => {
    const nearTops = fc.oneof(
      income,
      fc.integer({ min: yuan(4_000) - 50, max: yuan(4_000) + 50 }),
      fc.constantFrom(3_000, 12_000, 20_000, 25_000, 35_000, 50_000, 55_000, 80_000).chain((top) =>
        // The income whose 80 % is the top, give or take.
        fc.integer({ min: yuan(top * 1.25) - 50, max: yuan(top * 1.25) + 50 }),
      ),
    );
    fc.assert(
      fc.property(nearTops, rule, (amount, each) => {
        expect(incomeTax(amount, each)).toEqual(recomputed(amount, each));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is never negative, never more than the income, and never falls as the income rises', () => {
    fc.assert(
      fc.property(income, fc.integer({ min: 0, max: 100_000_000 }), rule, (amount, more, each) => {
        const { taxable, tax } = incomeTax(amount, each);
        expect(Number.isSafeInteger(taxable) && Number.isSafeInteger(tax)).toBe(true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
        expect(taxable).toBeLessThanOrEqual(amount);
        const higher = incomeTax(amount + more, each);
        expect(higher.taxable).toBeGreaterThanOrEqual(taxable);
        expect(higher.tax).toBeGreaterThanOrEqual(tax);
        const next = incomeTax(amount + 1, each);
        expect(next.tax - tax).toBeGreaterThanOrEqual(0);
        expect(next.tax - tax).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('withholds a royalty never more than 劳务报酬 of the same income, for a resident', () => {
    fc.assert(
      fc.property(income, (amount) => {
        expect(incomeTax(amount, RESIDENT_ROYALTY).tax).toBeLessThanOrEqual(
          incomeTax(amount, RESIDENT_LABOUR).tax,
        );
      }),
    );
  });
});

describe('tax withheld on the payouts of one job in one month', () => {
  it('withholds on a second payout the tax of the month less what the first withheld', () => {
    const first = withholdingForPayout(
      { earlierIncome: 0, earlierTax: 0, income: yuan(3_000) },
      RESIDENT_LABOUR,
    );
    expect(first).toEqual({ taxable: yuan(2_200), tax: yuan(440) });
    const second = withholdingForPayout(
      { earlierIncome: yuan(3_000), earlierTax: first.tax, income: yuan(7_000) },
      RESIDENT_LABOUR,
    );
    // The month: 10,000 yuan → 1,600 yuan, of which 440 withheld already: the 800 yuan is deducted once.
    expect(second).toEqual({ taxable: yuan(8_000 - 2_200), tax: yuan(1_600 - 440) });
  });

  it('gives tax back on a correction, at most what was withheld', () => {
    expect(
      withholdingForPayout(
        { earlierIncome: yuan(10_000), earlierTax: yuan(1_600), income: -yuan(7_000) },
        RESIDENT_LABOUR,
      ),
    ).toEqual({ taxable: yuan(2_200 - 8_000), tax: yuan(440 - 1_600) });
    expect(
      withholdingForPayout(
        { earlierIncome: yuan(10_000), earlierTax: yuan(1_600), income: -yuan(12_000) },
        RESIDENT_LABOUR,
      ),
    ).toEqual({ taxable: -yuan(8_000), tax: -yuan(1_600) });
  });

  it('makes good what an earlier payout withheld wrongly', () => {
    expect(
      withholdingForPayout(
        { earlierIncome: yuan(10_000), earlierTax: yuan(1_000), income: 0 },
        RESIDENT_LABOUR,
      ).tax,
    ).toBe(yuan(600));
  });

  it('withholds over any split of a month’s income, corrections included, exactly the tax of one payout', () => {
    const payouts = fc.array(fc.integer({ min: -yuan(20_000), max: yuan(80_000) }), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(payouts, rule, (amounts, each) => {
        let earlierIncome = 0;
        let earlierTax = 0;
        let taxable = 0;
        for (const amount of amounts) {
          const withheld = withholdingForPayout({ earlierIncome, earlierTax, income: amount }, each);
          expect(withheld.tax).toBeGreaterThanOrEqual(-earlierTax);
          if (amount >= 0) expect(withheld.tax).toBeLessThanOrEqual(amount);
          earlierIncome += amount;
          earlierTax += withheld.tax;
          taxable += withheld.taxable;
        }
        expect({ taxable, tax: earlierTax }).toEqual(incomeTax(earlierIncome, each));
        expect({ taxable, tax: earlierTax }).toEqual(recomputed(earlierIncome, each));
      }),
    );
  });

  it('withholds the same in total over a split of positive payouts as over one, and never a negative amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: yuan(60_000) }), { minLength: 1, maxLength: 8 }),
        rule,
        (amounts, each) => {
          let earlierIncome = 0;
          let earlierTax = 0;
          for (const amount of amounts) {
            const { tax } = withholdingForPayout({ earlierIncome, earlierTax, income: amount }, each);
            expect(tax).toBeGreaterThanOrEqual(0);
            earlierIncome += amount;
            earlierTax += tax;
          }
          const total = amounts.reduce((sum, amount) => sum + amount, 0);
          expect(earlierTax).toBe(incomeTax(total, each).tax);
        },
      ),
    );
  });
});
