import { readFile } from 'node:fs/promises';
import { orderMoney } from '@trackit/contract/allocations';
import { addDays } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import { FINANCE_REFUSAL_MESSAGES } from '@trackit/contract/finance-enums';
import { refusalMessage } from '@trackit/contract/finance-rules';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import {
  RECEIPT_MESSAGES,
  RECEIPT_WARNINGS,
  type Receipt,
  type ReceiptCreateInput,
  type ReceiptDetail,
} from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember } from '../../test/factories';
import {
  createFinanceTeam,
  type FeeLineRow,
  type FinanceTeam,
  reversalLines,
  STUDIO_ENTITY,
} from '../../test/finance-factory';
import { invoices } from '../invoice/invoice.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { feeLines, orders } from '../order/order.tables';
import { paidFromAllocations } from '../payment/payment.service';
import { allocations, feeLinePayments } from '../payment/payment.tables';
import { receipts } from './receipt.tables';

/** Payments received end to end over HTTP (docs/product.md "Payments received"), against the contract. */
describe('receipts (收款) and allocations (核销)', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let teamId: number;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let client: Company;
  let general: TeamRecipient;
  let studio: TeamRecipient;
  let model: Model;

  /** A billed order of the client and entity with the fees; its fee lines in order. */
  const billedOrder = async (recipientId: number, fees: unknown[], companyId = client.id, day = today) => {
    const { id, lines } = await finance.billedOrder(fees, {
      companyId,
      teamRecipientId: recipientId,
      title: '收款测试',
      days: [orderDay(day)],
    });
    return { orderId: id, lines };
  };
  /** An issued invoice of the lines (buyer 上海某某服饰有限公司). */
  const issuedInvoice = (lines: FeeLineRow[], recipientId = general.id, companyId = client.id) =>
    finance.issuedInvoice(
      lines.map((line) => line.id),
      { teamRecipientId: recipientId, companyId },
    );
  const record = (body: Partial<ReceiptCreateInput> = {}, headers = editor.headers) =>
    api<ReceiptDetail>(
      'POST',
      '/receipts',
      {
        received_on: today,
        amount: 100_000,
        payer_name: '上海某某服饰有限公司',
        reference: 'CMB2026112700001',
        team_recipient_id: general.id,
        ...body,
      },
      headers,
    );
  const allocate = (receiptId: number, items: unknown[], headers = editor.headers) =>
    api<ReceiptDetail>('POST', `/receipts/${receiptId}/allocations`, items, headers);
  const orderOf = (orderId: number) => ok(api<Order>('GET', `/orders/${orderId}`));
  const statusesOf = async (orderId: number) =>
    (await orderOf(orderId)).models.flatMap((m) => m.fees.map((fee) => fee.payment_status));

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
    ({ api, teamId, reader, editor, manager, stranger, today, client, general, model } = finance);
    studio = await finance.entity(STUDIO_ENTITY);
  });
  afterAll(() => t.close());

  it('records a receipt at edit, lists and opens it at read, refuses below and outside the team', async () => {
    await refused(record({}, reader.headers), 403);
    await refused(record({ received_on: addDays(today, 1) }), 400, RECEIPT_MESSAGES.receivedInFuture);
    await refused(record({ amount: 0 }), 400);
    await refused(record({ team_recipient_id: 987_654_321 }), 404, RECEIPT_MESSAGES.recipientNotFound);
    const receipt = await ok(record({ amount: 88_800, payer_name: '杭州青禾', reference: 'ICBC-778899' }));
    expect(receipt).toMatchObject({
      amount: 88_800,
      allocated: 0,
      unallocated: 88_800,
      received_on: today,
      team_recipient: { id: general.id, short_name: '星辰经纪' },
      created_by: { id: editor.membershipId, nickname: 'edit' },
      voided_at: null,
      allocations: [],
      warnings: [],
      can: { allocate: true, void: false },
    });
    const seen = await ok(api<ReceiptDetail>('GET', `/receipts/${receipt.id}`, undefined, reader.headers));
    expect(seen).toMatchObject({ id: receipt.id, can: { allocate: false, void: false } });
    const asManager = await ok(
      api<ReceiptDetail>('GET', `/receipts/${receipt.id}`, undefined, manager.headers),
    );
    expect(asManager.can).toEqual({ allocate: true, void: true });
    await refused(api('GET', `/receipts/${receipt.id}`, undefined, stranger.headers), 404);

    const list = (query: string) =>
      api<Receipt[]>('GET', `/receipts${query}`, undefined, reader.headers).then((res) => {
        expect(res.body.code, res.body.message).toBe(0);
        return { ids: res.body.data.map((item) => item.id), total: res.headers.get('x-total') };
      });
    expect((await list('?keyword=778899')).ids).toEqual([receipt.id]);
    expect((await list('?keyword=青禾')).ids).toEqual([receipt.id]);
    expect((await list(`?team_recipient_id=${studio.id}`)).ids).toEqual([]);
    expect((await list(`?received_from=${addDays(today, 1)}`)).ids).toEqual([]);
    expect((await list(`?received_to=${today}&keyword=青禾`)).ids).toEqual([receipt.id]);
    expect((await list('?unallocated=true&keyword=青禾')).ids).toEqual([receipt.id]);
    expect((await list('?unallocated=false&keyword=青禾')).ids).toEqual([]);
    const all = await list('');
    expect(String(all.total)).toBe(String(all.ids.length));
    expect((await ok(api<Receipt[]>('GET', '/receipts', undefined, stranger.headers))).length).toBe(0);

    const [entry] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'receipt_create'), eq(operationLogs.targetId, String(receipt.id))));
    expect(entry?.detail).toEqual({ name: '杭州青禾', amount: 88_800, received_on: today });
  });

  it('pays an invoice in part then in full: lines flip to paid and the order to 已收款; undo flips back', async () => {
    const { orderId, lines } = await billedOrder(general.id, [modelFee(100_000), modelFee(33_333, 1, 13)]);
    const invoice = await issuedInvoice(lines);
    expect((await orderOf(orderId)).payment_state).toBe('unpaid');
    const receipt = await ok(record({ amount: invoice.total + 5_000 }));
    const part = 50_001;
    const afterPart = await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: part }]));
    expect(afterPart).toMatchObject({ allocated: part, unallocated: invoice.total + 5_000 - part });
    expect(afterPart.allocations).toMatchObject([
      { amount: part, invoice: { id: invoice.id, number: invoice.number }, fee_line: null, undone_at: null },
    ]);
    expect(afterPart.warnings).toEqual([]);
    // The invoice's allocated sum spreads over both lines (spreadOverInvoice): both partly paid (部分付款).
    expect(await statusesOf(orderId)).toEqual(['partial', 'partial']);
    expect((await orderOf(orderId)).payment_state).toBe('partial');

    // More than the invoice has open: 409, nothing written.
    await refused(
      allocate(receipt.id, [{ invoice_id: invoice.id, amount: invoice.total - part + 1 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    const full = await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: invoice.total - part }]));
    expect(full).toMatchObject({ allocated: invoice.total, unallocated: 5_000 });
    expect(await statusesOf(orderId)).toEqual(['paid', 'paid']);
    expect((await orderOf(orderId)).payment_state).toBe('paid');

    // Undo the second: kept as undone, the lines and the order go back.
    const second = full.allocations[1];
    if (!second) throw new Error('no second allocation');
    await refused(api('DELETE', `/allocations/${second.id}`, undefined, reader.headers), 403);
    await refused(api('DELETE', `/allocations/${second.id}`, undefined, stranger.headers), 404);
    const undone = await ok(
      api<ReceiptDetail>('DELETE', `/allocations/${second.id}`, undefined, editor.headers),
    );
    expect(undone).toMatchObject({ allocated: part, unallocated: invoice.total + 5_000 - part });
    expect(undone.allocations[1]).toMatchObject({
      id: second.id,
      undone_by: { id: editor.membershipId },
      can_undo: false,
    });
    expect(undone.allocations[1]?.undone_at).not.toBeNull();
    expect(await statusesOf(orderId)).toEqual(['partial', 'partial']);
    expect((await orderOf(orderId)).payment_state).toBe('partial');
    await refused(
      api('DELETE', `/allocations/${second.id}`, undefined, editor.headers),
      409,
      RECEIPT_MESSAGES.alreadyUndone,
    );
    const [row] = await t.database.db.select().from(allocations).where(eq(allocations.id, second.id));
    expect(row).toMatchObject({ undoneOn: today, allocatedOn: today, amount: invoice.total - part });
    const actions = await t.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, teamId), eq(operationLogs.targetId, String(receipt.id))));
    const ofReceipts = actions
      .map((entry) => entry.action)
      .filter((action) => /^(receipt|allocation)_/.test(action));
    expect(ofReceipts.sort()).toEqual([
      'allocation_undo',
      'receipt_allocate',
      'receipt_allocate',
      'receipt_create',
    ]);
  });

  it('pays fee lines directly only for what no issued invoice holds, and refuses over-allocation', async () => {
    const { orderId, lines } = await billedOrder(general.id, [modelFee(20_000), modelFee(10_000)]);
    const [first, second] = lines as [FeeLineRow, FeeLineRow];
    const receipt = await ok(record({ amount: 100_000 }));
    // Over the line's total, over the receipt, both targets at once, an unknown line.
    await refused(
      allocate(receipt.id, [{ fee_line_id: first.id, amount: first.total + 1 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.target_over_allocated,
    );
    await refused(allocate(receipt.id, [{ fee_line_id: first.id, invoice_id: 1, amount: 1 }]), 400);
    await refused(allocate(receipt.id, []), 400);
    await refused(
      allocate(receipt.id, [{ fee_line_id: 987_654_321, amount: 1 }]),
      404,
      FINANCE_REFUSAL_MESSAGES.unknown_target,
    );
    await refused(allocate(receipt.id, [{ invoice_id: 987_654_321, amount: 1 }]), 404);
    const small = await ok(record({ amount: 100 }));
    await refused(
      allocate(small.id, [{ fee_line_id: first.id, amount: 101 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.receipt_over_allocated,
    );
    await ok(allocate(receipt.id, [{ fee_line_id: first.id, amount: first.total }]));
    expect(await statusesOf(orderId)).toEqual(['paid', 'unpaid']);
    expect((await orderOf(orderId)).payment_state).toBe('partial');
    // The second line invoiced and the invoice paid in part: the line is paid through its invoice only.
    const invoice = await issuedInvoice([second]);
    await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: 4_000 }]));
    await refused(
      allocate(receipt.id, [{ fee_line_id: second.id, amount: 1 }]),
      409,
      FINANCE_REFUSAL_MESSAGES.line_invoiced,
    );
    await ok(allocate(receipt.id, [{ invoice_id: invoice.id, amount: second.total - 4_000 }]));
    expect(await statusesOf(orderId)).toEqual(['paid', 'paid']);
    expect((await orderOf(orderId)).payment_state).toBe('paid');
    // A draft order's line is not payable.
    const draft = await ok(
      api<OrderCreated>('POST', '/orders', {
        company_id: client.id,
        title: '草稿',
        days: [orderDay(today)],
        models: [{ model_id: model.id, fees: [modelFee(1_000)] }],
      }),
    );
    const [draftLine] = await t.database.db.select().from(feeLines).where(eq(feeLines.orderId, draft.id));
    await refused(
      allocate(receipt.id, [{ fee_line_id: draftLine?.id, amount: 1 }]),
      409,
      RECEIPT_MESSAGES.lineNotPayable,
    );
  });

  it('warns, never refuses, when the payer or the receiving entity differ (three flows)', async () => {
    const { lines } = await billedOrder(general.id, [modelFee(10_000), modelFee(8_000)]);
    const invoice = await issuedInvoice(lines.slice(0, 1));
    const studioLines = (await billedOrder(studio.id, [modelFee(5_000)])).lines;
    const receipt = await ok(
      record({ amount: 50_000, payer_name: '某某投资集团', team_recipient_id: studio.id }),
    );
    const answer = await ok(
      allocate(receipt.id, [
        { invoice_id: invoice.id, amount: 1_000 },
        { fee_line_id: lines[1]?.id, amount: 1_000 },
        { fee_line_id: studioLines[0]?.id, amount: 1_000 },
      ]),
    );
    const [onInvoice, onLine] = answer.allocations;
    expect(answer.warnings).toEqual([
      {
        kind: 'payer_name',
        allocation_id: onInvoice?.id,
        message: RECEIPT_WARNINGS.payerName('某某投资集团', '上海某某服饰有限公司'),
      },
      {
        kind: 'team_recipient',
        allocation_id: onInvoice?.id,
        message: RECEIPT_WARNINGS.teamRecipient(`发票 ${invoice.number} `),
      },
      {
        kind: 'team_recipient',
        allocation_id: onLine?.id,
        message: RECEIPT_WARNINGS.teamRecipient(`订单 ${onLine?.fee_line?.order_number} `),
      },
    ]);
  });

  it('voids a receipt at manage only while nothing of it is allocated; a voided one takes no allocation', async () => {
    const { lines } = await billedOrder(general.id, [modelFee(10_000)]);
    const receipt = await ok(record({ amount: 3_000 }));
    const allocated = await ok(allocate(receipt.id, [{ fee_line_id: lines[0]?.id, amount: 1_000 }]));
    await refused(api('POST', `/receipts/${receipt.id}/void`, { reason: '重复' }, editor.headers), 403);
    await refused(
      api('POST', `/receipts/${receipt.id}/void`, { reason: '重复' }, manager.headers),
      409,
      RECEIPT_MESSAGES.notVoidable,
    );
    await ok(api('DELETE', `/allocations/${allocated.allocations[0]?.id}`, undefined, editor.headers));
    await refused(api('POST', `/receipts/${receipt.id}/void`, { reason: '' }, manager.headers), 400);
    const voided = await ok(
      api<ReceiptDetail>('POST', `/receipts/${receipt.id}/void`, { reason: '重复登记' }, manager.headers),
    );
    expect(voided).toMatchObject({
      void_reason: '重复登记',
      allocated: 0,
      can: { allocate: false, void: false },
    });
    expect(voided.voided_at).not.toBeNull();
    await refused(
      api('POST', `/receipts/${receipt.id}/void`, { reason: '再次' }, manager.headers),
      409,
      RECEIPT_MESSAGES.alreadyVoided,
    );
    await refused(
      allocate(receipt.id, [{ fee_line_id: lines[0]?.id, amount: 1 }]),
      409,
      RECEIPT_MESSAGES.voided,
    );
  });

  it('lets exactly the allowed total of 20 racing allocations win, and refuses the rest with 409', async () => {
    const { lines } = await billedOrder(general.id, [modelFee(100_000)]);
    const invoice = await issuedInvoice(lines);
    // One invoice, 20 receipts: the invoice's total allows 7 of 20 allocations of 1/7 (rounded up) each.
    const share = Math.ceil(invoice.total / 7);
    const receipts = await Promise.all(Array.from({ length: 20 }, () => ok(record({ amount: share }))));
    const raced = await Promise.all(
      receipts.map((receipt) => allocate(receipt.id, [{ invoice_id: invoice.id, amount: share }])),
    );
    const wins = Math.floor(invoice.total / share);
    expect(raced.filter((res) => res.status !== 200 && res.status !== 409).map((res) => res.body)).toEqual(
      [],
    );
    expect(raced.filter((res) => res.status === 200)).toHaveLength(wins);
    expect(raced.filter((res) => res.status === 409)).toHaveLength(20 - wins);
    const rows = await t.database.db.select().from(allocations).where(eq(allocations.invoiceId, invoice.id));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(wins * share);

    // One receipt, 20 requests to as many lines: the receipt allows 5.
    const many = await billedOrder(
      general.id,
      Array.from({ length: 20 }, () => modelFee(10_000)),
    );
    const receipt = await ok(record({ amount: 5 * 1_000 }));
    const onOne = await Promise.all(
      many.lines.map((line) => allocate(receipt.id, [{ fee_line_id: line.id, amount: 1_000 }])),
    );
    expect(onOne.map((res) => res.status).sort()).toEqual([
      ...Array.from({ length: 5 }, () => 200),
      ...Array.from({ length: 15 }, () => 409),
    ]);
    const seen = await ok(api<ReceiptDetail>('GET', `/receipts/${receipt.id}`));
    expect(seen).toMatchObject({ allocated: 5_000, unallocated: 0 });
  });

  it('shows 财务详情 of an order with the contract’s figures, due date and aging', async () => {
    const termsClient = await ok(
      api<Company>('POST', '/companies', { name: '月结客户', payment_terms_days: 30 }),
    );
    // Worked 45 days ago, 30 days' terms: due 15 days ago.
    const lastDay = addDays(today, -45);
    const { orderId, lines } = await billedOrder(
      general.id,
      [modelFee(10_000), modelFee(20_000)],
      termsClient.id,
      lastDay,
    );
    const [first, second] = lines as [FeeLineRow, FeeLineRow];
    const invoice = await issuedInvoice([first], general.id, termsClient.id);
    const receipt = await ok(record({ amount: 50_000 }));
    await ok(
      allocate(receipt.id, [
        { invoice_id: invoice.id, amount: 4_000 },
        { fee_line_id: second.id, amount: second.total },
      ]),
    );
    const path = `/finance/orders/${orderId}`;
    await refused(api('GET', path, undefined, stranger.headers), 404);
    const seen = await ok(api<FinanceOrder>('GET', path, undefined, reader.headers));
    const money = orderMoney([
      { total: first.total, invoiced: first.total, paid: 4_000 },
      { total: second.total, invoiced: 0, paid: second.total },
    ]);
    expect(seen).toMatchObject({
      id: orderId,
      company: { id: termsClient.id, name: '月结客户' },
      team_recipient: { id: general.id, short_name: '星辰经纪' },
      billed: money.billed,
      invoiced: money.invoiced,
      received: money.received,
      outstanding: money.outstanding,
      payment_state: 'partial',
      last_date: lastDay,
      due_on: addDays(lastDay, 30),
      days_overdue: 15,
      aging_bucket: 'd1_30',
      invoices: [
        {
          id: invoice.id,
          number: invoice.number,
          status: 'issued',
          total: invoice.total,
          buyer_name: invoice.buyer.name,
        },
      ],
    });
    expect(
      seen.lines.map((line) => [
        line.fee_line_id,
        line.tax_rate,
        line.invoiced,
        line.paid,
        line.payment_status,
      ]),
    ).toEqual([
      [first.id, first.taxRate, first.total, 4_000, 'partial'],
      [second.id, second.taxRate, 0, second.total, 'paid'],
    ]);
    expect(seen.allocations.map((allocation) => [allocation.invoice_id, allocation.fee_line_id])).toEqual([
      [invoice.id, null],
      [null, second.id],
    ]);
  });

  it('keeps the payments ledger equal to the allocations as of every date, refuses a red-letter correction into paid money, and the migration rebuilds the ledger', async () => {
    const db = t.database.db;
    const { orderId, lines } = await billedOrder(general.id, [
      modelFee(10_001),
      modelFee(20_003, 1, 13),
      modelFee(7_777, 1, 3),
    ]);
    const [first, second, third] = lines as [FeeLineRow, FeeLineRow, FeeLineRow];
    const invoice = await issuedInvoice([first, second]);
    const ids = lines.map((line) => line.id);
    const ledgerAsOf = async (asOf: string | null) => {
      const rows = await db
        .select()
        .from(feeLinePayments)
        .where(and(eq(feeLinePayments.teamId, teamId), eq(feeLinePayments.orderId, orderId)));
      const paid = new Map<number, number>();
      for (const row of rows)
        if (asOf === null || row.paidOn <= asOf)
          paid.set(row.feeLineId, (paid.get(row.feeLineId) ?? 0) + row.amount);
      return ids.map((id) => paid.get(id) ?? 0);
    };
    const truth = async () => {
      const paid = await paidFromAllocations(db, teamId, ids);
      return ids.map((id) => paid.get(id) ?? 0);
    };
    // Each step happens today; its ledger rows are then moved a day back (the clock cannot move a day:
    // the sessions would expire), so step i ends up dated `n - i` days ago.
    const figures: number[][] = [];
    const step = async (work: () => Promise<unknown>) => {
      await work();
      figures.push(await truth());
      expect(await ledgerAsOf(null)).toEqual(figures.at(-1));
      await db
        .update(feeLinePayments)
        .set({ paidOn: sql`${feeLinePayments.paidOn} - 1` })
        .where(eq(feeLinePayments.teamId, teamId));
    };
    const one = await ok(record({ amount: 9_999 }));
    const two = await ok(record({ amount: 50_000 }));
    await step(() => ok(allocate(one.id, [{ invoice_id: invoice.id, amount: 9_999 }])));
    await step(() =>
      ok(
        allocate(two.id, [
          { invoice_id: invoice.id, amount: 3_333 },
          { fee_line_id: third.id, amount: 1_000 },
        ]),
      ),
    );
    const undone = (await ok(api<ReceiptDetail>('GET', `/receipts/${two.id}`))).allocations.find(
      (allocation) => allocation.fee_line?.id === third.id,
    );
    await step(() => ok(api('DELETE', `/allocations/${undone?.id}`, undefined, editor.headers)));
    // 13,332 of the invoice's 34,158 is paid: 20,826 can be corrected, not a fen more.
    const reversible = invoice.total - 9_999 - 3_333;
    // Line by line: the last line asked a fen more than it holds unpaid says how much it can give.
    const current = await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`));
    const asked = reversalLines(current, reversible + 1);
    const last = current.lines.at(-1);
    await refused(
      api('POST', `/invoices/${invoice.id}/reverse`, { lines: asked, reason: '金额有误' }, editor.headers),
      409,
      refusalMessage({
        reason: 'reversal_exceeds_unpaid',
        max: (last?.total ?? 0) - (last?.given_back ?? 0) - (last?.paid ?? 0),
      }),
    );
    const correcting = await ok(
      api<InvoiceDetail>(
        'POST',
        `/invoices/${invoice.id}/reverse`,
        {
          lines: reversalLines(await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`)), 12_345),
          reason: '金额有误',
        },
        editor.headers,
      ),
    );
    const correctionId = correcting.corrections[0]?.id ?? 0;
    await step(() =>
      ok(api('POST', `/invoice_corrections/${correctionId}/approval`, { result: 'passed' }, manager.headers)),
    );
    // As of each step's day, the ledger gives what was paid then.
    for (const [index, paid] of figures.entries())
      expect(await ledgerAsOf(addDays(today, index - figures.length))).toEqual(paid);
    expect(await ledgerAsOf(addDays(today, -figures.length - 1))).toEqual([0, 0, 0]);
    expect(figures[0]?.reduce((sum, paid) => sum + paid, 0)).toBe(9_999);
    expect(figures[1]?.[2]).toBe(1_000);
    expect(figures[2]?.[2]).toBe(0);

    // The migration's backfill gives every line what it is paid now.
    const now = await truth();
    await db.delete(feeLinePayments).where(eq(feeLinePayments.teamId, teamId));
    const migration = await readFile(
      new URL('../../db/migrations/0030_fee_line_payments.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((part) => part.includes('INSERT INTO'));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await ledgerAsOf(null)).toEqual(now);

    // The order keeps what 财务详情 works out: each line's paid amount, the invoiced and received money.
    const kept = async () => {
      const [row] = await db
        .select({ invoiced: orders.invoiced, received: orders.received })
        .from(orders)
        .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
      const paid = await db
        .select({ paid: feeLines.paid })
        .from(feeLines)
        .where(eq(feeLines.orderId, orderId))
        .orderBy(asc(feeLines.position), asc(feeLines.id));
      return { ...row, paid: paid.map((line) => line.paid) };
    };
    const detail = await ok(api<FinanceOrder>('GET', `/finance/orders/${orderId}`));
    const before = await kept();
    expect(before).toEqual({ invoiced: detail.invoiced, received: detail.received, paid: now });
    // Migration 0031 works the same figures out from the ledger and the invoices.
    await db.update(orders).set({ invoiced: 0, received: 0 }).where(eq(orders.id, orderId));
    await db.update(feeLines).set({ paid: 0 }).where(eq(feeLines.orderId, orderId));
    const money = await readFile(
      new URL('../../db/migrations/0031_order_money.sql', import.meta.url),
      'utf8',
    );
    const updates = money.split('--> statement-breakpoint').filter((part) => part.includes('UPDATE'));
    expect(updates).toHaveLength(4);
    for (const statement of updates) await db.execute(sql.raw(statement));
    expect(await kept()).toEqual(before);

    // Invoices and receipts keep what their live allocations pay and take; migration 0033 works it out too.
    const keptAllocated = async () => ({
      invoice: (await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`))).allocated,
      stored: (
        await db
          .select({ allocated: invoices.allocated })
          .from(invoices)
          .where(and(eq(invoices.teamId, teamId), eq(invoices.id, invoice.id)))
      )[0]?.allocated,
      receipts: (
        await db
          .select({ id: receipts.id, allocated: receipts.allocated })
          .from(receipts)
          .where(and(eq(receipts.teamId, teamId), inArray(receipts.id, [one.id, two.id])))
          .orderBy(asc(receipts.id))
      ).map((row) => row.allocated),
    });
    const allocatedNow = await keptAllocated();
    expect(allocatedNow).toEqual({ invoice: 13_332, stored: 13_332, receipts: [9_999, 3_333] });
    await db.update(invoices).set({ allocated: 0 }).where(eq(invoices.teamId, teamId));
    await db.update(receipts).set({ allocated: 0 }).where(eq(receipts.teamId, teamId));
    const kept33 = await readFile(
      new URL('../../db/migrations/0033_allocated_kept.sql', import.meta.url),
      'utf8',
    );
    for (const statement of kept33
      .split('--> statement-breakpoint')
      .filter((part) => part.includes('UPDATE')))
      await db.execute(sql.raw(statement));
    expect((await keptAllocated()).stored).toBe(13_332);
    expect((await keptAllocated()).receipts).toEqual([9_999, 3_333]);
  });
});
