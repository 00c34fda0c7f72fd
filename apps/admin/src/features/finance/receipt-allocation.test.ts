import { describe, expect, it } from 'vitest';
import { financeOrderFixture } from './finance.fixtures';
import { allocationBody, allocationTargets, spreadAmount } from './receipt-allocation';

describe('allocationTargets', () => {
  it('takes the issued invoices first, less their live allocations, then the lines no invoice covers', () => {
    const targets = allocationTargets(financeOrderFixture());
    expect(targets.map((target) => [target.target, target.outstanding])).toEqual([
      [{ invoice_id: 31 }, 560_000],
      [{ fee_line_id: 2 }, 530_000],
    ]);
    expect(targets[1]?.label).toBe('周蔓 · 肖像使用费 6%');
  });

  it('leaves out requested invoices, reversed amounts and what is fully received', () => {
    const order = financeOrderFixture();
    const targets = allocationTargets({
      ...order,
      invoices: [
        { ...(order.invoices[0] as (typeof order.invoices)[number]), reversed: 560_000 },
        {
          id: 32,
          number: null,
          status: 'requested',
          buyer_name: 'x',
          issued_on: null,
          total: 9,
          reversed: 0,
        },
      ],
      lines: order.lines.map((line) => ({ ...line, paid: line.total })),
    });
    expect(targets).toEqual([]);
  });
});

describe('spreadAmount', () => {
  it('fills each target in turn and never spreads more than the receipt', () => {
    const targets = allocationTargets(financeOrderFixture());
    expect(spreadAmount(600_000, targets)).toEqual([560_000, 40_000]);
    expect(spreadAmount(5_000_000, targets)).toEqual([560_000, 530_000]);
    expect(spreadAmount(0, targets)).toEqual([0, 0]);
    expect(allocationBody(targets, [560_000, 0])).toEqual([{ invoice_id: 31, amount: 560_000 }]);
  });
});
