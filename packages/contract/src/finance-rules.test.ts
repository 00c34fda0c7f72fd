import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_RATES } from './constants';
import {
  checkInvoiceRequest,
  checkLineReversal,
  type InvoiceableLine,
  invoiceFigures,
  lineReversalFigures,
  refusalMessage,
  remainingToInvoice,
  reversalScope,
  splitProportionally,
  splitTaxIncluded,
  statusAfterReversals,
} from './finance-rules';
import { type FeeFigures, lineTotals, MAX_FEE_QUANTITY, MAX_LINE_FEN, sumTotals } from './money';

/** Rates of today and of the past (the contract's list, plus China's 9 % and 13 %, whatever it holds). */
const taxRate = fc.constantFrom(...new Set([...TAX_RATES, 9, 13]));
/** Up to ¥1,000,000 a unit and 100 units: lines as large as orders hold. */
const amount = fc.integer({ min: 0, max: 100_000_000 });
const quantity = fc.integer({ min: 1, max: MAX_FEE_QUANTITY }).map((hundredths) => hundredths / 100);
const feeFigures: fc.Arbitrary<FeeFigures> = fc.oneof(
  fc.record({ kind: fc.constant('ModelFee' as const), amount, quantity, tax_rate: taxRate }),
  fc.record({ kind: fc.constant('UsageFee' as const), amount, tax_rate: taxRate }),
);
/** Fee lines with their own figures, ids 1…n. */
const feeLines = (minLength = 0) =>
  fc.array(feeFigures, { minLength, maxLength: 12 }).map((lines) =>
    lines.map(
      (line, index): InvoiceableLine => ({
        id: index + 1,
        kind: line.kind,
        tax_rate: line.tax_rate,
        totals: lineTotals(line),
      }),
    ),
  );
/** Fee lines each with a portion of it being invoiced (what a red-letter correction gave back, say). */
const partialLines = feeLines().chain((lines) =>
  fc
    .tuple(...lines.map((line) => fc.integer({ min: 0, max: line.totals.total })))
    .map((portions) => lines.map((line, index) => ({ ...line, portion: portions[index] ?? 0 }))),
);
const sum = (values: readonly number[]) => values.reduce((acc, value) => acc + value, 0);

describe('splitting an amount in proportion', () => {
  const weightsAndAmount = fc
    .array(fc.integer({ min: 0, max: MAX_LINE_FEN }), { minLength: 1, maxLength: 20 })
    .chain((weights) => fc.tuple(fc.constant(weights), fc.integer({ min: 0, max: sum(weights) })));

  it('gives parts that add up to the amount exactly, none above its weight', () => {
    fc.assert(
      fc.property(weightsAndAmount, ([weights, total]) => {
        const parts = splitProportionally(total, weights);
        expect(sum(parts)).toBe(total);
        parts.forEach((part, index) => {
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(weights[index] ?? 0);
          // Largest remainder: within one fen of the exact share (nothing of weights that are all zero).
          const exact = sum(weights) === 0 ? 0 : (total * (weights[index] ?? 0)) / sum(weights);
          expect(Math.abs(part - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('gives each weight itself when the amount is their sum, and nothing of nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: MAX_LINE_FEN }), { maxLength: 20 }), (weights) => {
        expect(splitProportionally(sum(weights), weights)).toEqual(weights);
        expect(splitProportionally(0, weights)).toEqual(weights.map(() => 0));
      }),
    );
  });

  it('gives the odd fen to the largest remainder, then the larger weight, then the earlier line', () => {
    expect(splitProportionally(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(splitProportionally(2, [2, 3, 3])).toEqual([0, 1, 1]);
    expect(splitProportionally(1, [3, 5])).toEqual([0, 1]);
    expect(splitProportionally(1, [0, 0, 2])).toEqual([0, 0, 1]);
    expect(() => splitProportionally(3, [1, 1])).toThrow(RangeError);
    expect(() => splitProportionally(1, [])).toThrow(RangeError);
    expect(() => splitProportionally(0.5, [1])).toThrow(RangeError);
  });
});

describe('tax within a tax-inclusive amount', () => {
  it('gives a whole line back its own amount and tax, at every rate', () => {
    fc.assert(
      fc.property(feeFigures, (line) => {
        const own = lineTotals(line);
        expect(splitTaxIncluded(own.total, line.tax_rate)).toEqual({
          amount: own.subtotal,
          tax: own.tax,
          total: own.total,
        });
      }),
    );
  });

  it('rounds tax half up and never lets amount and tax drift apart from the total', () => {
    // ¥1.06 at 6 %: 6 fen of tax; 53 fen at 6 %: 3 fen (53 × 6 / 106 = 3.0); 9 fen: 0.509… → 1.
    expect(splitTaxIncluded(106, 6)).toEqual({ amount: 100, tax: 6, total: 106 });
    expect(splitTaxIncluded(53, 6)).toEqual({ amount: 50, tax: 3, total: 53 });
    expect(splitTaxIncluded(9, 6)).toEqual({ amount: 8, tax: 1, total: 9 });
    expect(splitTaxIncluded(999, 0)).toEqual({ amount: 999, tax: 0, total: 999 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_LINE_FEN }),
        fc.integer({ min: 0, max: MAX_LINE_FEN }),
        taxRate,
        (a, b, rate) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lower = splitTaxIncluded(low, rate);
          const higher = splitTaxIncluded(high, rate);
          expect(lower.amount + lower.tax).toBe(low);
          // Monotone: a smaller part never carries more tax or more amount than a larger one.
          expect(lower.tax).toBeLessThanOrEqual(higher.tax);
          expect(lower.amount).toBeLessThanOrEqual(higher.amount);
        },
      ),
    );
  });
});

describe('invoice figures', () => {
  it('adds up to the fen: groups equal their lines, the invoice equals both, tax never recomputed', () => {
    fc.assert(
      fc.property(partialLines, (lines) => {
        const invoice = invoiceFigures(lines);
        for (const figures of [invoice, ...invoice.groups, ...invoice.lines]) {
          expect(figures.amount + figures.tax).toBe(figures.total);
        }
        for (const pick of ['amount', 'tax', 'total'] as const) {
          expect(sum(invoice.groups.map((group) => group[pick]))).toBe(invoice[pick]);
          expect(sum(invoice.lines.map((line) => line[pick]))).toBe(invoice[pick]);
        }
        expect(invoice.total).toBe(sum(lines.map((line) => line.portion)));
        for (const group of invoice.groups) {
          const members = invoice.lines.filter((line) => group.fee_line_ids.includes(line.fee_line_id));
          expect(members.every((line) => line.item === group.item && line.tax_rate === group.tax_rate)).toBe(
            true,
          );
          expect(sum(members.map((line) => line.tax))).toBe(group.tax);
        }
        expect(invoice.groups.flatMap((group) => group.fee_line_ids).sort((a, b) => a - b)).toEqual(
          lines.map((line) => line.id),
        );
      }),
    );
  });

  it('carries exactly the order figures when it covers whole lines', () => {
    fc.assert(
      fc.property(fc.array(feeFigures, { maxLength: 12 }), (figures) => {
        const invoice = invoiceFigures(
          figures.map((line, index) => ({ ...line, id: index + 1, totals: lineTotals(line) })),
        );
        const totals = sumTotals(figures);
        expect([invoice.amount, invoice.tax, invoice.total]).toEqual([
          totals.subtotal,
          totals.tax,
          totals.total,
        ]);
      }),
    );
  });

  it('groups by service item and rate, 服务费 first, rates ascending', () => {
    const line = (
      id: number,
      kind: 'ModelFee' | 'UsageFee',
      tax_rate: number,
      subtotal: number,
    ): InvoiceableLine => ({
      id,
      kind,
      tax_rate,
      totals: lineTotals({ kind, amount: subtotal, quantity: 1, tax_rate }),
    });
    const invoice = invoiceFigures([
      line(1, 'UsageFee', 6, 100_000),
      line(2, 'ModelFee', 6, 325),
      line(3, 'ModelFee', 3, 1_000),
      line(4, 'ModelFee', 6, 325),
    ]);
    expect(invoice.groups).toEqual([
      { item: 'service_fee', tax_rate: 3, amount: 1_000, tax: 30, total: 1_030, fee_line_ids: [3] },
      // Each line's tax (325 × 6 % = 19.5 → 20) added: 40, not the group's 650 × 6 % = 39.
      { item: 'service_fee', tax_rate: 6, amount: 650, tax: 40, total: 690, fee_line_ids: [2, 4] },
      { item: 'portrait_fee', tax_rate: 6, amount: 100_000, tax: 6_000, total: 106_000, fee_line_ids: [1] },
    ]);
    expect([invoice.amount, invoice.tax, invoice.total]).toEqual([101_650, 6_070, 107_720]);
  });
});

describe('what remains to invoice', () => {
  it('is the total less what was invoiced plus what red-letter invoices gave back', () => {
    expect(remainingToInvoice({ total: 10_600, invoiced: 0, given_back: 0 })).toBe(10_600);
    expect(remainingToInvoice({ total: 10_600, invoiced: 10_600, given_back: 0 })).toBe(0);
    expect(remainingToInvoice({ total: 10_600, invoiced: 10_600 + 4_000, given_back: 4_000 + 2_000 })).toBe(
      2_000,
    );
  });

  it('refuses an empty request, a line twice, an unknown line, nothing left and over-invoicing', () => {
    const remaining = new Map([
      [1, 10_600],
      [2, 0],
      [3, 500],
    ]);
    expect(checkInvoiceRequest([], remaining)).toEqual({ ok: false, reason: 'no_lines' });
    expect(checkInvoiceRequest([{ fee_line_id: 1 }, { fee_line_id: 1 }], remaining)).toMatchObject({
      reason: 'duplicate_line',
      fee_line_id: 1,
    });
    expect(checkInvoiceRequest([{ fee_line_id: 9 }], remaining)).toMatchObject({ reason: 'unknown_line' });
    expect(checkInvoiceRequest([{ fee_line_id: 2 }], remaining)).toMatchObject({
      reason: 'nothing_to_invoice',
    });
    expect(checkInvoiceRequest([{ fee_line_id: 3, amount: 501 }], remaining)).toMatchObject({
      reason: 'over_invoiced',
      fee_line_id: 3,
    });
    expect(checkInvoiceRequest([{ fee_line_id: 3, amount: 0 }], remaining)).toMatchObject({
      reason: 'not_positive',
    });
    expect(checkInvoiceRequest([{ fee_line_id: 1 }, { fee_line_id: 3, amount: 200 }], remaining)).toEqual({
      ok: true,
      portions: [
        { fee_line_id: 1, portion: 10_600 },
        { fee_line_id: 3, portion: 200 },
      ],
    });
  });
});

describe('red-letter corrections by line', () => {
  /** Lines, and for each a part to take back (0: not chosen), within the line. */
  const linesAndParts = feeLines(1).chain((lines) =>
    fc.tuple(
      fc.constant(lines),
      fc.tuple(...lines.map((line) => fc.integer({ min: 0, max: line.totals.total }))),
    ),
  );
  const asked = (lines: readonly InvoiceableLine[], parts: readonly number[]) =>
    lines.flatMap((line, index) => {
      const amount = parts[index] ?? 0;
      return amount > 0 ? [{ invoice_line_id: line.id, amount }] : [];
    });

  it('take exactly what is asked of the chosen lines, none beyond its line, the others untouched', () => {
    fc.assert(
      fc.property(linesAndParts, ([lines, parts]) => {
        const requests = asked(lines, parts);
        const red = lineReversalFigures(requests, lines);
        const wanted = sum(requests.map((request) => request.amount));
        expect(red.total).toBe(wanted);
        expect(red.amount + red.tax).toBe(wanted);
        expect(red.lines.map((line) => line.fee_line_id)).toEqual(
          requests.map((request) => request.invoice_line_id),
        );
        for (const part of red.lines) {
          const line = lines.find((candidate) => candidate.id === part.fee_line_id);
          const request = requests.find((candidate) => candidate.invoice_line_id === part.fee_line_id);
          expect(part.total).toBe(request?.amount);
          expect(part.amount + part.tax).toBe(part.total);
          expect(part.tax).toBeLessThanOrEqual(line?.totals.tax ?? 0);
          expect(part.amount).toBeLessThanOrEqual(line?.totals.subtotal ?? 0);
        }
        expect(sum(red.groups.map((group) => group.total))).toBe(wanted);
        // What the check lets through is what the figures take.
        const reversible = lines.map((line) => ({ id: line.id, reversible: line.totals.total, paid: 0 }));
        const check = checkLineReversal(requests, reversible);
        if (requests.length > 0) expect(check).toEqual({ ok: true, total: wanted });
      }),
    );
  });

  it('of every line whole gives back exactly the invoice', () => {
    fc.assert(
      fc.property(partialLines, (lines) => {
        const invoice = invoiceFigures(lines);
        const asIssued = invoice.lines.map((line) => ({
          id: line.fee_line_id,
          kind: line.kind,
          tax_rate: line.tax_rate,
          totals: { subtotal: line.amount, tax: line.tax, total: line.total },
        }));
        const red = lineReversalFigures(
          asIssued.map((line) => ({ invoice_line_id: line.id, amount: line.totals.total })),
          asIssued,
        );
        expect(red.lines).toEqual(invoice.lines.filter((line) => line.total > 0));
        expect([red.amount, red.tax, red.total]).toEqual([invoice.amount, invoice.tax, invoice.total]);
      }),
    );
  });

  it('never passes a line beyond what it can give back, and says how much can', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (reversible, paidRaw, amount) => {
          const paid = Math.min(paidRaw, reversible);
          const check = checkLineReversal([{ invoice_line_id: 7, amount }], [{ id: 7, reversible, paid }]);
          if (amount <= reversible - paid) expect(check).toEqual({ ok: true, total: amount });
          else {
            expect(check).toMatchObject({ ok: false, invoice_line_id: 7, max: reversible - paid });
          }
        },
      ),
    );
  });

  it('is refused without lines, twice the same line, an unknown line, 0, beyond the line, into what was paid', () => {
    const lines = [
      { id: 1, reversible: 12_000, paid: 0 },
      { id: 2, reversible: 8_000, paid: 5_000 },
    ];
    expect(checkLineReversal([], lines)).toEqual({ ok: false, reason: 'no_lines' });
    expect(
      checkLineReversal(
        [
          { invoice_line_id: 1, amount: 1 },
          { invoice_line_id: 1, amount: 1 },
        ],
        lines,
      ),
    ).toMatchObject({ reason: 'duplicate_line', invoice_line_id: 1 });
    expect(checkLineReversal([{ invoice_line_id: 3, amount: 1 }], lines)).toMatchObject({
      reason: 'unknown_line',
    });
    expect(checkLineReversal([{ invoice_line_id: 1, amount: 0 }], lines)).toMatchObject({
      reason: 'not_positive',
    });
    const over = checkLineReversal([{ invoice_line_id: 1, amount: 12_001 }], lines);
    expect(over).toEqual({ ok: false, reason: 'reversal_exceeds_line', invoice_line_id: 1, max: 12_000 });
    expect(refusalMessage(over as { reason: 'reversal_exceeds_line'; max: number })).toBe(
      '红冲金额超过该行可红冲的金额（该行最多可红冲 ¥120.00）',
    );
    expect(checkLineReversal([{ invoice_line_id: 2, amount: 3_001 }], lines)).toEqual({
      ok: false,
      reason: 'reversal_exceeds_unpaid',
      invoice_line_id: 2,
      max: 3_000,
    });
    expect(
      checkLineReversal(
        [
          { invoice_line_id: 1, amount: 12_000 },
          { invoice_line_id: 2, amount: 3_000 },
        ],
        lines,
      ),
    ).toEqual({ ok: true, total: 15_000 });
  });

  it('read 全额红冲 when they take all that remained of the invoice, else 部分红冲', () => {
    expect(reversalScope(10_000, { total: 10_000, reversed: 0 })).toBe('full');
    expect(reversalScope(4_000, { total: 10_000, reversed: 6_000 })).toBe('full');
    expect(reversalScope(3_999, { total: 10_000, reversed: 6_000 })).toBe('partial');
  });

  it('leave an invoice issued until they took back its whole total', () => {
    expect(statusAfterReversals({ total: 10_000, reversed: 0 })).toBe('issued');
    expect(statusAfterReversals({ total: 10_000, reversed: 9_999 })).toBe('issued');
    expect(statusAfterReversals({ total: 10_000, reversed: 10_000 })).toBe('reversed');
  });
});
