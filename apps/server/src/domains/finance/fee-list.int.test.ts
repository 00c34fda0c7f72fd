import { receivableAsOf } from '@trackit/contract/aging';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { AgingBucket, OrderPaymentState } from '@trackit/contract/finance-enums';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import type { FeeRow, FeeTotals, FinanceOrder } from '@trackit/contract/receivable.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';
import { download, readWorkbook, sheetRows } from '../../test/spreadsheets';
import { feeLinePayments } from '../payment/payment.tables';
import { listFeeRows, sumFeeRows, sumOutstandingGroups } from './fee-list.repository';

/**
 * 费用 (GET /v1/finance/fees, its totals and export) over HTTP: each row against 财务详情 and the contract's
 * receivableAsOf, the filters, the totals of all pages, a past date, the export.
 */
describe('费用: the billed orders’ receivables as of a date', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let teamId: number;
  let reader: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let net30: Company;
  let onDelivery: Company;
  let general: TeamRecipient;
  const ids = { partial: 0, overdue45: 0, paid: 0, notDue: 0, draft: 0 };

  const fees = (query = '', headers = reader.headers) =>
    api<FeeRow[]>('GET', `/finance/fees${query}`, undefined, headers);
  const rowsOf = async (query = '') => ok(fees(query));
  /**
   * SQL groups (GROUP BY, GROUPING SETS in fee-list.repository.ts) come in no set order, and PostgreSQL
   * and PGlite order them differently; their callers look groups up by key. The same groups, in one order.
   */
  const inAnyOrder = <R>(groups: R[]) =>
    groups
      .map((group) => ({ group, key: JSON.stringify(group) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ group }) => group);

  /** An order of the client whose last working day is `lastDay`, billed `billedDaysAgo` days ago. */
  const billedOrder = (company: Company, lastDay: string, amounts: number[], billedDaysAgo: number) =>
    finance.billedOrder(
      amounts.map((amount) => modelFee(amount)),
      {
        companyId: company.id,
        title: `${company.name}拍摄`,
        days: [orderDay(lastDay)],
        billedAt: new Date(t.clock.now().getTime() - billedDaysAgo * 86_400_000),
      },
    );

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t, { client: { name: '青禾服饰', payment_terms_days: 30 } });
    ({ api, teamId, reader, stranger, today, general } = finance);
    net30 = finance.client;
    onDelivery = await finance.company({ name: '木棉文化' });

    // Partly paid through an issued invoice: due in 30 days after a day 40 days ago, 10 days overdue.
    const partial = await billedOrder(net30, addDays(today, -40), [100_000, 50_000], 35);
    ids.partial = partial.id;
    const invoice = await finance.issuedInvoice(
      partial.lines.map((line) => line.id),
      { companyId: net30.id },
    );
    await finance.receipt({ amount: 60_000, allocations: [{ invoice_id: invoice.id, amount: 60_000 }] });
    // Unpaid, due on its last day 45 days ago.
    ids.overdue45 = (await billedOrder(onDelivery, addDays(today, -45), [20_000], 44)).id;
    // Paid in full directly (before any invoice).
    const paid = await billedOrder(onDelivery, addDays(today, -3), [8_000], 2);
    ids.paid = paid.id;
    await finance.receipt({
      amount: 10_000,
      allocations: [{ fee_line_id: paid.lines[0]?.id, amount: paid.lines[0]?.total }],
    });
    // Not due yet: its day is today, 30 days of terms.
    ids.notDue = (await billedOrder(net30, today, [30_000], 0)).id;
    // A draft is never a receivable.
    ids.draft = (
      await ok(
        api<OrderCreated>('POST', '/orders', {
          company_id: net30.id,
          job_type: 'ad',
          title: '草稿',
          days: [orderDay(today)],
          models: [{ model_id: finance.model.id, fees: [modelFee(1_000)] }],
        }),
      )
    ).id;
  });
  afterAll(() => t.close());

  it('lists every billed order with the figures of 财务详情, most overdue first, paged with x-total', async () => {
    const res = await fees('?per_page=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe('4');
    expect(res.body.data.map((row) => row.id)).toEqual([ids.overdue45, ids.partial, ids.notDue]);
    const all = await rowsOf();
    expect(all.map((row) => row.id)).not.toContain(ids.draft);
    for (const row of all) {
      const detail = await ok(
        api<FinanceOrder>('GET', `/finance/orders/${row.id}`, undefined, reader.headers),
      );
      expect(row).toMatchObject({
        number: detail.number,
        billed: detail.billed,
        invoiced: detail.invoiced,
        received: detail.received,
        outstanding: detail.outstanding,
        payment_state: detail.payment_state,
        due_on: detail.due_on,
        days_overdue: detail.days_overdue,
        aging_bucket: detail.aging_bucket,
      });
    }
    const byId = new Map(all.map((row) => [row.id, row]));
    expect(byId.get(ids.partial)).toMatchObject({
      company: { id: net30.id, name: '青禾服饰' },
      team_recipient: { id: general.id, short_name: '星辰经纪' },
      billed: 159_000,
      invoiced: 159_000,
      received: 60_000,
      outstanding: 99_000,
      payment_state: 'partial',
      due_on: addDays(today, -10),
      days_overdue: 10,
      aging_bucket: 'd1_30',
      billed_on: businessDate(new Date(t.clock.now().getTime() - 35 * 86_400_000)),
    });
    expect(byId.get(ids.overdue45)).toMatchObject({ days_overdue: 45, aging_bucket: 'd31_60', invoiced: 0 });
    expect(byId.get(ids.paid)).toMatchObject({ payment_state: 'paid', outstanding: 0, aging_bucket: null });
    expect(byId.get(ids.notDue)).toMatchObject({ days_overdue: 0, aging_bucket: 'not_due' });
  });

  it('filters by bucket, state, client, keyword and billing date, and sums all pages of the filter', async () => {
    expect((await rowsOf('?aging_bucket=d31_60')).map((row) => row.id)).toEqual([ids.overdue45]);
    expect((await rowsOf('?aging_bucket=d1_30&aging_bucket=not_due')).map((row) => row.id).sort()).toEqual(
      [ids.partial, ids.notDue].sort(),
    );
    expect((await rowsOf('?payment_state=paid')).map((row) => row.id)).toEqual([ids.paid]);
    expect((await rowsOf('?outstanding=true')).map((row) => row.id)).not.toContain(ids.paid);
    expect((await rowsOf(`?company_id=${onDelivery.id}`)).map((row) => row.id).sort()).toEqual(
      [ids.overdue45, ids.paid].sort(),
    );
    expect((await rowsOf('?keyword=木棉')).map((row) => row.id).sort()).toEqual(
      [ids.overdue45, ids.paid].sort(),
    );
    expect((await rowsOf(`?from=${addDays(today, -3)}`)).map((row) => row.id).sort()).toEqual(
      [ids.paid, ids.notDue].sort(),
    );
    expect((await rowsOf('?sort=due_on')).map((row) => row.id)).toEqual([
      ids.overdue45,
      ids.partial,
      ids.paid,
      ids.notDue,
    ]);

    const all = await rowsOf();
    const totals = await ok(api<FeeTotals>('GET', '/finance/fees/totals', undefined, reader.headers));
    const sum = (field: 'billed' | 'invoiced' | 'received' | 'outstanding') =>
      all.reduce((total, row) => total + row[field], 0);
    expect(totals).toMatchObject({
      as_of: today,
      count: 4,
      billed: sum('billed'),
      invoiced: sum('invoiced'),
      received: sum('received'),
      outstanding: sum('outstanding'),
    });
    expect(totals.buckets).toEqual([
      { bucket: 'not_due', count: 1, outstanding: 31_800 },
      { bucket: 'd1_30', count: 1, outstanding: 99_000 },
      { bucket: 'd31_60', count: 1, outstanding: 21_200 },
      { bucket: 'd61_90', count: 0, outstanding: 0 },
      { bucket: 'd90_plus', count: 0, outstanding: 0 },
    ]);
    const filtered = await ok(
      api<FeeTotals>('GET', `/finance/fees/totals?company_id=${onDelivery.id}`, undefined, reader.headers),
    );
    expect(filtered).toMatchObject({ count: 2, outstanding: 21_200 });
    // With a bucket chosen, the figures are that bucket's and every chip keeps its own amount (issue 35).
    const oneBucket = await ok(
      api<FeeTotals>('GET', '/finance/fees/totals?aging_bucket=d1_30', undefined, reader.headers),
    );
    expect(oneBucket).toMatchObject({ count: 1, outstanding: 99_000 });
    expect(oneBucket.buckets).toEqual(totals.buckets);
  });

  it('works the figures out as of a past date from the dated records, as the contract does', async () => {
    const yesterday = addDays(today, -1);
    const rows = await rowsOf(`?as_of=${yesterday}`);
    // Billed today: not yet a receivable yesterday; allocated today: not yet received.
    expect(rows.map((row) => row.id)).not.toContain(ids.notDue);
    const partial = rows.find((row) => row.id === ids.partial);
    expect(partial).toMatchObject({ received: 0, invoiced: 0, outstanding: 159_000, days_overdue: 9 });
    const ledger = await t.database.db
      .select({ on: feeLinePayments.paidOn, amount: sql<number>`${feeLinePayments.amount}`.mapWith(Number) })
      .from(feeLinePayments)
      .where(and(eq(feeLinePayments.teamId, teamId), eq(feeLinePayments.orderId, ids.partial)));
    for (const asOf of [yesterday, today]) {
      const row = (await rowsOf(`?as_of=${asOf}`)).find((entry) => entry.id === ids.partial);
      const expected = receivableAsOf(
        {
          billed_on: row?.billed_on ?? '',
          billed: 159_000,
          due_on: addDays(today, -10),
          allocations: ledger,
        },
        asOf,
      );
      expect(row).toMatchObject({
        received: expected.received,
        outstanding: expected.outstanding,
        days_overdue: expected.days_overdue,
        aging_bucket: expected.bucket,
      });
    }
    const before = await rowsOf(`?as_of=${addDays(today, -60)}`);
    expect(before).toEqual([]);
    const totals = await ok(
      api<FeeTotals>('GET', `/finance/fees/totals?as_of=${yesterday}`, undefined, reader.headers),
    );
    expect(totals.as_of).toBe(yesterday);
    expect(totals.received).toBe(0);
  });

  it('answers today from the money the orders keep, the same as worked out from the dated records', async () => {
    // As of today with "today" a day later, nothing is taken as kept: every figure is worked out from the
    // dated records (the past-date path). Both must agree on every row, filter and sum.
    const kept = { asOf: today, today };
    const dated = { asOf: today, today: addDays(today, 1) };
    const page = { limit: 100, offset: 0 };
    for (const filter of [
      {},
      { outstanding: true },
      { aging_bucket: ['d1_30', 'd31_60'] as AgingBucket[] },
      { payment_state: ['unpaid', 'partial'] as OrderPaymentState[] },
      { payment_state: ['paid'] as OrderPaymentState[] },
    ]) {
      expect(await listFeeRows(t.database.db, teamId, filter, kept, page)).toEqual(
        await listFeeRows(t.database.db, teamId, filter, dated, page),
      );
      expect(inAnyOrder(await sumFeeRows(t.database.db, teamId, filter, kept))).toEqual(
        inAnyOrder(await sumFeeRows(t.database.db, teamId, filter, dated)),
      );
    }
    const groups = async (when: typeof kept) => {
      const { byBucket, byDueDate, byClient } = await sumOutstandingGroups(t.database.db, teamId, when);
      return {
        byBucket: inAnyOrder(byBucket),
        byDueDate: inAnyOrder(byDueDate),
        byClient: inAnyOrder(byClient),
      };
    };
    expect(await groups(kept)).toEqual(await groups(dated));
  });

  it('exports exactly the filtered rows, and refuses bad filters, members without access and other teams', async () => {
    const file = await download(t, `/v1/finance/fees/export?company_id=${onDelivery.id}`, reader.headers);
    expect(file.status).toBe(200);
    const workbook = await readWorkbook(file.bytes);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe(`费用（截至${today}）`);
    const rows = sheetRows(sheet);
    expect(rows[0]?.slice(0, 3)).toEqual(['订单编号', '标题', '客户']);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1, 3).map((row) => row[2])).toEqual(['木棉文化', '木棉文化']);
    // The totals row (issue 35): 合计, the number of orders, the sums of the money columns.
    const money = (row: (typeof rows)[number] | undefined, at: number) => Number(row?.[at] ?? 0);
    const column = (header: string) => rows[0]?.indexOf(header) ?? -1;
    const last = rows[3];
    expect(last?.slice(0, 2)).toEqual(['合计', '2 个订单']);
    for (const header of ['应收金额', '已开票', '已收款', '未收金额']) {
      const at = column(header);
      expect(money(last, at)).toBeCloseTo(money(rows[1], at) + money(rows[2], at), 2);
    }

    await refused(fees('?as_of=2026-13-01'), 400);
    await refused(fees('?aging_bucket=forever'), 400);
    expect((await fees(`?company_id=${net30.id}`, stranger.headers)).body.data).toEqual([]);
    await refused(api('GET', `/finance/orders/${ids.partial}`, undefined, stranger.headers), 404);
  });

  it('lists the money history of an order: its invoices and the receipts that paid it, and nothing else', async () => {
    const history = await ok(
      api<RecordHistoryEntry[]>('GET', `/finance/orders/${ids.partial}/history`, undefined, reader.headers),
    );
    expect(history.map((entry) => entry.action).sort()).toEqual(
      ['invoice_issue', 'invoice_request', 'receipt_allocate', 'receipt_create'].sort(),
    );
    // An order with no invoice nor receipt has no money history (not the team's whole log).
    expect(
      await ok(
        api<RecordHistoryEntry[]>('GET', `/finance/orders/${ids.notDue}/history`, undefined, reader.headers),
      ),
    ).toEqual([]);
    await refused(api('GET', `/finance/orders/${ids.partial}/history`, undefined, stranger.headers), 404);
  });
});
