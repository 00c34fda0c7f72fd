import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incomeTax, withholdingForPayout } from './income-tax';
import { MAX_LINE_FEN } from './money';
import { SETTLEMENT_STATUS_LABELS, SETTLEMENT_STATUSES } from './settlement-enums';
import {
  addSplits,
  fullShare,
  releasedGross,
  releasedShare,
  releaseNow,
  type SettlementJob,
  type SettlementLine,
  type ShareSplit,
  type ShareTerms,
  settlementFigures,
  splitGross,
  ZERO_SPLIT,
} from './settlement-math';

const yuan = (amount: number) => amount * 100;
const rate = fc.integer({ min: 0, max: 10_000 });
const terms: fc.Arbitrary<ShareTerms> = fc.record({
  commissionRate: rate,
  motherAgency: fc.option(
    fc.record({ rate, basis: fc.constantFrom('gross' as const, 'commission' as const) }),
  ),
});
/** A line: its gross, a VAT rate of 0–13 % on top, and the model's terms. */
const line: fc.Arbitrary<SettlementLine> = fc
  .tuple(fc.integer({ min: 0, max: 9_000_000_000 }), fc.integer({ min: 0, max: 13 }), terms)
  .map(([gross, vat, lineTerms]) => ({
    gross,
    lineTotal: gross + Math.round((gross * vat) / 100),
    ...lineTerms,
  }));

const isWhole = (split: ShareSplit) => Object.values(split).every((value) => Number.isSafeInteger(value));
const modelSideAddsUp = (split: ShareSplit) =>
  split.commission + split.motherAgencyFromModel + split.income === split.gross;

describe('a model’s share of a fee line', () => {
  it('takes the commission from the gross', () => {
    expect(splitGross(yuan(10_000), { commissionRate: 2_000, motherAgency: null })).toEqual({
      gross: yuan(10_000),
      commission: yuan(2_000),
      motherAgency: 0,
      motherAgencyFromModel: 0,
      income: yuan(8_000),
    });
  });

  it('takes a mother agency’s share of the gross from the model', () => {
    expect(
      splitGross(yuan(10_000), { commissionRate: 2_000, motherAgency: { rate: 1_000, basis: 'gross' } }),
    ).toEqual({
      gross: yuan(10_000),
      commission: yuan(2_000),
      motherAgency: yuan(1_000),
      motherAgencyFromModel: yuan(1_000),
      income: yuan(7_000),
    });
  });

  it('pays a mother agency’s share of the commission out of the commission, the model’s income unchanged', () => {
    expect(
      splitGross(yuan(10_000), { commissionRate: 2_000, motherAgency: { rate: 5_000, basis: 'commission' } }),
    ).toEqual({
      gross: yuan(10_000),
      commission: yuan(2_000),
      motherAgency: yuan(1_000),
      motherAgencyFromModel: 0,
      income: yuan(8_000),
    });
  });

  it('rounds each share half up to the fen, the model taking what is left', () => {
    // 0.05 yuan: 20 % is 1 fen; 1 fen × 50 % of 1 fen of commission is half a fen → 1.
    expect(
      splitGross(5, { commissionRate: 2_000, motherAgency: { rate: 5_000, basis: 'commission' } }),
    ).toEqual({
      gross: 5,
      commission: 1,
      motherAgency: 1,
      motherAgencyFromModel: 0,
      income: 4,
    });
    // 0.03 yuan: 15 % is 0.45 fen → 0; 50 % of the gross 1.5 fen → 2.
    expect(splitGross(3, { commissionRate: 1_500, motherAgency: { rate: 5_000, basis: 'gross' } })).toEqual({
      gross: 3,
      commission: 0,
      motherAgency: 2,
      motherAgencyFromModel: 2,
      income: 1,
    });
  });

  it('caps a mother agency’s share of the gross at what the commission leaves: the model never owes', () => {
    expect(
      splitGross(yuan(1_000), { commissionRate: 8_000, motherAgency: { rate: 3_000, basis: 'gross' } }),
    ).toMatchObject({
      commission: yuan(800),
      motherAgency: yuan(200),
      motherAgencyFromModel: yuan(200),
      income: 0,
    });
  });

  it('refuses rates outside 0–10000 basis points and amounts not in whole fen', () => {
    expect(() => splitGross(100, { commissionRate: 10_001, motherAgency: null })).toThrow(RangeError);
    expect(() => splitGross(100, { commissionRate: 20.5, motherAgency: null })).toThrow(RangeError);
    expect(() => splitGross(100, { commissionRate: 0, motherAgency: { rate: -1, basis: 'gross' } })).toThrow(
      RangeError,
    );
    expect(() => splitGross(-1, { commissionRate: 0, motherAgency: null })).toThrow(RangeError);
    expect(() => splitGross(1.5, { commissionRate: 0, motherAgency: null })).toThrow(RangeError);
  });

  it('adds up to the gross, in whole fen, none of it negative, whatever the terms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LINE_FEN }), terms, (gross, lineTerms) => {
        const split = splitGross(gross, lineTerms);
        expect(isWhole(split)).toBe(true);
        expect(modelSideAddsUp(split)).toBe(true);
        for (const value of Object.values(split)) expect(value).toBeGreaterThanOrEqual(0);
        if (lineTerms.motherAgency?.basis === 'commission') {
          expect(split.motherAgency).toBeLessThanOrEqual(split.commission);
          expect(split.income).toBe(gross - split.commission);
        }
        if (lineTerms.motherAgency?.basis === 'gross')
          expect(split.motherAgencyFromModel).toBe(split.motherAgency);
      }),
    );
  });
});

describe('releasing a line as the client pays it', () => {
  const line6: SettlementLine = {
    gross: yuan(10_000),
    lineTotal: yuan(10_600),
    commissionRate: 2_000,
    motherAgency: { rate: 1_000, basis: 'gross' },
  };

  it('releases the share of the gross the client paid of the total with its VAT', () => {
    expect(releasedGross(line6, 0)).toBe(0);
    expect(releasedGross(line6, yuan(5_300))).toBe(yuan(5_000));
    expect(releasedGross(line6, yuan(10_600))).toBe(yuan(10_000));
    expect(releasedShare(line6, yuan(5_300))).toEqual({
      gross: yuan(5_000),
      commission: yuan(1_000),
      motherAgency: yuan(500),
      motherAgencyFromModel: yuan(500),
      income: yuan(3_500),
    });
    expect(releasedShare(line6, 0)).toEqual(ZERO_SPLIT);
  });

  it('releases a line with a total of 0 whole: nothing is waited for', () => {
    const empty = { ...line6, gross: 0, lineTotal: 0 };
    expect(releasedGross(empty, 0)).toBe(0);
    expect(releaseNow(empty, 0, ZERO_SPLIT).waiting).toEqual(ZERO_SPLIT);
  });

  it('refuses a payment beyond the line’s total and a gross above it', () => {
    expect(() => releasedGross(line6, yuan(10_600) + 1)).toThrow(RangeError);
    expect(() => releasedGross(line6, -1)).toThrow(RangeError);
    expect(() => releasedGross({ ...line6, lineTotal: yuan(9_000) }, 0)).toThrow(RangeError);
  });

  it('settles now what the payments released less what was settled, the rest waiting', () => {
    const first = releaseNow(line6, yuan(5_300), ZERO_SPLIT);
    expect(first.now).toEqual(first.released);
    expect(first.waiting).toEqual({
      gross: yuan(5_000),
      commission: yuan(1_000),
      motherAgency: yuan(500),
      motherAgencyFromModel: yuan(500),
      income: yuan(3_500),
    });
    const second = releaseNow(line6, yuan(10_600), first.now);
    expect(addSplits([first.now, second.now])).toEqual(fullShare(line6));
    expect(second.waiting).toEqual(ZERO_SPLIT);
    // A payment undone after it was settled: the next settlement takes it back.
    const undone = releaseNow(line6, yuan(5_300), fullShare(line6));
    expect(undone.now.income).toBe(-yuan(3_500));
  });

  it('adds up exactly to the full share over any sequence of payments ending paid, undone ones included', () => {
    const payments = line.chain((generated) =>
      fc.tuple(
        fc.constant(generated),
        fc.array(fc.integer({ min: 0, max: generated.lineTotal }), { maxLength: 10 }),
      ),
    );
    fc.assert(
      fc.property(payments, ([generated, paidSoFar]) => {
        const full = fullShare(generated);
        let settled: ShareSplit = ZERO_SPLIT;
        let previousGross = 0;
        for (const paid of [...paidSoFar, generated.lineTotal]) {
          const release = releaseNow(generated, paid, settled);
          expect(isWhole(release.now)).toBe(true);
          expect(modelSideAddsUp(release.now)).toBe(true);
          expect(addSplits([release.released, release.waiting])).toEqual(full);
          settled = addSplits([settled, release.now]);
          expect(settled).toEqual(release.released);
          expect(release.released.gross).toBe(releasedGross(generated, paid));
          previousGross = release.released.gross;
        }
        expect(settled).toEqual(full);
        expect(previousGross).toBe(generated.gross);
      }),
    );
  });

  it('releases a gross that never falls as the client pays more, within half a fen of its exact share', () => {
    const paidTwice = line.chain((generated) =>
      fc.tuple(
        fc.constant(generated),
        fc.integer({ min: 0, max: generated.lineTotal }),
        fc.integer({ min: 0, max: generated.lineTotal }),
      ),
    );
    fc.assert(
      fc.property(paidTwice, ([generated, a, b]) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(releasedGross(generated, low)).toBeLessThanOrEqual(releasedGross(generated, high));
        if (generated.lineTotal > 0) {
          const exactTimesTotal = BigInt(generated.gross) * BigInt(low);
          const error = BigInt(releasedGross(generated, low)) * BigInt(generated.lineTotal) - exactTimesTotal;
          expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(BigInt(generated.lineTotal));
        }
      }),
    );
  });
});

describe('a settlement’s figures', () => {
  const share = (gross: number, commissionRate = 2_000): ShareSplit =>
    splitGross(gross, { commissionRate, motherAgency: null });
  const individual = { payoutType: 'individual', residency: 'resident' } as const;

  it('withholds per job and month, net of tax and deductions', () => {
    const figures = settlementFigures({
      ...individual,
      jobs: [
        // 12,500 yuan at 20 %: an income of 10,000 → 1,600 withheld.
        {
          orderId: 1,
          category: 'labour',
          releases: [share(yuan(7_500)), share(yuan(5_000))],
          earlierIncome: 0,
          earlierTax: 0,
        },
        // 3,750 yuan: 3,000 of income, on top of 7,000 paid earlier this month with 1,120 withheld.
        {
          orderId: 2,
          category: 'labour',
          releases: [share(yuan(3_750))],
          earlierIncome: yuan(7_000),
          earlierTax: yuan(1_120),
        },
      ],
      deductions: yuan(500),
    });
    expect(figures.jobs).toEqual([
      expect.objectContaining({ orderId: 1, income: yuan(10_000), taxable: yuan(8_000), tax: yuan(1_600) }),
      expect.objectContaining({ orderId: 2, income: yuan(3_000), taxable: yuan(2_400), tax: yuan(480) }),
    ]);
    expect(figures.totals).toEqual({
      gross: yuan(16_250),
      commission: yuan(3_250),
      motherAgency: 0,
      motherAgencyFromModel: 0,
      income: yuan(13_000),
      taxable: yuan(10_400),
      tax: yuan(2_080),
      deductions: yuan(500),
      net: yuan(13_000 - 2_080 - 500),
    });
  });

  it('taxes a job’s day fee and its usage licence as two payments, each by its item’s rule', () => {
    const figures = settlementFigures({
      ...individual,
      jobs: [
        { orderId: 1, category: 'labour', releases: [share(yuan(37_500))], earlierIncome: 0, earlierTax: 0 },
        { orderId: 1, category: 'royalty', releases: [share(yuan(37_500))], earlierIncome: 0, earlierTax: 0 },
      ],
      deductions: 0,
    });
    // 30,000 yuan each, 24,000 taxable: 劳务报酬 at 30 % − 2,000 = 5,200; 特许权使用费 at 20 % = 4,800.
    expect(figures.jobs).toEqual([
      expect.objectContaining({ category: 'labour', taxable: yuan(24_000), tax: yuan(5_200) }),
      expect.objectContaining({ category: 'royalty', taxable: yuan(24_000), tax: yuan(4_800) }),
    ]);
    // A non-resident: 24,000 on the monthly table, 20 % − 1,410 = 3,390, for either item.
    const abroad = settlementFigures({
      payoutType: 'individual',
      residency: 'non_resident',
      jobs: [
        { orderId: 1, category: 'royalty', releases: [share(yuan(37_500))], earlierIncome: 0, earlierTax: 0 },
      ],
      deductions: 0,
    });
    expect(abroad.totals).toMatchObject({ taxable: yuan(24_000), tax: yuan(3_390) });
  });

  it('withholds nothing for a studio', () => {
    const figures = settlementFigures({
      payoutType: 'studio',
      residency: 'resident',
      jobs: [
        { orderId: 1, category: 'labour', releases: [share(yuan(12_500))], earlierIncome: 0, earlierTax: 0 },
      ],
      deductions: 0,
    });
    expect(figures.totals).toMatchObject({ income: yuan(10_000), taxable: 0, tax: 0, net: yuan(10_000) });
  });

  it('gives tax back when a job’s release is negative (a payment undone)', () => {
    const figures = settlementFigures({
      ...individual,
      jobs: [
        {
          orderId: 7,
          category: 'labour',
          releases: [{ ...ZERO_SPLIT, gross: -yuan(2_500), commission: -yuan(500), income: -yuan(2_000) }],
          earlierIncome: yuan(10_000),
          earlierTax: yuan(1_600),
        },
      ],
      deductions: 0,
    });
    // The month falls to 8,000 yuan: 1,280 withheld in all, 320 given back.
    expect(figures.totals).toMatchObject({ income: -yuan(2_000), tax: -yuan(320), net: -yuan(1_680) });
  });

  it('refuses a payment twice and deductions not in whole fen', () => {
    const job: SettlementJob = {
      orderId: 1,
      category: 'labour',
      releases: [],
      earlierIncome: 0,
      earlierTax: 0,
    };
    expect(() => settlementFigures({ ...individual, jobs: [job, job], deductions: 0 })).toThrow(RangeError);
    expect(() => settlementFigures({ ...individual, jobs: [job], deductions: -1 })).toThrow(RangeError);
    expect(
      settlementFigures({ ...individual, jobs: [job, { ...job, category: 'royalty' }], deductions: 0 }).jobs,
    ).toHaveLength(2);
    expect(
      settlementFigures({ payoutType: 'studio', residency: 'resident', jobs: [], deductions: 0 }).totals,
    ).toMatchObject({
      ...ZERO_SPLIT,
      tax: 0,
      net: 0,
    });
  });

  const rules = fc.constantFrom(
    ...(['labour', 'royalty'] as const).flatMap((category) =>
      (['resident', 'non_resident'] as const).map((residency) => ({ category, residency })),
    ),
  );
  const jobs = fc.uniqueArray(
    fc.record({
      orderId: fc.integer({ min: 1, max: 1_000_000 }),
      category: fc.constantFrom('labour' as const, 'royalty' as const),
      releases: fc.array(
        fc
          .tuple(fc.integer({ min: 0, max: 1_000_000_000 }), terms)
          .map(([gross, lineTerms]) => splitGross(gross, lineTerms)),
        { maxLength: 5 },
      ),
      earlierIncome: fc.integer({ min: 0, max: 1_000_000_000 }),
    }),
    { selector: (job) => `${job.orderId}:${job.category}`, maxLength: 6 },
  );
  const settlements = fc
    .record({
      payoutType: fc.constantFrom('individual' as const, 'studio' as const),
      residency: fc.constantFrom('resident' as const, 'non_resident' as const),
      jobs,
      deductions: fc.integer({ min: 0, max: 100_000_000 }),
    })
    .map((input) => ({
      ...input,
      jobs: input.jobs.map((job) => ({
        ...job,
        earlierTax: incomeTax(job.earlierIncome, { category: job.category, residency: input.residency }).tax,
      })),
    }));

  it('adds up: net + tax + deductions is the income, the parts are the gross, a studio never withholds', () => {
    fc.assert(
      fc.property(settlements, (input) => {
        const { jobs: perJob, totals } = settlementFigures(input);
        expect(
          Object.values(totals).every((value) => typeof value !== 'number' || Number.isSafeInteger(value)),
        ).toBe(true);
        expect(totals.net + totals.tax + totals.deductions).toBe(totals.income);
        expect(modelSideAddsUp(totals)).toBe(true);
        expect(totals.tax).toBe(perJob.reduce((sum, job) => sum + job.tax, 0));
        for (const [index, job] of perJob.entries()) {
          const source = input.jobs[index];
          if (!source) throw new Error('a job went missing');
          expect(modelSideAddsUp(job)).toBe(true);
          expect(job.category).toBe(source.category);
          if (input.payoutType === 'studio') {
            expect(job.tax).toBe(0);
            expect(job.taxable).toBe(0);
          } else {
            expect(job.tax).toBe(
              withholdingForPayout(
                { earlierIncome: source.earlierIncome, earlierTax: source.earlierTax, income: job.income },
                { category: source.category, residency: input.residency },
              ).tax,
            );
            expect(job.tax).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });

  it('taxes a month’s first payout by its item’s and the residency’s rule', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 0, max: 100_000_000 }), (rule, amount) => {
        const figures = settlementFigures({
          payoutType: 'individual',
          residency: rule.residency,
          jobs: [
            {
              orderId: 1,
              category: rule.category,
              releases: [share(amount)],
              earlierIncome: 0,
              earlierTax: 0,
            },
          ],
          deductions: 0,
        });
        expect(figures.totals.tax).toBe(incomeTax(share(amount).income, rule).tax);
      }),
    );
  });
});

describe('settlement statuses', () => {
  it('are named in Chinese, in their order', () => {
    expect(SETTLEMENT_STATUSES.map((status) => SETTLEMENT_STATUS_LABELS[status])).toEqual([
      '草稿',
      '待审批',
      '已通过',
      '已驳回',
      '已付款',
    ]);
  });
});
