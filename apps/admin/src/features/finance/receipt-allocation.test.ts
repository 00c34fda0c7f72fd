import { FINANCE_REFUSAL_MESSAGES } from '@trackit/contract/finance-enums';
import { describe, expect, it } from 'vitest';
import { financeOrderFixture, invoiceDetailFixture } from './finance.fixtures';
import {
  allocationBody,
  allocationRefusal,
  allocationTargets,
  amountProblem,
  invoiceTarget,
  spreadAmount,
} from './receipt-allocation';

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
          allocated: 0,
        },
      ],
      lines: order.lines.map((line) => ({ ...line, paid: line.total, direct_open: 0 })),
    });
    expect(targets).toEqual([]);
  });

  it('offers a line partly invoiced for its uninvoiced part only, as the server says', () => {
    const order = financeOrderFixture();
    const [first, second] = order.lines;
    if (!first || !second) throw new Error('two lines expected');
    const targets = allocationTargets({
      ...order,
      lines: [{ ...first, invoiced: 800_000, direct_open: 260_000 }, second],
    });
    expect(targets.map((target) => [target.label, target.outstanding])).toEqual([
      ['发票 26332000000012345678', 560_000],
      ['林夏 · 服务费 6%（未开票部分）', 260_000],
      ['周蔓 · 肖像使用费 6%', 530_000],
    ]);
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

describe('invoiceTarget and allocationRefusal', () => {
  const invoice = invoiceTarget(
    invoiceDetailFixture({ id: 32, status: 'issued', number: '2633', reversed: 90_000, allocated: 500_000 }),
  );
  const [, line] = allocationTargets(financeOrderFixture());
  if (!line) throw new Error('the order has a line no invoice covers');

  it('takes what an invoice can still receive: total − reversed − allocated', () => {
    expect(invoice).toMatchObject({ key: 'invoice-32', target: { invoice_id: 32 }, outstanding: 1_000_000 });
  });

  it('refuses as the server would: nothing, over a target, over the receipt, one target twice over', () => {
    const targets = [invoice, line];
    expect(allocationRefusal([], 2_000_000, targets)).toBe(FINANCE_REFUSAL_MESSAGES.no_allocations);
    expect(allocationRefusal([{ fee_line_id: 2, amount: 530_001 }], 2_000_000, targets)).toMatch(
      new RegExp(`^${FINANCE_REFUSAL_MESSAGES.target_over_allocated}，.*最多可核销 ¥5,300\\.00$`),
    );
    const twice = [
      { invoice_id: 32, amount: 600_000 },
      { invoice_id: 32, amount: 400_001 },
    ];
    // Said with what the invoice can take beside the first amount to it.
    expect(allocationRefusal(twice, 2_000_000, targets)).toContain(
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    expect(allocationRefusal(twice, 2_000_000, targets)).toContain('发票 2633最多可核销');
    const both = [
      { invoice_id: 32, amount: 1_000_000 },
      { fee_line_id: 2, amount: 530_000 },
    ];
    expect(allocationRefusal(both, 1_529_999, targets)).toBe(
      `${FINANCE_REFUSAL_MESSAGES.receipt_over_allocated}，最多可核销 ¥15,299.99`,
    );
    expect(allocationRefusal(both, 1_530_000, targets)).toBeNull();
  });

  it('says under an amount how much can be allocated to its target', () => {
    expect(amountProblem(null, 1_000, 5_000)).toBeNull();
    expect(amountProblem(1_000, 1_000, 5_000)).toBeNull();
    expect(amountProblem(1_001, 1_000, 5_000)).toBe('超过未收金额，最多可核销 ¥10.00');
    expect(amountProblem(900, 1_000, 500)).toBe('超过收款可核销的余额，最多可核销 ¥5.00');
  });
});
