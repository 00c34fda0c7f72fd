import { FINANCE_REFUSAL_MESSAGES } from '@trackit/contract/finance-enums';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import { RECEIPT_MESSAGES, type ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee } from '../../test/factories';
import {
  createFinanceTeam,
  type FeeLineRow,
  type FinanceTeam,
  reversalLines,
} from '../../test/finance-factory';
import { invoices } from '../invoice/invoice.tables';
import { feeLines } from '../order/order.tables';
import { receipts } from '../receipt/receipt.tables';
import { allocations } from './payment.tables';

/**
 * The payment rule (docs/product.md "Payments received", docs/decisions.md "One rule for what is paid"), end
 * to end over HTTP: a line's part on an issued invoice is paid through the invoice; direct payments move onto
 * the invoice when it is issued, earmarked for their line; an invoice pays only once issued; and the
 * database itself refuses a line paid past its total.
 */
describe('one rule for what is paid', () => {
  let t: TestApp;
  let finance: FinanceTeam;

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
  });
  afterAll(() => t.close());

  const allocate = (receiptId: number, items: unknown[]) =>
    finance.api<ReceiptDetail>('POST', `/receipts/${receiptId}/allocations`, items, finance.editor.headers);
  const financeOrder = (id: number) => ok(finance.api<FinanceOrder>('GET', `/finance/orders/${id}`));
  const receiptOf = (id: number) => ok(finance.api<ReceiptDetail>('GET', `/receipts/${id}`));
  /** A billed order of ¥1,060 (¥1,000 and 6 % VAT) per line. */
  const order = async (count = 1) => {
    const billed = await finance.billedOrder(Array.from({ length: count }, () => modelFee(100_000)));
    return { id: billed.id, lines: billed.lines as [FeeLineRow, ...FeeLineRow[]] };
  };
  const paidOf = async (ids: number[]) =>
    (await t.database.db.select().from(feeLines).where(eq(feeLines.teamId, finance.teamId)))
      .filter((line) => ids.includes(line.id))
      .sort((a, b) => a.id - b.id)
      .map((line) => line.paid);

  it('refuses ¥600 to the invoice and ¥600 to its ¥1,060 line, in one request or in two', async () => {
    const { id, lines } = await order();
    const [line] = lines;
    expect(line.total).toBe(106_000);
    const invoice = await finance.issuedInvoice([line.id]);
    const receipt = await finance.receipt({ amount: 200_000 });
    await refused(
      allocate(receipt.id, [
        { invoice_id: invoice.id, amount: 60_000 },
        { fee_line_id: line.id, amount: 60_000 },
      ]),
      409,
      FINANCE_REFUSAL_MESSAGES.line_invoiced,
    );
    expect((await receiptOf(receipt.id)).allocated).toBe(0);
    // Line first, then the invoice: the line takes nothing directly once invoiced.
    await refused(
      allocate(receipt.id, [{ fee_line_id: line.id, amount: 60_000 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.line_invoiced,
    );
    await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: 60_000 }]));
    await refused(
      allocate(receipt.id, [{ invoice_id: invoice.id, amount: 46_001 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: 46_000 }]));
    const money = await financeOrder(id);
    expect(money.lines[0]).toMatchObject({ total: 106_000, paid: 106_000, direct_open: 0 });
    expect(money).toMatchObject({ received: 106_000, outstanding: 0, payment_state: 'paid' });
    expect((await receiptOf(receipt.id)).unallocated).toBe(200_000 - 106_000);
  });

  it('refuses an allocation to a requested invoice (not yet issued), and to a fully reversed one', async () => {
    const { lines } = await order();
    const requested = await finance.requestedInvoice([lines[0].id]);
    const receipt = await finance.receipt({ amount: 10_000 });
    await refused(
      allocate(receipt.id, [{ invoice_id: requested.id, amount: 1_000 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.invoice_not_issued,
    );
    const issued = await finance.issue(requested.id);
    const reversal = await ok(
      finance.api<InvoiceDetail>(
        'POST',
        `/invoices/${issued.id}/reverse`,
        {
          lines: reversalLines(
            await ok(finance.api<InvoiceDetail>('GET', `/invoices/${issued.id}`)),
            issued.total,
          ),
          reason: '开票信息有误',
        },
        finance.editor.headers,
      ),
    );
    const correctionId = reversal.corrections[0]?.id;
    await ok(
      finance.api(
        'POST',
        `/invoice_corrections/${correctionId}/approval`,
        { result: 'passed' },
        finance.manager.headers,
      ),
    );
    await refused(
      allocate(receipt.id, [{ invoice_id: issued.id, amount: 1_000 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.invoice_reversed,
    );
    // The line is back to 待开票: it may be paid directly again.
    await ok(allocate(receipt.id, [{ fee_line_id: lines[0].id, amount: 1_000 }]));
  });

  it('moves a line’s direct payments onto its invoice when issued, earmarked: the line keeps them', async () => {
    const { id, lines } = await order(2);
    const [paidFirst, unpaid] = lines as [FeeLineRow, FeeLineRow];
    const receipt = await finance.receipt({ amount: 300_000 });
    // Paid before the invoice: ¥600 then the rest of the first line, in two allocations.
    await ok(allocate(receipt.id, [{ fee_line_id: paidFirst.id, amount: 60_000 }]));
    const requested = await finance.requestedInvoice([paidFirst.id, unpaid.id]);
    await ok(allocate(receipt.id, [{ fee_line_id: paidFirst.id, amount: 46_000 }]));
    await refused(
      allocate(receipt.id, [{ fee_line_id: paidFirst.id, amount: 1 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    const issued = await finance.issue(requested.id);
    expect(await paidOf([paidFirst.id, unpaid.id])).toEqual([106_000, 0]);
    const moved = await receiptOf(receipt.id);
    expect(moved.allocated).toBe(106_000);
    const ended = moved.allocations.filter((allocation) => allocation.moved_to_invoice !== null);
    expect(ended.map((allocation) => allocation.moved_to_invoice?.id)).toEqual([issued.id, issued.id]);
    const onInvoice = moved.allocations.filter(
      (allocation) => allocation.undone_at === null && allocation.invoice?.id === issued.id,
    );
    expect(onInvoice.map((allocation) => [allocation.amount, allocation.fee_line?.id])).toEqual([
      [60_000, paidFirst.id],
      [46_000, paidFirst.id],
    ]);
    // A moved allocation is undone on the invoice, never twice.
    await refused(
      finance.api('DELETE', `/allocations/${ended[0]?.id}`, undefined, finance.editor.headers),
      409,
      RECEIPT_MESSAGES.alreadyMoved,
    );
    // The invoice can receive what its other line still owes, and no more.
    await refused(
      allocate(receipt.id, [{ invoice_id: issued.id, amount: 106_001 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    await ok(allocate(receipt.id, [{ invoice_id: issued.id, amount: 50_000 }]));
    expect(await paidOf([paidFirst.id, unpaid.id])).toEqual([106_000, 50_000]);
    // A red-letter correction takes back what is unpaid, of the unpaid line only.
    const reversal = await ok(
      finance.api<InvoiceDetail>(
        'POST',
        `/invoices/${issued.id}/reverse`,
        {
          lines: reversalLines(await ok(finance.api<InvoiceDetail>('GET', `/invoices/${issued.id}`)), 56_000),
          reason: '部分退款',
        },
        finance.editor.headers,
      ),
    );
    const parts = reversal.corrections[0]?.lines ?? [];
    expect(parts.map((part) => part.total)).toEqual([56_000]);
    await ok(
      finance.api(
        'POST',
        `/invoice_corrections/${reversal.corrections[0]?.id}/approval`,
        { result: 'passed' },
        finance.manager.headers,
      ),
    );
    expect(await paidOf([paidFirst.id, unpaid.id])).toEqual([106_000, 50_000]);
    const money = await financeOrder(id);
    expect(money.lines.map((line) => [line.paid, line.invoiced, line.direct_open])).toEqual([
      [106_000, 106_000, 0],
      [50_000, 50_000, 56_000],
    ]);
    // Undoing an earmarked payment: its line keeps its other earmark, and the invoice's payment that named
    // no line spreads over what both lines now hold (¥460 and ¥500 open: ¥239.58 and ¥260.42).
    const earmarked = onInvoice[1];
    await ok(finance.api('DELETE', `/allocations/${earmarked?.id}`, undefined, finance.editor.headers));
    expect(await paidOf([paidFirst.id, unpaid.id])).toEqual([60_000 + 23_958, 26_042]);
  });

  it('keeps a direct payment of a line only partly invoiced on its uninvoiced part', async () => {
    const { lines } = await order();
    const [line] = lines;
    const receipt = await finance.receipt({ amount: 200_000 });
    await ok(allocate(receipt.id, [{ fee_line_id: line.id, amount: 80_000 }]));
    // The whole line invoiced, then ¥400 of it given back by a correction of the unpaid part.
    const invoice = await finance.issuedInvoice([line.id]);
    expect((await receiptOf(receipt.id)).allocations.filter((a) => a.undone_at === null)).toMatchObject([
      { amount: 80_000, invoice: { id: invoice.id }, fee_line: { id: line.id } },
    ]);
    const reversal = await ok(
      finance.api<InvoiceDetail>(
        'POST',
        `/invoices/${invoice.id}/reverse`,
        {
          lines: reversalLines(
            await ok(finance.api<InvoiceDetail>('GET', `/invoices/${invoice.id}`)),
            26_000,
          ),
          reason: '折让',
        },
        finance.editor.headers,
      ),
    );
    await ok(
      finance.api(
        'POST',
        `/invoice_corrections/${reversal.corrections[0]?.id}/approval`,
        { result: 'passed' },
        finance.manager.headers,
      ),
    );
    // ¥260 is uninvoiced again: it may be paid directly, no more.
    await refused(
      allocate(receipt.id, [{ fee_line_id: line.id, amount: 26_001 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.line_invoiced,
    );
    await ok(allocate(receipt.id, [{ fee_line_id: line.id, amount: 26_000 }]));
    expect(await paidOf([line.id])).toEqual([106_000]);
    // Invoiced again for the ¥260: the direct ¥260 moves onto the new invoice.
    const again = await finance.issuedInvoice([line.id]);
    const live = (await receiptOf(receipt.id)).allocations.filter((a) => a.undone_at === null);
    expect(live.map((a) => [a.invoice?.id ?? null, a.amount])).toEqual([
      [invoice.id, 80_000],
      [again.id, 26_000],
    ]);
    expect(await paidOf([line.id])).toEqual([106_000]);
  });

  it('holds the invariants in the database, whatever the code does', async () => {
    const { lines } = await order();
    const [line] = lines;
    const db = t.database.db;
    const fails = (write: Promise<unknown>) =>
      write.then(
        () => {
          throw new Error('the database accepted a broken invariant');
        },
        (error: unknown) => expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/check/),
      );
    await fails(
      db
        .update(feeLines)
        .set({ paid: line.total + 1 })
        .where(eq(feeLines.id, line.id)),
    );
    await fails(db.update(feeLines).set({ paid: -1 }).where(eq(feeLines.id, line.id)));
    const receipt = await finance.receipt({ amount: 1_000 });
    await fails(db.update(receipts).set({ allocated: 1_001 }).where(eq(receipts.id, receipt.id)));
    const invoice = await finance.issuedInvoice([line.id]);
    await fails(
      db
        .update(invoices)
        .set({ allocated: sql`${invoices.total} + 1` })
        .where(and(eq(invoices.teamId, finance.teamId), eq(invoices.id, invoice.id))),
    );
    await fails(
      db.insert(allocations).values({
        teamId: finance.teamId,
        receiptId: receipt.id,
        feeLineId: line.id,
        earmarkFeeLineId: line.id,
        amount: 1,
        allocatedOn: finance.today,
      }),
    );
  });
});
