/**
 * Money pages over records at the largest amounts the contract allows (docs/product.md §9, docs/decisions.md
 * "Bounds on money, dates and races"). Thousands of receipts, invoices and billed orders each at its limit are
 * stored straight in the database (as many as it takes to pass 2^53 fen), and every page that sums them
 * answers: the finance dashboard, 费用 (list, totals, export), the receipts list, the client's statement (its
 * page and PDF), withholding, the model's settlement summary and the data dashboard. A sum is exact up to
 * MAX_SUM_FEN and that figure beyond, never a 500 (two receipts of 2^53 − 1 fen used to fail the whole team's
 * finance dashboard). An amount past the limit is refused on the way in, and by the database.
 */
import { businessMonth, monthStart } from '@trackit/contract/business-time';
import type { FeeStatement, PublicFeeStatement } from '@trackit/contract/fee-statement.schema';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { MAX_AMOUNT_FEN, MAX_ORDER_FEN, MAX_SUM_FEN } from '@trackit/contract/money';
import type { FeeTotals } from '@trackit/contract/receivable.schema';
import type { Withholding } from '@trackit/contract/settlement.schema';
import type { SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';

/** Records at the limit it takes to pass 2^53 fen: 9,100 × ¥10,000,000,000 ≈ ¥91 trillion. */
const PAST_2_53 = 9_100;
/** As many as still add up below 2^53: 9,000 × ¥10,000,000,000 = ¥90 trillion, exactly. */
const BELOW_2_53 = 9_000;

describe('money pages over records at their limits', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let today: string;

  const get = async <T>(path: string) => ok(finance.api<T>('GET', path, undefined, finance.owner.headers));
  /** A page answering a file: its status and type. */
  const download = async (path: string) => {
    const res = await fetch(`${t.baseUrl}/storm_api/v1${path}`, { headers: finance.owner.headers });
    return { status: res.status, type: res.headers.get('content-type') ?? '' };
  };

  /** `count` live receipts of MAX_AMOUNT_FEN each, received today into the default entity. */
  const storeReceipts = (count: number) =>
    t.database.db.execute(sql`
      insert into receipts (team_id, team_recipient_id, received_on, amount, payer_name)
      select ${finance.teamId}, ${finance.general.id}, ${today}, ${MAX_AMOUNT_FEN}, '某某服饰'
      from generate_series(1, ${count})`);

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
    today = finance.today;
  });
  afterAll(() => t.close());

  it('adds up exactly below 2^53 fen', async () => {
    await storeReceipts(BELOW_2_53);
    const dashboard = await get<FinanceDashboard>('/finance/dashboard');
    expect(dashboard.credit).toEqual({ count: BELOW_2_53, amount: BELOW_2_53 * MAX_AMOUNT_FEN });
    expect(dashboard.received_this_month.amount).toBe(BELOW_2_53 * MAX_AMOUNT_FEN);
  });

  it('answers every money page when the records add up past 2^53 fen, each sum capped at MAX_SUM_FEN', async () => {
    const db = t.database.db;
    const more = PAST_2_53 - BELOW_2_53;
    await storeReceipts(more);
    const base = 100_000;
    // Billed orders of the client at the order limit (the fee lines behind them do not change the sums).
    await db.execute(sql`
      insert into orders (team_id, number, status, company_id, team_recipient_id, title, first_date, last_date,
        billed_at, fees_total)
      select ${finance.teamId}, 'LIM' || (${base} + g), 'billed', ${finance.client.id}, ${finance.general.id},
        '上限订单', ${today}, ${today}, now(), ${MAX_ORDER_FEN}
      from generate_series(1, ${PAST_2_53}) g`);
    // Issued invoices at the limit, nothing received of them.
    await db.execute(sql`
      insert into invoices (team_id, team_recipient_id, company_id, type, buyer_name, buyer_tax_id, status, number,
        issued_on, issued_at, amount, tax, total)
      select ${finance.teamId}, ${finance.general.id}, ${finance.client.id}, 'ordinary', '上海某某服饰有限公司',
        '91310115MA1H7R2Q5C', 'issued', lpad((${base} + g)::text, 20, '0'), ${today}, now(),
        ${MAX_AMOUNT_FEN}, 0, ${MAX_AMOUNT_FEN}
      from generate_series(1, ${PAST_2_53}) g`);
    // Paid settlements of the model (an individual) this month, each its income at the limit.
    await db.execute(sql`
      insert into settlements (team_id, number, model_id, status, payout_type, tax_residency, tax_month, gross,
        commission, mother_agency, mother_agency_from_model, income, taxable, tax, deductions, net, paid_on,
        paid_reference, paid_by_team_recipient_id, paid_at)
      select ${finance.teamId}, 'JSLIM' || (${base} + g), ${finance.model.id}, 'paid', 'individual', 'resident',
        ${businessMonth(t.clock.now())}, ${MAX_AMOUNT_FEN}, 0, 0, 0, ${MAX_AMOUNT_FEN}, ${MAX_AMOUNT_FEN},
        ${MAX_AMOUNT_FEN / 10}, 0, ${MAX_AMOUNT_FEN - MAX_AMOUNT_FEN / 10}, ${today}, 'CMB-LIMIT',
        ${finance.general.id}, now()
      from generate_series(1, ${PAST_2_53}) g`);
    // Each one payment (one job, 劳务报酬): the withholding list reads the payments.
    await db.execute(sql`
      insert into settlement_jobs (team_id, settlement_id, order_id, income_category, gross, commission,
        mother_agency, mother_agency_from_model, income, earlier_income, earlier_tax, taxable, tax)
      select s.team_id, s.id,
        (select min(o.id) from orders o where o.team_id = s.team_id and o.number like 'LIM%'), 'labour',
        ${MAX_AMOUNT_FEN}, 0, 0, 0, ${MAX_AMOUNT_FEN}, 0, 0, ${MAX_AMOUNT_FEN}, ${MAX_AMOUNT_FEN / 10}
      from settlements s where s.team_id = ${finance.teamId} and s.number like 'JSLIM%'`);

    const dashboard = await get<FinanceDashboard>('/finance/dashboard');
    expect(dashboard.credit).toEqual({ count: PAST_2_53, amount: MAX_SUM_FEN });
    expect(dashboard.received_this_month.amount).toBe(MAX_SUM_FEN);
    expect(dashboard.invoiced_unpaid).toEqual({ count: PAST_2_53, amount: MAX_SUM_FEN });
    expect(dashboard.invoiced_by_month.at(-1)).toMatchObject({ issued: MAX_SUM_FEN, corrected: 0 });
    expect(dashboard.receivable).toEqual({ count: PAST_2_53, outstanding: MAX_SUM_FEN });
    expect(dashboard.top_clients[0]).toMatchObject({ count: PAST_2_53, outstanding: MAX_SUM_FEN });
    // The tax withheld, a tenth of each, stays below 2^53: exact.
    expect(dashboard.withheld_this_month).toMatchObject({ count: PAST_2_53, amount: PAST_2_53 * 1e11 });

    const totals = await get<FeeTotals>('/finance/fees/totals');
    expect(totals).toMatchObject({ count: PAST_2_53, billed: MAX_SUM_FEN, outstanding: MAX_SUM_FEN });
    expect(await get<unknown[]>('/finance/fees?per_page=100')).toHaveLength(100);
    expect(await download('/finance/fees/export')).toMatchObject({ status: 200 });

    const receipts = await finance.api<unknown[]>('GET', '/receipts?per_page=100');
    expect(receipts.status).toBe(200);
    expect(receipts.headers.get('x-total')).toBe(String(PAST_2_53));

    const statement = await ok(
      finance.api<FeeStatement>(
        'POST',
        '/fee_statements',
        { company_id: finance.client.id, from: monthStart(today), to: today },
        finance.editor.headers,
      ),
    );
    const opened = await ok(
      t.request<PublicFeeStatement>('GET', `/storm_api/v1/public/fee_statements/${statement.share_id}`),
    );
    expect(opened.figures).toMatchObject({ opening: 0, fees: MAX_SUM_FEN, invoiced: MAX_SUM_FEN });
    const pdf = await fetch(`${t.baseUrl}/storm_api/v1/public/fee_statements/${statement.share_id}/pdf`);
    expect(pdf.status).toBe(200);

    const month = businessMonth(t.clock.now());
    const withholding = await get<Withholding>(`/finance/withholding?month=${month}`);
    expect(withholding.totals).toMatchObject({ income: MAX_SUM_FEN, taxable: MAX_SUM_FEN });
    expect(await download(`/finance/withholding/export?month=${month}`)).toMatchObject({ status: 200 });
    const summary = await get<SettlementSummary>(`/settlements/summary?model_id=${finance.model.id}`);
    expect(summary).toMatchObject({
      gross_this_year: MAX_SUM_FEN,
      paid_this_year: PAST_2_53 * (MAX_AMOUNT_FEN - MAX_AMOUNT_FEN / 10),
    });

    // The 发票 register's totals (issue 35) are capped sums too.
    expect(await get<{ count: number; outstanding: number }>('/invoices/totals')).toMatchObject({
      count: PAST_2_53,
      outstanding: MAX_SUM_FEN,
    });
    expect(await download('/invoices/export')).toMatchObject({ status: 200 });
    for (const path of [
      '/dashboard',
      '/settlements/ready/totals',
      '/finance/ready_to_invoice',
      '/invoices?per_page=100',
      '/orders?per_page=100',
    ]) {
      const res = await finance.api('GET', path, undefined, finance.owner.headers);
      expect(res.status, `${path}: ${res.body.message}`).toBe(200);
    }
  });

  it('refuses an amount past its limit on the way in, and in the database', async () => {
    const res = await finance.api(
      'POST',
      '/receipts',
      {
        received_on: today,
        amount: MAX_AMOUNT_FEN + 1,
        payer_name: '某某服饰',
        team_recipient_id: finance.general.id,
      },
      finance.editor.headers,
    );
    expect(res.status).toBe(400);
    await expect(
      t.database.db.execute(sql`
        insert into receipts (team_id, team_recipient_id, received_on, amount, payer_name)
        values (${finance.teamId}, ${finance.general.id}, ${today}, ${MAX_AMOUNT_FEN + 1}, '某某服饰')`),
    ).rejects.toThrow();
  });
});
