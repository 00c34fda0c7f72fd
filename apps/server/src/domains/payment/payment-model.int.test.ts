import type { FeeStatement, PublicFeeStatement } from '@trackit/contract/fee-statement.schema';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import { RECEIPT_MESSAGES, type ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FeeRow, FinanceOrder } from '@trackit/contract/receivable.schema';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { invoices } from '../invoice/invoice.tables';
import { feeLines, orders } from '../order/order.tables';
import { receipts } from '../receipt/receipt.tables';
import { checkPaymentDrift } from './payment-drift.service';

/**
 * A model-based test of what is paid (issue 34, docs/decisions.md "One rule for what is paid"): random
 * sequences of invoice requests, issues, receipts, allocations to invoices and to lines (several targets at
 * once), undos, voids and red-letter corrections, over HTTP. No step answers 500, and after every step: no
 * line is paid past its total, no receipt past its amount, every kept figure equals its truth (the daily
 * check finds nothing), the client's credit is what receipts hold unallocated, and every page's figure
 * (费用, 财务详情, the client's statement, the dashboard) equals the ledger's. A short run in `npm test`; a
 * longer one on PostgreSQL (`DATABASE_URL`, .ci/run's second suite).
 */
const LONG = process.env.DATABASE_URL !== undefined;
const RUNS = Number(process.env.PAYMENT_MODEL_RUNS ?? (LONG ? 15 : 5));
const STEPS = LONG ? 40 : 20;

interface Model {
  orders: { id: number; number: string; shareId: string }[];
  lines: { id: number; total: number }[];
  invoices: number[];
  receipts: number[];
}

interface Real {
  finance: FinanceTeam;
}

type Call = (model: Model, real: Real) => Promise<{ status: number; body: { message: string } }>;

/** One payment step as a fast-check command: its call, then every check of `assertAgree`. */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly name: string,
    private readonly call: Call,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await this.call(model, real);
    if (process.env.PAYMENT_MODEL_TRACE) console.log(this.name, res.status, res.body.message);
    expect(res.status, this.name).toBeLessThan(500);
    // The code's own checks refuse first: the database's invariants are the last line, never reached.
    expect(res.body.message, this.name).not.toBe(RECEIPT_MESSAGES.paymentInvariant);
    await assertAgree(model, real);
  }
  toString = () => this.name;
}

/** Set by the suite: the checks after each step, against its app. */
let assertAgree: (model: Model, real: Real) => Promise<void>;

/** An index into a list that grows as the run goes: any natural number, taken modulo its length. */
const pick = <T>(list: readonly T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

/** What a target can still receive, as the pages show it: an invoice's invoiceOpen, a line's directOpen. */
async function openOf(
  model: Model,
  finance: FinanceTeam,
  target: { invoice_id: number } | { fee_line_id: number },
): Promise<number> {
  if ('invoice_id' in target) {
    const res = await finance.api<InvoiceDetail>('GET', `/invoices/${target.invoice_id}`);
    if (res.body.code !== 0) return 0;
    const { total, reversed, allocated } = res.body.data;
    return total - reversed - allocated;
  }
  for (const order of model.orders) {
    const detail = await ok(finance.api<FinanceOrder>('GET', `/finance/orders/${order.id}`));
    const line = detail.lines.find((candidate) => candidate.fee_line_id === target.fee_line_id);
    if (line) return line.direct_open;
  }
  return 0;
}

const steps = {
  request: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }).map(
    (lineIndexes) =>
      new Step(`request(${lineIndexes})`, async (model, { finance }) => {
        const ids = lineIndexes.map((index) => pick(model.lines, index)?.id ?? 0);
        const res = await finance.api<InvoiceDetail>(
          'POST',
          '/invoices',
          {
            team_recipient_id: finance.general.id,
            company_id: finance.client.id,
            type: 'ordinary',
            buyer: { name: '上海某某服饰有限公司', tax_id: '91310000MA1K8XXX0A' },
            fee_line_ids: [...new Set(ids)],
          },
          finance.editor.headers,
        );
        if (res.body.code === 0) model.invoices.push(res.body.data.id);
        return res;
      }),
  ),
  issue: fc
    .nat()
    .map(
      (index) =>
        new Step(`issue(${index})`, (model, { finance }) =>
          finance.api(
            'POST',
            `/invoices/${pick(model.invoices, index) ?? 0}/issue`,
            { number: finance.nextInvoiceNumber(), issued_on: finance.today },
            finance.manager.headers,
          ),
        ),
    ),
  receive: fc.integer({ min: 1, max: 250_000 }).map(
    (amount) =>
      new Step(`receive(${amount})`, async (model, { finance }) => {
        const res = await finance.api<ReceiptDetail>(
          'POST',
          '/receipts',
          {
            received_on: finance.today,
            amount,
            payer_name: '上海某某服饰有限公司',
            team_recipient_id: finance.general.id,
          },
          finance.editor.headers,
        );
        if (res.body.code === 0) model.receipts.push(res.body.data.id);
        return res;
      }),
  ),
  allocate: fc
    .tuple(
      fc.nat(),
      fc.array(
        fc.record({
          invoice: fc.boolean(),
          index: fc.nat(),
          // A share of what the target can still receive (most steps then pass), or an amount of its own.
          amount: fc.oneof(
            { arbitrary: fc.integer({ min: 1, max: 100 }).map((percent) => ({ percent })), weight: 3 },
            fc.integer({ min: 1, max: 120_000 }),
            fc.constantFrom(1, 1_234, 10_600, 106_000),
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(
      ([receiptIndex, targets]) =>
        new Step(`allocate(${receiptIndex}, ${JSON.stringify(targets)})`, async (model, { finance }) => {
          const body = [];
          for (const target of targets) {
            // An invoice while there is one (a line before any invoice is requested).
            const item =
              target.invoice && model.invoices.length > 0
                ? { invoice_id: pick(model.invoices, target.index) ?? 0 }
                : { fee_line_id: pick(model.lines, target.index)?.id ?? 0 };
            const open = typeof target.amount === 'number' ? 0 : await openOf(model, finance, item);
            const amount =
              typeof target.amount === 'number'
                ? target.amount
                : Math.max(1, Math.floor((open * target.amount.percent) / 100));
            body.push({ ...item, amount });
          }
          return finance.api(
            'POST',
            `/receipts/${pick(model.receipts, receiptIndex) ?? 0}/allocations`,
            body,
            finance.editor.headers,
          );
        }),
    ),
  undo: fc.tuple(fc.nat(), fc.nat()).map(
    ([receiptIndex, allocationIndex]) =>
      new Step(`undo(${receiptIndex}, ${allocationIndex})`, async (model, { finance }) => {
        const receipt = await ok(
          finance.api<ReceiptDetail>('GET', `/receipts/${pick(model.receipts, receiptIndex) ?? 0}`),
        ).catch(() => undefined);
        const live = (receipt?.allocations ?? []).filter((allocation) => allocation.undone_at === null);
        const allocation = pick(live.length > 0 ? live : (receipt?.allocations ?? []), allocationIndex);
        return finance.api(
          'DELETE',
          `/allocations/${allocation?.id ?? 0}`,
          undefined,
          finance.editor.headers,
        );
      }),
  ),
  void: fc
    .nat()
    .map(
      (index) =>
        new Step(`void(${index})`, (model, { finance }) =>
          finance.api(
            'POST',
            `/receipts/${pick(model.receipts, index) ?? 0}/void`,
            { reason: '重复登记' },
            finance.manager.headers,
          ),
        ),
    ),
  // A red-letter correction by line (issue 35): a random choice of the invoice's lines, each at a percent
  // of what it can give back (total − given back − paid); a percent over 100 asks more than the line can.
  reverse: fc
    .tuple(fc.nat(), fc.array(fc.integer({ min: 0, max: 110 }), { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(
      ([index, percents, pass]) =>
        new Step(
          `reverse(${index}, ${percents.join('/')}%, ${pass ? 'passed' : 'rejected'})`,
          async (model, { finance }) => {
            const id = pick(model.invoices, index) ?? 0;
            const invoice = await finance.api<InvoiceDetail>('GET', `/invoices/${id}`);
            if (invoice.body.code !== 0) return invoice;
            const lines = invoice.body.data.lines.flatMap((line, at) => {
              const percent = percents[at % percents.length] ?? 0;
              const amount = Math.floor(((line.total - line.given_back - line.paid) * percent) / 100);
              return percent > 0 ? [{ invoice_line_id: line.id, amount: Math.max(1, amount) }] : [];
            });
            const asked = await finance.api<InvoiceDetail>(
              'POST',
              `/invoices/${id}/reverse`,
              { lines, reason: '开票有误' },
              finance.editor.headers,
            );
            if (asked.body.code !== 0) return asked;
            const waiting = asked.body.data.corrections.find((correction) => correction.status === 'init');
            const decided = await finance.api<InvoiceDetail>(
              'POST',
              `/invoice_corrections/${waiting?.id ?? 0}/approval`,
              pass ? { result: 'passed' } : { result: 'rejected', comment: '金额不对' },
              finance.manager.headers,
            );
            if (decided.body.code !== 0) return decided;
            // Each chosen line gave back exactly its part; the others gave back nothing more.
            for (const line of decided.body.data.lines) {
              const before = invoice.body.data.lines.find((candidate) => candidate.id === line.id);
              const part = pass
                ? (lines.find((request) => request.invoice_line_id === line.id)?.amount ?? 0)
                : 0;
              expect(line.given_back, `line ${line.id}`).toBe((before?.given_back ?? 0) + part);
            }
            return decided;
          },
        ),
    ),
};

describe('what is paid, under random sequences of every payment step', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every step reads the client's statement page: the per-address share limit stays out of the way.
    t = await buildTestApp({ SHARE_RATE_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(() => t.close());

  /** A fresh team with two billed orders of three lines, and each order's statement link. */
  async function setUp(): Promise<{ model: Model; real: Real }> {
    const finance = await createFinanceTeam(t);
    const model: Model = { orders: [], lines: [], invoices: [], receipts: [] };
    for (const fees of [
      [modelFee(100_000), modelFee(35_000, 2), modelFee(1_234)],
      [modelFee(80_000, 1, 3), modelFee(20_000), modelFee(99_999)],
    ]) {
      const order = await finance.billedOrder(fees);
      const statement = await ok(
        finance.api<FeeStatement>('POST', '/fee_statements', { order_id: order.id }, finance.editor.headers),
      );
      model.orders.push({ id: order.id, number: order.number, shareId: statement.share_id });
      model.lines.push(...order.lines.map((line) => ({ id: line.id, total: line.total })));
    }
    // Something to work on from the first step: a receipt, an issued invoice and a requested one.
    const [first, second, third] = model.lines;
    const issued = await finance.issuedInvoice([first?.id ?? 0, third?.id ?? 0]);
    const paidInPart = await finance.receipt({
      amount: 300_000,
      allocations: [{ invoice_id: issued.id, amount: Math.floor(issued.total / 2) }],
    });
    model.receipts.push(paidInPart.id);
    model.invoices.push(issued.id);
    model.invoices.push((await finance.requestedInvoice([second?.id ?? 0])).id);
    return { model, real: { finance } };
  }

  /** Every invariant and every page's figure, after a step. */
  assertAgree = async (model: Model, { finance }: Real) => {
    const { db } = t.database;
    const { teamId } = finance;
    const drift = await checkPaymentDrift({ db }, teamId, t.clock.now());
    expect(drift).toEqual({ receipts: 0, invoices: 0, lines: 0, overpaid: 0, orders: 0, ledger: 0 });
    const lines = await db.select().from(feeLines).where(eq(feeLines.teamId, teamId));
    for (const line of lines) expect(line.paid).toBeLessThanOrEqual(line.total);
    const live = await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.teamId, teamId), isNull(receipts.voidedAt)));
    for (const receipt of live) expect(receipt.allocated).toBeLessThanOrEqual(receipt.amount);
    const credit = live.reduce((sum, receipt) => sum + receipt.amount - receipt.allocated, 0);
    const issued = (await db.select().from(invoices).where(eq(invoices.teamId, teamId))).filter(
      (invoice) => invoice.status === 'issued',
    );
    const billed = await db.select().from(orders).where(eq(orders.teamId, teamId));
    const dashboard = await ok(finance.api<FinanceDashboard>('GET', '/finance/dashboard'));
    expect(dashboard.credit.amount).toBe(credit);
    expect(dashboard.invoiced_unpaid.amount).toBe(
      issued.reduce((sum, invoice) => sum + invoice.total - invoice.reversed - invoice.allocated, 0),
    );
    expect(dashboard.receivable.outstanding).toBe(
      billed.reduce((sum, order) => sum + order.feesTotal - order.received, 0),
    );
    const fees = await ok(finance.api<FeeRow[]>('GET', '/finance/fees?per_page=100'));
    for (const order of model.orders) {
      const row = billed.find((candidate) => candidate.id === order.id);
      const own = lines.filter((line) => line.orderId === order.id);
      const detail = await ok(finance.api<FinanceOrder>('GET', `/finance/orders/${order.id}`));
      expect(detail.received).toBe(row?.received);
      expect(detail.lines.map((line) => [line.fee_line_id, line.paid]).sort()).toEqual(
        own.map((line) => [line.id, line.paid]).sort(),
      );
      for (const line of detail.lines) expect(line.direct_open).toBeLessThanOrEqual(line.total - line.paid);
      expect(fees.find((fee) => fee.id === order.id)).toMatchObject({
        received: row?.received,
        outstanding: (row?.feesTotal ?? 0) - (row?.received ?? 0),
      });
      const statement = await ok(
        t.request<PublicFeeStatement>('GET', `/storm_api/v1/public/fee_statements/${order.shareId}`),
      );
      for (const line of statement.lines) {
        expect(line.outstanding).toBeGreaterThanOrEqual(0);
        expect(line.paid).toBe(own.find((candidate) => candidate.id === line.fee_line_id)?.paid);
      }
      expect(statement.totals.paid).toBe(row?.received);
    }
  };

  it('never pays past a total, and every page agrees with the ledger after every step', async () => {
    const commands = fc.commands(
      [
        steps.request,
        steps.issue,
        steps.receive,
        steps.allocate,
        steps.allocate,
        steps.allocate,
        steps.undo,
        steps.undo,
        steps.receive,
        steps.void,
        steps.reverse,
      ],
      { maxCommands: STEPS, size: 'max' },
    );
    await fc.assert(
      fc.asyncProperty(commands, (sequence) => fc.asyncModelRun(setUp, sequence)),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 1_800_000);
});
