import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  countsOn,
  type Dated,
  daysOverdue,
  dueDate,
  receivableAsOf,
  type StatementRecords,
  statementFigures,
  sumAsOf,
} from './aging';
import { addDays } from './business-time';
import { AGING_BUCKET_DAYS, AGING_BUCKETS } from './finance-enums';
import { MAX_AMOUNT_FEN, MAX_SUM_FEN } from './money';

describe('due dates', () => {
  it('are the last working day plus the payment terms, across month, year and leap-day ends', () => {
    expect(dueDate('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(dueDate('2026-12-15', 30)).toBe('2027-01-14');
    expect(dueDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(dueDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(dueDate('2027-02-28', 1)).toBe('2027-03-01');
    expect(dueDate('2026-10-31', 90)).toBe('2027-01-29');
  });

  it('are the last working day itself without terms', () => {
    expect(dueDate('2026-11-27', null)).toBe('2026-11-27');
    expect(dueDate('2026-11-27', undefined)).toBe('2026-11-27');
    expect(dueDate('2026-11-27', 0)).toBe('2026-11-27');
  });
});

describe('aging', () => {
  it('counts whole days past the due date, 0 until the day after it', () => {
    expect(daysOverdue('2026-11-30', '2026-11-01')).toBe(0);
    expect(daysOverdue('2026-11-30', '2026-11-30')).toBe(0);
    expect(daysOverdue('2026-11-30', '2026-12-01')).toBe(1);
    expect(daysOverdue('2026-12-31', '2027-01-30')).toBe(30);
    expect(daysOverdue('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('buckets by days overdue, at each boundary', () => {
    const cases: [number, string][] = [
      [0, 'not_due'],
      [1, 'd1_30'],
      [30, 'd1_30'],
      [31, 'd31_60'],
      [60, 'd31_60'],
      [61, 'd61_90'],
      [90, 'd61_90'],
      [91, 'd90_plus'],
      [10_000, 'd90_plus'],
    ];
    for (const [days, bucket] of cases) expect(agingBucket(days)).toBe(bucket);
  });

  it('has buckets that follow one another without gap or overlap', () => {
    AGING_BUCKETS.forEach((bucket, index) => {
      const next = AGING_BUCKETS[index + 1];
      const { max } = AGING_BUCKET_DAYS[bucket];
      if (next) expect(AGING_BUCKET_DAYS[next].min).toBe((max ?? Number.NaN) + 1);
      else expect(max).toBeNull();
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (days) => {
        const { min, max } = AGING_BUCKET_DAYS[agingBucket(days)];
        expect(days >= min && (max === null || days <= max)).toBe(true);
      }),
    );
  });
});

describe('outstanding as of a date', () => {
  const order = {
    billed_on: '2026-09-05',
    billed: 100_000,
    due_on: '2026-10-05',
    allocations: [
      { on: '2026-10-20', amount: 30_000 },
      { on: '2026-11-02', amount: 20_000, undone_on: '2026-11-10' },
      { on: '2026-11-15', amount: 70_000 },
    ],
  };

  it('takes only what counted on that date, so a month end reproduces later', () => {
    expect(receivableAsOf(order, '2026-09-04')).toEqual({
      billed: 0,
      received: 0,
      outstanding: 0,
      days_overdue: 0,
      bucket: null,
    });
    expect(receivableAsOf(order, '2026-09-30')).toMatchObject({ outstanding: 100_000, bucket: 'not_due' });
    expect(receivableAsOf(order, '2026-10-31')).toEqual({
      billed: 100_000,
      received: 30_000,
      outstanding: 70_000,
      days_overdue: 26,
      bucket: 'd1_30',
    });
    expect(receivableAsOf(order, '2026-11-09')).toMatchObject({ received: 50_000, bucket: 'd31_60' });
    // The allocation undone on 11-10 no longer counts from that day.
    expect(receivableAsOf(order, '2026-11-10')).toMatchObject({ received: 30_000, outstanding: 70_000 });
    expect(receivableAsOf(order, '2026-11-30')).toMatchObject({
      outstanding: 0,
      bucket: null,
      days_overdue: 0,
    });
  });

  it('counts a record from its date until the day before it was undone', () => {
    const record: Dated = { on: '2026-10-31', amount: 1, undone_on: '2026-11-01' };
    expect(countsOn(record, '2026-10-30')).toBe(false);
    expect(countsOn(record, '2026-10-31')).toBe(true);
    expect(countsOn(record, '2026-11-01')).toBe(false);
  });
});

describe('statements', () => {
  const day = fc.integer({ min: 0, max: 730 }).map((offset) => addDays('2026-01-01', offset));
  const dated = (max: number) =>
    fc.array(
      fc.record({
        on: day,
        amount: fc.integer({ min: 0, max }),
        undone_on: fc.option(day, { nil: null }),
      }),
      { maxLength: 25 },
    );
  const records: fc.Arbitrary<StatementRecords> = fc.record({
    fees: dated(10_000_000_000).map((fees) => fees.map((fee) => ({ on: fee.on, amount: fee.amount }))),
    invoices: fc.array(
      fc.record({ on: day, amount: fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }) }),
      { maxLength: 25 },
    ),
    receipts: dated(10_000_000_000),
    allocations: dated(10_000_000_000),
  });
  const period = fc.tuple(day, day).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a]));

  it('add up to the fen: opening + fees − receipts = closing, the balance as of the end', () => {
    fc.assert(
      fc.property(records, period, (client, [from, to]) => {
        const statement = statementFigures(client, from, to);
        expect(statement.opening + statement.fees - statement.received).toBe(statement.closing);
        expect(statement.closing).toBe(sumAsOf(client.fees, to) - sumAsOf(client.receipts, to));
        expect(statement.credit).toBe(sumAsOf(client.receipts, to) - sumAsOf(client.allocations, to));
        for (const value of Object.values(statement)) {
          if (typeof value === 'number') expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
    );
  });

  it('chain: one period’s closing is the next one’s opening, and two periods add up to their union', () => {
    fc.assert(
      fc.property(records, day, day, day, (client, a, b, c) => {
        const [from, middle, to] = [a, b, c].sort();
        if (!from || !middle || !to) return;
        const first = statementFigures(client, from, middle);
        const second = statementFigures(client, addDays(middle, 1), to);
        const whole = statementFigures(client, from, to);
        expect(second.opening).toBe(first.closing);
        expect(first.fees + second.fees).toBe(whole.fees);
        expect(first.received + second.received).toBe(whole.received);
        expect(first.invoiced + second.invoiced).toBe(whole.invoiced);
        expect(second.closing).toBe(whole.closing);
      }),
    );
  });

  it('answer each figure exactly within ±MAX_SUM_FEN, however many records at their limit add up to it', () => {
    const cap = (sum: bigint) =>
      sum > BigInt(MAX_SUM_FEN) ? MAX_SUM_FEN : sum < -BigInt(MAX_SUM_FEN) ? -MAX_SUM_FEN : Number(sum);
    const atLimit = (count: number, on: string) =>
      Array.from({ length: count }, () => ({ on, amount: MAX_AMOUNT_FEN }));
    fc.assert(
      fc.property(fc.nat(12_000), fc.nat(12_000), fc.nat(12_000), (before, billed, paid) => {
        const fees = [...atLimit(before, '2026-02-27'), ...atLimit(billed, '2026-03-02')];
        const receipts = atLimit(paid, '2026-03-03');
        const statement = statementFigures(
          { fees, invoices: fees, receipts, allocations: [] },
          '2026-03-01',
          '2026-03-31',
        );
        const limit = BigInt(MAX_AMOUNT_FEN);
        expect(statement.opening).toBe(cap(BigInt(before) * limit));
        expect(statement.fees).toBe(cap(BigInt(billed) * limit));
        expect(statement.invoiced).toBe(cap(BigInt(billed) * limit));
        expect(statement.received).toBe(cap(BigInt(paid) * limit));
        // The balance is worked out before it is capped: 12,000 billed less 3,000 paid is exact.
        expect(statement.closing).toBe(cap(BigInt(before + billed - paid) * limit));
        expect(statement.credit).toBe(cap(BigInt(paid) * limit));
      }),
      { numRuns: 25 },
    );
  });

  it('show a client in credit, and a red-letter invoice netting the period’s invoices', () => {
    const statement = statementFigures(
      {
        fees: [
          { on: '2026-09-30', amount: 50_000 },
          { on: '2026-10-10', amount: 106_000 },
        ],
        invoices: [
          { on: '2026-10-12', amount: 106_000 },
          { on: '2026-10-20', amount: -6_000 },
        ],
        receipts: [
          { on: '2026-09-30', amount: 20_000 },
          { on: '2026-10-25', amount: 200_000 },
          { on: '2026-10-26', amount: 5_000, undone_on: '2026-10-27' },
        ],
        allocations: [
          { on: '2026-10-01', amount: 20_000 },
          { on: '2026-10-25', amount: 106_000 },
        ],
      },
      '2026-10-01',
      '2026-10-31',
    );
    expect(statement).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      opening: 30_000,
      fees: 106_000,
      invoiced: 100_000,
      received: 200_000,
      closing: -64_000,
      credit: 94_000,
    });
  });
});
