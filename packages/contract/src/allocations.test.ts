import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocationTargetKey,
  checkAllocations,
  feeLinePaymentStatus,
  invoiceOpen,
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
    expect(feeLinePaymentStatus({ total: 1_000, paid: 999 })).toBe('unpaid');
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
});
