import { invoiceOpen } from '@trackit/contract/allocations';
import { addDays } from '@trackit/contract/business-time';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { type DashboardList, financeDashboardLists } from '@trackit/contract/finance-dashboard-lists';
import { AGING_BUCKETS } from '@trackit/contract/finance-enums';
import type { Invoice } from '@trackit/contract/invoice.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Receipt } from '@trackit/contract/receipt.schema';
import type { FeeTotals } from '@trackit/contract/receivable.schema';
import type { SettlementDetail, Withholding } from '@trackit/contract/settlement.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';

/**
 * Each figure of 看板 follows its link (issue 35 item 7): the contract's filters of the figure
 * (finance-dashboard-lists.ts, which the admin's links write in the list's address) are sent to the list's
 * own endpoint, and the rows that list answers count and add up to the figure. The team has what made the
 * figures and their lists differ: an issued invoice paid in full (not 已开票未收款), one partly paid, a
 * credit, a receipt voided, and this month a settlement paid to an individual and one to a studio (which
 * 扣缴明细 does not list).
 */
describe('看板: every figure opens the list that adds up to it', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let answer: FinanceDashboard;

  const get = <T>(path: string) => ok(team.api<T>('GET', path, undefined, team.manager.headers));
  /** The filters as the list's address carries them: each value, each item of a list, as text. */
  const search = (query: Readonly<Record<string, unknown>>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    return params.toString();
  };
  /** What a list answers for the figure's filters: its rows counted and summed as the figure sums. */
  const follow = async (target: DashboardList): Promise<{ count: number; amount: number }> => {
    const query = search(target.query);
    switch (target.list) {
      case 'fees': {
        const totals = await get<FeeTotals>(`/finance/fees/totals?${query}`);
        return { count: totals.count, amount: totals.outstanding };
      }
      case 'invoices': {
        const rows = await get<Invoice[]>(`/invoices?${query}&per_page=100`);
        return { count: rows.length, amount: rows.reduce((sum, row) => sum + invoiceOpen(row), 0) };
      }
      case 'receipts': {
        const rows = await get<Receipt[]>(`/receipts?${query}&per_page=100`);
        const credit = 'unallocated' in target.query;
        return {
          count: rows.length,
          amount: rows.reduce((sum, row) => sum + (credit ? row.unallocated : row.amount), 0),
        };
      }
      case 'withholding': {
        const list = await get<Withholding>(`/finance/withholding?${query}`);
        const settlements = new Set(list.rows.flatMap((row) => row.settlements));
        return { count: settlements.size, amount: list.totals.tax };
      }
    }
  };

  /** A model's fee paid by the client, settled, approved and paid today. */
  const paidSettlement = async (body: Record<string, unknown>, gross: number) => {
    const model = await ok(
      team.api<Model>('POST', '/models', {
        gender: 'female',
        commission_rate: 2_000,
        ...body,
      }),
    );
    const order = await team.billedOrder([modelFee(gross)], {
      modelId: model.id,
      days: [orderDay(team.today)],
    });
    const line = order.lines[0];
    if (!line) throw new Error('no fee line');
    await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    const drafted = await ok(
      team.api<SettlementDetail>('POST', '/settlements', { model_id: model.id }, team.editor.headers),
    );
    await ok(team.api('POST', `/settlements/${drafted.id}/submit`, undefined, team.editor.headers));
    await ok(
      team.api('POST', `/settlements/${drafted.id}/approval`, { result: 'passed' }, team.manager.headers),
    );
    await ok(
      team.api(
        'POST',
        `/settlements/${drafted.id}/pay`,
        { paid_on: team.today, reference: `PAY${drafted.id}`, team_recipient_id: team.general.id },
        team.manager.headers,
      ),
    );
  };

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t, { client: { name: '青禾服饰', payment_terms_days: 30 } });
    const { today } = team;
    // Invoiced and paid in full: issued, but nothing left to receive.
    const settled = await team.billedOrder([modelFee(100_000)], { days: [orderDay(addDays(today, -40))] });
    const paidInvoice = await team.issuedInvoice(settled.lines.map((line) => line.id));
    await team.receipt({
      amount: paidInvoice.total,
      allocations: [{ invoice_id: paidInvoice.id, amount: paidInvoice.total }],
    });
    // Invoiced, a third received: 已开票未收款, 1–30 days overdue.
    const partly = await team.billedOrder([modelFee(90_000)], { days: [orderDay(addDays(today, -35))] });
    const partlyInvoice = await team.issuedInvoice(partly.lines.map((line) => line.id));
    await team.receipt({ amount: 30_000, allocations: [{ invoice_id: partlyInvoice.id, amount: 30_000 }] });
    // Not invoiced, not due; a receipt of more than it holds the rest as credit.
    const direct = await team.billedOrder([modelFee(20_000)]);
    const directLine = direct.lines[0];
    await team.receipt({ amount: 50_000, allocations: [{ fee_line_id: directLine?.id, amount: 10_000 }] });
    // Voided: counted nowhere.
    const voided = await team.receipt({ amount: 7_000 });
    await ok(team.api('POST', `/receipts/${voided.id}/void`, { reason: '重复登记' }, team.manager.headers));
    // This month's payouts: an individual (withheld, on 扣缴明细) and a studio (nothing withheld, not on it).
    await paidSettlement({ name: '个人模特', id_number: uniqueIdNumber() }, 800_000);
    await paidSettlement({ name: '工作室模特', payout_type: 'studio' }, 500_000);
    answer = await ok(
      team.api<FinanceDashboard>('GET', '/finance/dashboard', undefined, team.reader.headers),
    );
  });
  afterAll(() => t.close());

  it('未收 and each aging bucket: 费用 filtered as the link, its count and outstanding', async () => {
    const lists = financeDashboardLists(answer);
    expect(answer.receivable.count).toBeGreaterThan(0);
    expect(await follow(lists.receivable)).toEqual({
      count: answer.receivable.count,
      amount: answer.receivable.outstanding,
    });
    for (const bucket of AGING_BUCKETS) {
      const figure = answer.buckets.find((entry) => entry.bucket === bucket);
      expect(await follow(lists.bucket(bucket)), bucket).toEqual({
        count: figure?.count ?? 0,
        amount: figure?.outstanding ?? 0,
      });
    }
    for (const client of answer.top_clients) {
      expect(await follow(lists.client(client.company.id))).toEqual({
        count: client.count,
        amount: client.outstanding,
      });
    }
  });

  it('已开票未收款: the open invoices only, not the one paid in full', async () => {
    const lists = financeDashboardLists(answer);
    expect(answer.invoiced_unpaid.count).toBe(1);
    expect(await follow(lists.invoicedUnpaid)).toEqual(answer.invoiced_unpaid);
  });

  it('收款 this month and last, and 预收款: the receipt lists by received date and with credit', async () => {
    const lists = financeDashboardLists(answer);
    const { count, amount } = answer.received_this_month;
    expect(count).toBe(5);
    expect(await follow(lists.receivedThisMonth)).toEqual({ count, amount });
    expect(await follow(lists.receivedLastMonth)).toEqual({
      count: answer.received_last_month.count,
      amount: answer.received_last_month.amount,
    });
    expect(answer.credit).toEqual({ count: 1, amount: 40_000 });
    expect(await follow(lists.credit)).toEqual(answer.credit);
  });

  it('本月代扣个税: this month’s 扣缴明细, counting the settlements it lists (not the studio’s)', async () => {
    const lists = financeDashboardLists(answer);
    expect(lists.withholding.query).toEqual({ month: team.today.slice(0, 7) });
    expect(answer.withheld_this_month.count).toBe(1);
    expect(answer.withheld_this_month.amount).toBeGreaterThan(0);
    expect(await follow(lists.withholding)).toEqual({
      count: answer.withheld_this_month.count,
      amount: answer.withheld_this_month.amount,
    });
  });
});
