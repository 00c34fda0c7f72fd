import { addDays, businessInstant, daysBetween, monthStart, weekOf } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import {
  FINANCE_DASHBOARD_MONTHS,
  FINANCE_DASHBOARD_WEEKS,
  type FinanceDashboard,
} from '@trackit/contract/finance-dashboard.schema';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import type { FeeRow, FeeTotals } from '@trackit/contract/receivable.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember, signInMemberWith } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers, reversalLines } from '../../test/finance-factory';
import { invoiceCorrections } from '../invoice/invoice.tables';

/**
 * 看板 (GET /v1/finance/dashboard) over HTTP: what is owed against the 费用 list's totals and rows, and
 * each other figure against cases worked out by hand: receipts this and last month (a voided one left out),
 * invoices left unpaid after a partial allocation and a red-letter correction, the weeks ahead, revenue by
 * month net of corrections by the month they passed, the top clients, credit; access and tenancy.
 */
describe('看板: the finance dashboard', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let teamId: number;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let lastMonthFirst: string;
  let answer: FinanceDashboard;
  const clients = {} as Record<'net30' | 'onDelivery' | 'far', Company>;
  const ids = { dueToday: 0, later: 0, paid: 0 };
  /** Hand-worked figures, filled as the records are made. */
  const expected = {
    invoicedUnpaid: 0,
    credit: 0,
    issuedThisMonth: 0,
    issuedLastMonth: 0,
    correctedThisMonth: 0,
    correctedLastMonth: 0,
  };

  const dashboard = (headers: Headers = reader.headers) =>
    ok(api<FinanceDashboard>('GET', '/finance/dashboard', undefined, headers));

  /** An order of the client whose last working day is `lastDay`, billed today. */
  const billedOrder = (company: Company, lastDay: string, amounts: number[]) =>
    finance.billedOrder(
      amounts.map((amount) => modelFee(amount)),
      {
        companyId: company.id,
        title: `${company.name}拍摄`,
        days: [orderDay(lastDay)],
        billedAt: t.clock.now(),
      },
    );
  const invoiceOf = (company: Company, lineIds: number[], issuedOn: string) =>
    finance.issuedInvoice(lineIds, { companyId: company.id, issuedOn });
  /** A red-letter correction of `total` (tax included), passed; its amount before tax. */
  const correct = async (invoiceId: number, total: number) => {
    const asked = await ok(
      api<InvoiceDetail>(
        'POST',
        `/invoices/${invoiceId}/reverse`,
        {
          lines: reversalLines(await ok(api<InvoiceDetail>('GET', `/invoices/${invoiceId}`)), total),
          reason: '金额有误',
        },
        editor.headers,
      ),
    );
    const correction = asked.corrections.at(-1);
    await ok(
      api('POST', `/invoice_corrections/${correction?.id}/approval`, { result: 'passed' }, manager.headers),
    );
    return { id: correction?.id ?? 0, amount: correction?.amount ?? 0 };
  };
  const receipt = (receivedOn: string, amount: number, allocations?: unknown[]) =>
    finance.receipt({ receivedOn, amount, allocations });

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t, { client: { name: '青禾服饰', payment_terms_days: 30 } });
    ({ api, teamId, reader, editor, manager, stranger, today } = finance);
    lastMonthFirst = monthStart(addDays(monthStart(today), -1));
    clients.net30 = finance.client;
    clients.onDelivery = await finance.company({ name: '木棉文化' });
    clients.far = await finance.company({ name: '远山影业' });

    // 10 days overdue; invoiced today, 60,000 of it received, then 10,000 corrected (passed today).
    const partial = await billedOrder(clients.net30, addDays(today, -40), [100_000, 50_000]);
    const first = await invoiceOf(
      clients.net30,
      partial.lines.map((line) => line.id),
      today,
    );
    await receipt(today, 60_000, [{ invoice_id: first.id, amount: 60_000 }]);
    const firstCorrection = await correct(first.id, 10_000);
    expected.issuedThisMonth += first.amount;
    expected.correctedThisMonth += firstCorrection.amount;
    expected.invoicedUnpaid += first.total - 10_000 - 60_000;

    // 45 days overdue, invoiced on the first of last month, a correction passed on the 15th of last month.
    const overdue = await billedOrder(clients.onDelivery, addDays(today, -45), [20_000]);
    const second = await invoiceOf(
      clients.onDelivery,
      overdue.lines.map((line) => line.id),
      lastMonthFirst,
    );
    const secondCorrection = await correct(second.id, 2_000);
    await t.database.db
      .update(invoiceCorrections)
      .set({ decidedAt: businessInstant(addDays(lastMonthFirst, 14), '12:00') })
      .where(and(eq(invoiceCorrections.teamId, teamId), eq(invoiceCorrections.id, secondCorrection.id)));
    expected.issuedLastMonth += second.amount;
    expected.correctedLastMonth += secondCorrection.amount;
    expected.invoicedUnpaid += second.total - 2_000;

    // Due today (no terms): this week, not overdue. Due in 30 days; due in 70 days (after the 8 weeks).
    const dueToday = await billedOrder(clients.far, today, [30_000]);
    ids.dueToday = dueToday.id;
    await billedOrder(clients.net30, today, [40_000]);
    ids.later = (await billedOrder(clients.onDelivery, addDays(today, 70), [5_000])).id;
    // Paid in full directly: out of the receivables; its receipt keeps the rest as credit.
    const paid = await billedOrder(clients.onDelivery, addDays(today, -3), [8_000]);
    ids.paid = paid.id;
    const paidLine = paid.lines[0];
    await receipt(today, 10_000, [{ fee_line_id: paidLine?.id, amount: paidLine?.total }]);
    expected.credit += 10_000 - (paidLine?.total ?? 0);

    // Last month: one receipt untouched, one partly allocated (to the order due today).
    await receipt(lastMonthFirst, 5_000);
    await receipt(lastMonthFirst, 3_000, [{ fee_line_id: dueToday.lines[0]?.id, amount: 1_000 }]);
    expected.credit += 5_000 + 2_000;
    // Voided: neither received nor credit.
    const voided = await receipt(today, 7_000);
    await ok(api('POST', `/receipts/${voided.id}/void`, { reason: '重复登记' }, manager.headers));

    answer = await dashboard();
  });
  afterAll(() => t.close());

  it('owes exactly what 费用 owes: the receivable and every aging bucket are its totals', async () => {
    const owing = await ok(
      api<FeeTotals>('GET', '/finance/fees/totals?outstanding=true', undefined, reader.headers),
    );
    const all = await ok(api<FeeTotals>('GET', '/finance/fees/totals', undefined, reader.headers));
    expect(answer.today).toBe(today);
    expect(answer.receivable).toEqual({ count: owing.count, outstanding: owing.outstanding });
    expect(answer.receivable.outstanding).toBe(all.outstanding);
    expect(answer.receivable.count).toBe(5);
    expect(answer.buckets).toEqual(owing.buckets);
    expect(answer.buckets.map((bucket) => bucket.bucket)).toEqual([
      'not_due',
      'd1_30',
      'd31_60',
      'd61_90',
      'd90_plus',
    ]);
    expect(answer.buckets.find((bucket) => bucket.bucket === 'd1_30')?.count).toBe(1);
    expect(answer.buckets.find((bucket) => bucket.bucket === 'd31_60')?.count).toBe(1);
  });

  it('counts receipts by received date this month and last, leaving the voided one out', () => {
    expect(answer.received_this_month).toEqual({
      from: monthStart(today),
      to: expect.stringMatching(new RegExp(`^${today.slice(0, 7)}-\\d\\d$`)),
      count: 2,
      amount: 70_000,
    });
    expect(answer.received_last_month).toEqual({
      from: lastMonthFirst,
      to: addDays(monthStart(today), -1),
      count: 2,
      amount: 8_000,
    });
  });

  it('leaves on issued invoices their total less corrections and live allocations', () => {
    expect(answer.invoiced_unpaid).toEqual({ count: 2, amount: expected.invoicedUnpaid });
  });

  it('spreads what is owed over overdue, eight Monday weeks and later, adding up to the receivable', async () => {
    const rows = await ok(
      api<FeeRow[]>('GET', '/finance/fees?outstanding=true&per_page=100', undefined, reader.headers),
    );
    const monday = weekOf(today, 1).from;
    const { expected: byWeek } = answer;
    expect(byWeek.weeks).toHaveLength(FINANCE_DASHBOARD_WEEKS);
    expect(byWeek.weeks[0]).toMatchObject({ from: monday, to: addDays(monday, 6) });
    expect(byWeek.weeks[7]).toMatchObject({ from: addDays(monday, 49), to: addDays(monday, 55) });
    const sum = (list: FeeRow[]) => ({
      count: list.length,
      outstanding: list.reduce((total, row) => total + row.outstanding, 0),
    });
    expect(byWeek.overdue).toEqual(sum(rows.filter((row) => row.days_overdue > 0)));
    expect(byWeek.overdue.count).toBe(2);
    byWeek.weeks.forEach((week, index) => {
      const inWeek = rows.filter(
        (row) =>
          row.days_overdue === 0 &&
          row.due_on !== null &&
          Math.floor(daysBetween(monday, row.due_on) / 7) === index,
      );
      expect(week).toMatchObject(sum(inWeek));
    });
    const dueToday = rows.find((row) => row.id === ids.dueToday);
    expect(byWeek.weeks[0]?.outstanding).toBeGreaterThanOrEqual(dueToday?.outstanding ?? Number.NaN);
    expect(byWeek.later).toEqual(sum(rows.filter((row) => row.id === ids.later)));
    const spread = [byWeek.overdue, ...byWeek.weeks, byWeek.later];
    expect(spread.reduce((total, owed) => total + owed.outstanding, 0)).toBe(answer.receivable.outstanding);
    expect(spread.reduce((total, owed) => total + owed.count, 0)).toBe(answer.receivable.count);
  });

  it('invoices revenue by issue month before tax, net of corrections by the month they passed', () => {
    const months = answer.invoiced_by_month;
    expect(months).toHaveLength(FINANCE_DASHBOARD_MONTHS);
    expect(months.at(-1)).toEqual({
      month: today.slice(0, 7),
      from: monthStart(today),
      to: expect.any(String),
      issued: expected.issuedThisMonth,
      corrected: expected.correctedThisMonth,
      net: expected.issuedThisMonth - expected.correctedThisMonth,
    });
    expect(months.at(-2)).toMatchObject({
      month: lastMonthFirst.slice(0, 7),
      from: lastMonthFirst,
      issued: expected.issuedLastMonth,
      corrected: expected.correctedLastMonth,
      net: expected.issuedLastMonth - expected.correctedLastMonth,
    });
    expect(months.slice(0, -2).every((month) => month.issued === 0 && month.net === 0)).toBe(true);
    // Consecutive months, oldest first.
    for (let index = 1; index < months.length; index += 1)
      expect(months[index]?.from).toBe(addDays(months[index - 1]?.to ?? '', 1));
  });

  it('ranks the clients by what they owe, each as 费用 filtered by the client sums it', async () => {
    expect(answer.top_clients.map((client) => client.company.name)).toEqual([
      '青禾服饰',
      '远山影业',
      '木棉文化',
    ]);
    for (const client of answer.top_clients) {
      const totals = await ok(
        api<FeeTotals>(
          'GET',
          `/finance/fees/totals?company_id=${client.company.id}&outstanding=true`,
          undefined,
          reader.headers,
        ),
      );
      expect(client).toMatchObject({ count: totals.count, outstanding: totals.outstanding });
    }
    const owed = answer.top_clients.map((client) => client.outstanding);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
  });

  it('holds as credit what live receipts have not allocated', () => {
    expect(answer.credit).toEqual({ count: 3, amount: expected.credit });
  });

  it('is refused without accounting read, and shows another team only its own zeros', async () => {
    const outsider = await signInMemberWith(t, teamId, [{ key: 'dashboard', level: 'read' }], '运营');
    await refused(api('GET', '/finance/dashboard', undefined, outsider.headers), 403);
    const theirs = await dashboard(stranger.headers);
    expect(theirs.receivable).toEqual({ count: 0, outstanding: 0 });
    expect(theirs.buckets.every((bucket) => bucket.count === 0 && bucket.outstanding === 0)).toBe(true);
    expect(theirs.received_this_month).toMatchObject({ count: 0, amount: 0 });
    expect(theirs.received_last_month).toMatchObject({ count: 0, amount: 0 });
    expect(theirs.invoiced_unpaid).toEqual({ count: 0, amount: 0 });
    expect(theirs.expected.overdue).toEqual({ count: 0, outstanding: 0 });
    expect(theirs.invoiced_by_month.every((month) => month.issued === 0 && month.corrected === 0)).toBe(true);
    expect(theirs.top_clients).toEqual([]);
    expect(theirs.credit).toEqual({ count: 0, amount: 0 });
  });
});
