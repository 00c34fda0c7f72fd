import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocationTargetKey,
  checkAllocations,
  directOpen,
  feeLinePaymentStatus,
  invoiceOpen,
  moveOnIssue,
  orderMoney,
  paidByFeeLine,
  receiptBalance,
  spreadOverInvoice,
} from './allocations';
import { MAX_LINE_FEN } from './money';

const sum = (values: readonly number[]) => values.reduce((acc, value) => acc + value, 0);

describe('receipts and allocations', () => {
  it('keep what is not allocated as the client’s credit', () => {
    expect(receiptBalance(50_000, [{ amount: 20_000 }, { amount: 10_000 }])).toEqual({
      allocated: 30_000,
      unallocated: 20_000,
    });
    expect(invoiceOpen({ total: 106_000, reversed: 6_000, allocated: 30_000 })).toBe(70_000);
  });

  it('refuse over-allocating a receipt or a target, unknown targets and amounts of 0', () => {
    const open = new Map([
      [allocationTargetKey({ invoice_id: 1 }), 70_000],
      [allocationTargetKey({ fee_line_id: 5 }), 1_000],
    ]);
    expect(checkAllocations([], 10, open)).toEqual({ ok: false, reason: 'no_allocations' });
    expect(checkAllocations([{ invoice_id: 1, amount: 0 }], 10, open)).toMatchObject({
      reason: 'not_positive',
    });
    expect(checkAllocations([{ invoice_id: 2, amount: 1 }], 10, open)).toMatchObject({
      reason: 'unknown_target',
    });
    expect(checkAllocations([{ fee_line_id: 1, amount: 1 }], 10, open)).toMatchObject({
      reason: 'unknown_target',
    });
    expect(
      checkAllocations(
        [
          { fee_line_id: 5, amount: 600 },
          { fee_line_id: 5, amount: 401 },
        ],
        90_000,
        open,
      ),
    ).toEqual({ ok: false, reason: 'target_over_allocated', index: 1 });
    expect(
      checkAllocations(
        [
          { invoice_id: 1, amount: 70_000 },
          { fee_line_id: 5, amount: 1_000 },
        ],
        70_999,
        open,
      ),
    ).toEqual({ ok: false, reason: 'receipt_over_allocated' });
    expect(
      checkAllocations(
        [
          { invoice_id: 1, amount: 70_000 },
          { fee_line_id: 5, amount: 1_000 },
        ],
        71_000,
        open,
      ),
    ).toEqual({ ok: true, total: 71_000 });
  });

  it('spread over an invoice’s lines exactly, never above a line, every line whole once paid in full', () => {
    const linesAndAllocated = fc
      .array(fc.integer({ min: 0, max: MAX_LINE_FEN }), { minLength: 1, maxLength: 12 })
      .chain((totals) =>
        fc.tuple(
          fc.constant(totals.map((total, index) => ({ fee_line_id: index + 1, total }))),
          fc.integer({ min: 0, max: sum(totals) }),
        ),
      );
    fc.assert(
      fc.property(linesAndAllocated, ([lines, allocated]) => {
        const spread = spreadOverInvoice(allocated, lines);
        expect(sum(spread.map((share) => share.paid))).toBe(allocated);
        for (const [index, share] of spread.entries()) {
          expect(share.paid).toBeLessThanOrEqual(lines[index]?.total ?? 0);
        }
        const full = spreadOverInvoice(sum(lines.map((line) => line.total)), lines);
        expect(full.map((share) => share.paid)).toEqual(lines.map((line) => line.total));
      }),
    );
  });

  it('make a line paid when they cover its total, and an order partly or wholly received', () => {
    const paid = paidByFeeLine(
      [
        {
          allocated: 5_300,
          lines: [
            { fee_line_id: 1, total: 10_600 },
            { fee_line_id: 2, total: 10_600 },
          ],
        },
      ],
      [{ fee_line_id: 3, amount: 1_000 }],
    );
    expect([...paid]).toEqual([
      [1, 2_650],
      [2, 2_650],
      [3, 1_000],
    ]);
    expect(feeLinePaymentStatus({ total: 1_000, paid: 1_000 })).toBe('paid');
    expect(feeLinePaymentStatus({ total: 1_000, paid: 999 })).toBe('partial');
    expect(feeLinePaymentStatus({ total: 1_000, paid: 0 })).toBe('unpaid');
    const line = (total: number, paidAmount: number) => ({ total, invoiced: total, paid: paidAmount });
    expect(orderMoney([line(1_000, 0), line(2_000, 0)])).toEqual({
      billed: 3_000,
      invoiced: 3_000,
      received: 0,
      outstanding: 3_000,
      state: 'unpaid',
    });
    expect(orderMoney([line(1_000, 1_000), line(2_000, 0)])).toMatchObject({
      outstanding: 2_000,
      state: 'partial',
    });
    expect(orderMoney([line(1_000, 1_000), line(2_000, 2_000)])).toMatchObject({
      outstanding: 0,
      state: 'paid',
    });
    // A fen too many on one line does not pay another.
    expect(orderMoney([line(1_000, 1_001), line(2_000, 1_999)])).toMatchObject({
      received: 2_999,
      state: 'partial',
    });
  });

  it('give each line its earmarks first, then spread the rest over what lines still hold', () => {
    const case_ = fc
      .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 })
      .chain((totals) =>
        fc.tuple(
          fc.constant(totals.map((total, index) => ({ fee_line_id: index + 1, total }))),
          fc.tuple(...totals.map((total) => fc.integer({ min: 0, max: total }))),
        ),
      )
      .chain(([lines, earmarked]) =>
        fc.tuple(
          fc.constant(lines),
          fc.constant(earmarked),
          fc.integer({ min: sum(earmarked), max: sum(lines.map((line) => line.total)) }),
        ),
      );
    fc.assert(
      fc.property(case_, ([lines, earmarked, allocated]) => {
        const earmarks = new Map(lines.map((line, index) => [line.fee_line_id, earmarked[index] ?? 0]));
        const spread = spreadOverInvoice(allocated, lines, earmarks);
        expect(sum(spread.map((share) => share.paid))).toBe(allocated);
        for (const [index, share] of spread.entries()) {
          expect(share.paid).toBeLessThanOrEqual(lines[index]?.total ?? 0);
          expect(share.paid).toBeGreaterThanOrEqual(earmarked[index] ?? 0);
        }
      }),
    );
    // ¥1,000 paid for line 1 before the invoice stays line 1's; ¥500 more is spread over what is left.
    const lines = [
      { fee_line_id: 1, total: 100_000 },
      { fee_line_id: 2, total: 100_000 },
    ];
    expect(spreadOverInvoice(100_000, lines, new Map([[1, 100_000]]))).toEqual([
      { fee_line_id: 1, paid: 100_000 },
      { fee_line_id: 2, paid: 0 },
    ]);
    expect(spreadOverInvoice(150_000, lines, new Map([[1, 100_000]]))).toEqual([
      { fee_line_id: 1, paid: 100_000 },
      { fee_line_id: 2, paid: 50_000 },
    ]);
    // An earmark above what a line still holds (after a correction) gives the line its whole part only.
    expect(
      spreadOverInvoice(
        100_000,
        [
          { fee_line_id: 1, total: 60_000 },
          { fee_line_id: 2, total: 100_000 },
        ],
        new Map([[1, 100_000]]),
      ),
    ).toEqual([
      { fee_line_id: 1, paid: 60_000 },
      { fee_line_id: 2, paid: 40_000 },
    ]);
  });

  it('let a line be paid directly only for what no issued invoice holds of it', () => {
    expect(directOpen({ total: 106_000, invoiced: 0, direct: 0 })).toBe(106_000);
    expect(directOpen({ total: 106_000, invoiced: 106_000, direct: 0 })).toBe(0);
    expect(directOpen({ total: 106_000, invoiced: 46_000, direct: 20_000 })).toBe(40_000);
  });

  it('move direct payments onto an invoice when it is issued, oldest first, only what it covers', () => {
    const direct = [
      { id: 1, amount: 30_000 },
      { id: 2, amount: 50_000 },
    ];
    // Wholly invoiced: everything moves.
    expect(moveOnIssue({ total: 106_000, invoiced: 106_000, direct })).toEqual([
      { id: 1, moved: 30_000, kept: 0 },
      { id: 2, moved: 50_000, kept: 0 },
    ]);
    // ¥400 of the line stays uninvoiced: ¥400 of the payments stay direct, the newest.
    expect(moveOnIssue({ total: 106_000, invoiced: 66_000, direct })).toEqual([
      { id: 1, moved: 30_000, kept: 0 },
      { id: 2, moved: 10_000, kept: 40_000 },
    ]);
    expect(moveOnIssue({ total: 106_000, invoiced: 26_000, direct })).toEqual([]);
  });

  it('never pay a line past its total, whatever the steps (invoices issued, paid, paid directly)', () => {
    // A pure model of the rule: lines; invoices each holding a part of some lines; allocations to
    // invoices (within invoiceOpen) and to lines (within directOpen); issuing moves direct payments.
    type Step =
      | { kind: 'direct'; line: number; amount: number }
      | { kind: 'invoice'; invoice: number; amount: number }
      | { kind: 'issue'; lines: number[]; share: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('direct' as const),
        line: fc.nat(3),
        amount: fc.integer({ min: 1, max: 150_000 }),
      }),
      fc.record({
        kind: fc.constant('invoice' as const),
        invoice: fc.nat(3),
        amount: fc.integer({ min: 1, max: 150_000 }),
      }),
      fc.record({
        kind: fc.constant('issue' as const),
        lines: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
        share: fc.integer({ min: 1, max: 100 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 120_000 }), { minLength: 4, maxLength: 4 }),
        fc.array(step, { maxLength: 30 }),
        (totals, steps) => {
          const direct = totals.map(() => [] as { id: number; amount: number }[]);
          const invoices: {
            lines: { fee_line_id: number; total: number }[];
            allocated: number;
            earmarks: Map<number, number>;
          }[] = [];
          let nextId = 1;
          const invoicedOf = (line: number) =>
            sum(
              invoices.flatMap((invoice) =>
                invoice.lines.filter((l) => l.fee_line_id === line).map((l) => l.total),
              ),
            );
          for (const s of steps) {
            if (s.kind === 'direct') {
              const open = directOpen({
                total: totals[s.line] ?? 0,
                invoiced: invoicedOf(s.line),
                direct: sum((direct[s.line] ?? []).map((a) => a.amount)),
              });
              if (s.amount <= open) direct[s.line]?.push({ id: nextId++, amount: s.amount });
            } else if (s.kind === 'invoice') {
              const invoice = invoices[s.invoice];
              if (!invoice) continue;
              const total = sum(invoice.lines.map((l) => l.total));
              if (s.amount <= invoiceOpen({ total, reversed: 0, allocated: invoice.allocated }))
                invoice.allocated += s.amount;
            } else {
              const lines = s.lines
                .map((line) => ({
                  fee_line_id: line,
                  total: Math.floor((((totals[line] ?? 0) - invoicedOf(line)) * s.share) / 100),
                }))
                .filter((l) => l.total > 0);
              if (lines.length === 0) continue;
              const invoice = { lines, allocated: 0, earmarks: new Map<number, number>() };
              invoices.push(invoice);
              for (const l of lines) {
                const moves = moveOnIssue({
                  total: totals[l.fee_line_id] ?? 0,
                  invoiced: invoicedOf(l.fee_line_id),
                  direct: direct[l.fee_line_id] ?? [],
                });
                for (const move of moves) {
                  expect(move.moved).toBeGreaterThan(0);
                  invoice.allocated += move.moved;
                  invoice.earmarks.set(
                    l.fee_line_id,
                    (invoice.earmarks.get(l.fee_line_id) ?? 0) + move.moved,
                  );
                }
                direct[l.fee_line_id] = (direct[l.fee_line_id] ?? [])
                  .map((a) => ({ ...a, amount: moves.find((m) => m.id === a.id)?.kept ?? a.amount }))
                  .filter((a) => a.amount > 0);
              }
              expect(invoice.allocated).toBeLessThanOrEqual(sum(lines.map((l) => l.total)));
            }
            const paid = paidByFeeLine(
              invoices,
              direct.flatMap((list, line) => list.map((a) => ({ fee_line_id: line, amount: a.amount }))),
            );
            for (const [line, total] of totals.entries())
              expect(paid.get(line) ?? 0).toBeLessThanOrEqual(total);
          }
        },
      ),
    );
  });
});
