import { fullShare, paymentKey, releasedShare, ZERO_SPLIT } from '@trackit/contract/settlement-math';
import { describe, expect, it } from 'vitest';
import {
  deductionsTaken,
  figuresOf,
  isZeroSplit,
  type LineFacts,
  releaseOf,
  termsOf,
} from './settlement-release';

const TWENTY = { commissionRate: 2_000, motherAgency: null };
const THIRTY = { commissionRate: 3_000, motherAgency: null };

/** A line of 10,000 yuan before VAT, 10,600 with it, nothing paid or settled yet. */
const line = (facts: Partial<LineFacts> = {}): LineFacts => ({
  feeLineId: 1,
  orderId: 10,
  gross: 1_000_000,
  total: 1_060_000,
  paid: 0,
  settled: { ...ZERO_SPLIT },
  advancedGross: 0,
  lastTerms: null,
  ...facts,
});

describe('what a settlement takes of a fee line', () => {
  it('releases what the client paid, the rest waiting', () => {
    const release = releaseOf(line({ paid: 636_000 }), TWENTY);
    expect(release.now).toEqual({
      gross: 600_000,
      commission: 120_000,
      motherAgency: 0,
      motherAgencyFromModel: 0,
      income: 480_000,
    });
    expect(release.waiting.gross).toBe(400_000);
    expect(release).toMatchObject({ advance: false, advanced: false });
  });

  it('keeps the terms of the line’s latest settlement while something of it is settled', () => {
    const settled = releasedShare({ gross: 1_000_000, lineTotal: 1_060_000, ...TWENTY }, 636_000);
    const partly = line({ paid: 1_060_000, settled, lastTerms: TWENTY });
    expect(termsOf(partly, THIRTY)).toEqual(TWENTY);
    const release = releaseOf(partly, THIRTY);
    // Settled twice at 20 %: exactly the full share at 20 %, whatever the model's rate is now.
    expect(release.now.commission + settled.commission).toBe(200_000);
    // All of it taken back by a correction: the model's terms of the day.
    expect(termsOf(line({ lastTerms: TWENTY }), THIRTY)).toEqual(THIRTY);
  });

  it('pays a line ahead of the client as an advance, after which nothing waits nor is released', () => {
    const ahead = releaseOf(line({ paid: 100_000 }), TWENTY, true);
    expect(ahead.now).toEqual(fullShare({ gross: 1_000_000, lineTotal: 1_060_000, ...TWENTY }));
    expect(ahead).toMatchObject({ advance: true, waiting: ZERO_SPLIT });
    const advanced = line({
      paid: 1_060_000,
      settled: ahead.now,
      advancedGross: 1_000_000,
      lastTerms: TWENTY,
    });
    const later = releaseOf(advanced, TWENTY);
    expect(isZeroSplit(later.now)).toBe(true);
    expect(later).toMatchObject({ advanced: true, advance: false });
    // A line the client paid in full is no advance, even when asked for one.
    expect(releaseOf(line({ paid: 1_060_000 }), TWENTY, true).advance).toBe(false);
  });

  it('takes back a payment undone after it was settled', () => {
    const settled = releasedShare({ gross: 1_000_000, lineTotal: 1_060_000, ...TWENTY }, 530_000);
    const release = releaseOf(line({ paid: 0, settled, lastTerms: TWENTY }), TWENTY);
    expect(release.now.gross).toBe(-500_000);
    expect(release.waiting.gross).toBe(1_000_000);
  });
});

describe('a settlement’s figures and deductions', () => {
  const individual = { payoutType: 'individual', residency: 'resident' } as const;

  it('taxes each payment with the month’s earlier payouts of that job and item', () => {
    const now = { ...ZERO_SPLIT, gross: 500_000, commission: 100_000, income: 400_000 };
    const earlier = new Map([[paymentKey(10, 'labour'), { income: 600_000, tax: 96_000 }]]);
    const figures = figuresOf(individual, [{ orderId: 10, category: 'labour', now }], earlier);
    expect(figures.totals).toMatchObject({ income: 400_000, taxable: 320_000, tax: 64_000, net: 336_000 });
    // The same job's usage licence is another payment: its own 800 yuan, 20 % of 3,200.
    const royalty = figuresOf(individual, [{ orderId: 10, category: 'royalty', now }], earlier);
    expect(royalty.totals).toMatchObject({ taxable: 320_000, tax: 64_000 });
    expect(royalty.jobs).toEqual([expect.objectContaining({ orderId: 10, category: 'royalty' })]);
    expect(
      figuresOf(
        { payoutType: 'studio', residency: null },
        [{ orderId: 10, category: 'labour', now }],
        new Map(),
      ).totals,
    ).toMatchObject({ tax: 0, net: 400_000 });
  });

  it('reckons an individual of unknown residency a resident, and a non-resident on the monthly table', () => {
    const now = { ...ZERO_SPLIT, gross: 250_000, commission: 50_000, income: 200_000 };
    const unknown = figuresOf(
      { payoutType: 'individual', residency: null },
      [{ orderId: 1, category: 'labour', now }],
      new Map(),
    );
    // 2,000 yuan: 1,200 taxable at 20 % for a resident; 1,600 at 3 % for a non-resident.
    expect(unknown.totals).toMatchObject({ taxable: 120_000, tax: 24_000 });
    const abroad = figuresOf(
      { payoutType: 'individual', residency: 'non_resident' },
      [{ orderId: 1, category: 'labour', now }],
      new Map(),
    );
    expect(abroad.totals).toMatchObject({ taxable: 160_000, tax: 4_800 });
  });

  it('takes deductions oldest first while they fit, whole', () => {
    const pending = [{ amount: 300 }, { amount: 500 }, { amount: 100 }];
    expect(deductionsTaken(pending, 900)).toEqual(pending);
    expect(deductionsTaken(pending, 799)).toEqual([{ amount: 300 }]);
    expect(deductionsTaken(pending, 0)).toEqual([]);
  });
});
