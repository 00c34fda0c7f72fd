import type { ReadyLine } from '@trackit/contract/invoice.schema';
import { describe, expect, it } from 'vitest';
import { previewInvoice } from './invoice-preview';

const line = (
  id: number,
  kind: ReadyLine['kind'],
  taxRate: ReadyLine['tax_rate'],
  total: number,
  remaining = total,
) =>
  ({
    fee_line_id: id,
    order_id: 1,
    order_number: 'XC2026112600001',
    order_title: '拍摄',
    model_id: 1,
    model_name: '林夏',
    kind,
    item: kind === 'ModelFee' ? 'service_fee' : 'portrait_fee',
    tax_rate: taxRate,
    total,
    invoiced: total - remaining,
    given_back: 0,
    remaining,
  }) satisfies ReadyLine;

describe('previewInvoice', () => {
  it('groups the lines by service item and rate and adds up to the fen with what remains of them', () => {
    // ¥10,000 + 6 % = ¥10,600.00; ¥5,000 + 6 % = ¥5,300.00; a usage fee of ¥2,060.00 at 3 %, half left.
    const figures = previewInvoice([
      line(1, 'ModelFee', 6, 1_060_000),
      line(2, 'ModelFee', 6, 530_000),
      line(3, 'UsageFee', 3, 206_000, 103_000),
    ]);
    expect(
      figures.groups.map((group) => [group.item, group.tax_rate, group.amount, group.tax, group.total]),
    ).toEqual([
      ['service_fee', 6, 1_500_000, 90_000, 1_590_000],
      ['portrait_fee', 3, 100_000, 3_000, 103_000],
    ]);
    expect([figures.amount, figures.tax, figures.total]).toEqual([1_600_000, 93_000, 1_693_000]);
    expect(figures.amount + figures.tax).toBe(figures.total);
  });
});
