import { businessDate, monthEnd, monthStart } from '@trackit/contract/business-time';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { ReadyToSettle, Settlement, SettlementDetail } from '@trackit/contract/settlement.schema';
import { SETTLEMENT_MESSAGES } from '@trackit/contract/settlement.schema';
import type { ReadyTotals, SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, type SignedInMember, signInMemberWith, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { settlements } from './settlement.tables';

/**
 * What a model is owed and was paid (GET /v1/settlements/summary) and the finance dashboard's 应付模特 and
 * 本月代扣个税 (docs/product.md "Model settlements", "Finance dashboard"), against settlements paid here.
 */
describe('settlement summary and the dashboard’s payable to models', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let today: string;
  let year: number;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  const newModel = (name: string, commission_rate: number | null = 2_000) =>
    ok(
      api<Model>('POST', '/models', { name, gender: 'female', commission_rate, id_number: uniqueIdNumber() }),
    );
  const clientPays = (feeLineId: number, amount: number) =>
    team.receipt({ amount, allocations: [{ fee_line_id: feeLineId, amount }] });
  const asked = (modelId: number, headers = reader.headers) =>
    api<SettlementSummary>('GET', `/settlements/summary?model_id=${modelId}`, undefined, headers);
  const summary = (modelId: number) => ok(asked(modelId));
  const ready = async (modelId: number) =>
    (
      await ok(
        api<ReadyToSettle[]>('GET', `/settlements/ready?model_id=${modelId}`, undefined, reader.headers),
      )
    )[0];
  /** Drafted by the editor (every releasable line), submitted, passed and paid today by the manager. */
  const pay = async (id: number) => {
    await ok(api('POST', `/settlements/${id}/submit`, undefined, editor.headers));
    await ok(api('POST', `/settlements/${id}/approval`, { result: 'passed' }, manager.headers));
    return ok(
      api<SettlementDetail>(
        'POST',
        `/settlements/${id}/pay`,
        { paid_on: today, reference: `CMB${id}`, team_recipient_id: team.general.id },
        manager.headers,
      ),
    );
  };
  const settle = async (modelId: number) =>
    pay((await ok(api<SettlementDetail>('POST', '/settlements', { model_id: modelId }, editor.headers))).id);
  /** Writes a paid settlement's payment date (the year's boundary without moving the clock a year). */
  const paidOn = (id: number, day: string) =>
    t.database.db
      .update(settlements)
      .set({ paidOn: day })
      .where(and(eq(settlements.teamId, team.teamId), eq(settlements.id, id)));
  /** Every page of a list. */
  const everyPage = async <T>(path: string): Promise<T[]> => {
    const all: T[] = [];
    for (let page = 1; ; page += 1) {
      const res = await api<T[]>('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=2`);
      expect(res.body.code, res.body.message).toBe(0);
      all.push(...res.body.data);
      if (all.length >= Number(res.headers.get('x-total'))) return all;
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    ({ reader, editor, manager, today } = team);
    year = Number(businessDate(t.clock.now()).slice(0, 4));
  });
  afterAll(() => t.close());

  it('adds up to the fen against the settlements paid, within the business year, corrections netting off', async () => {
    const model = await newModel('苏禾');
    // Order 1: two lines paid in full by the client (10,000 and 5,000 yuan before VAT).
    const first = await team.billedOrder([modelFee(1_000_000), modelFee(500_000)], { modelId: model.id });
    const [a, b] = first.lines;
    if (!a || !b) throw new Error('no fee lines');
    await clientPays(a.id, a.total);
    await clientPays(b.id, b.total);
    const empty = await summary(model.id);
    expect(empty).toMatchObject({
      model: { id: model.id, name: '苏禾' },
      year: String(year),
      paid_this_year: 0,
      withheld_this_year: 0,
      gross_this_year: 0,
      settlements: { count: 0, latest: null },
    });
    const before = await ready(model.id);
    expect(empty.payable_now).toBe(before?.releasable.net);
    expect(empty.payable_now).toBeGreaterThan(0);
    const s1 = await settle(model.id);
    expect(s1.net).toBe(empty.payable_now);

    // Order 2: the client pays half; half is settled and paid, the rest waits.
    const second = await team.billedOrder([modelFee(800_000)], { modelId: model.id });
    const [c] = second.lines;
    if (!c) throw new Error('no fee line');
    await clientPays(c.id, Math.round(c.total / 2));
    const s2 = await settle(model.id);

    // A correction takes back line b of the first settlement, and is paid too.
    const lineB = s1.lines.find((line) => line.fee_line_id === b.id);
    expect(lineB).toBeDefined();
    const correction = await ok(
      api<SettlementDetail>(
        'POST',
        `/settlements/${s1.id}/correct`,
        { fee_line_ids: [b.id], reason: '金额有误' },
        editor.headers,
      ),
    );
    const c1 = await pay(correction.id);
    expect(c1.net).toBeLessThan(0);

    // The year's boundary: s2 was paid on the last day of last year, s1 on the first of this one.
    await paidOn(s2.id, `${year - 1}-12-31`);
    await paidOn(s1.id, `${year}-01-01`);

    const now = await ready(model.id);
    const got = await summary(model.id);
    expect(got).toEqual({
      model: { id: model.id, name: '苏禾' },
      year: String(year),
      payable_now: now?.releasable.net ?? 0,
      waiting: now?.waiting.net ?? 0,
      paid_this_year: s1.net + c1.net,
      withheld_this_year: s1.tax + c1.tax,
      gross_this_year: s1.gross + c1.gross,
      settlements: {
        count: 3,
        latest: {
          id: c1.id,
          number: c1.number,
          status: 'paid',
          net: c1.net,
          created_at: c1.created_at,
          paid_on: today,
        },
      },
    });
    // Line b's money is releasable again; order 2's unpaid half waits.
    expect(got.payable_now).toBeGreaterThan(0);
    expect(got.waiting).toBeGreaterThan(0);
    // Not s2's: it falls in last year.
    expect(got.paid_this_year).not.toBe(s1.net + c1.net + s2.net);
  });

  it('answers another team’s model as not found, and refuses a member without accounting', async () => {
    const model = await newModel('夏至');
    await refused(asked(model.id, team.stranger.headers), 404, SETTLEMENT_MESSAGES.modelNotFound);
    await refused(asked(987_654_321), 404, SETTLEMENT_MESSAGES.modelNotFound);
    const outsider = await signInMemberWith(t, team.teamId, [{ key: 'data_management', level: 'manage' }]);
    await refused(asked(model.id, outsider.headers), 403);
    await refused(api('GET', '/settlements/summary', undefined, reader.headers), 400);
  });

  it('shows on the dashboard the sums of 待结算 over every model and of the month’s paid settlements', async () => {
    // More models: one waiting for its client, one without a commission rate, one paid as a studio.
    const waiting = await newModel('陈果');
    const [w] = (await team.billedOrder([modelFee(600_000)], { modelId: waiting.id })).lines;
    if (!w) throw new Error('no fee line');
    await clientPays(w.id, Math.round(w.total / 3));
    const noRate = await newModel('白露', null);
    const [n] = (await team.billedOrder([modelFee(300_000)], { modelId: noRate.id })).lines;
    if (!n) throw new Error('no fee line');
    await clientPays(n.id, n.total);
    const studio = await newModel('周岚');
    await ok(api('PATCH', `/models/${studio.id}`, { payout_type: 'studio' }));
    const [s] = (await team.billedOrder([modelFee(400_000)], { modelId: studio.id })).lines;
    if (!s) throw new Error('no fee line');
    await clientPays(s.id, s.total);
    await settle(studio.id);

    const dashboard = await ok(api<FinanceDashboard>('GET', '/finance/dashboard', undefined, reader.headers));
    const readyAll = await everyPage<ReadyToSettle>('/settlements/ready');
    expect(readyAll.length).toBeGreaterThanOrEqual(3);
    const totals = await ok(api<ReadyTotals>('GET', '/settlements/ready/totals', undefined, reader.headers));
    expect(totals).toEqual({
      models: readyAll.length,
      payable: readyAll.reduce((sum, model) => sum + model.releasable.net, 0),
      waiting: readyAll.reduce((sum, model) => sum + model.waiting.net, 0),
    });
    const from = monthStart(today);
    const to = monthEnd(today);
    // Paid to individuals: what the month's 扣缴明细 lists (a studio's payout is not on it; issue 35 item 7).
    const paidThisMonth = (await everyPage<Settlement>('/settlements?status=paid')).filter(
      (settlement) =>
        settlement.payout_type === 'individual' &&
        settlement.paid_on !== null &&
        settlement.paid_on >= from &&
        settlement.paid_on <= to,
    );
    expect(paidThisMonth.length).toBeGreaterThan(0);
    expect(dashboard.withheld_this_month).toEqual({
      from,
      to,
      count: paidThisMonth.length,
      amount: paidThisMonth.reduce((sum, settlement) => sum + settlement.tax, 0),
    });
    // The month's withholding list (individuals; a studio withholds nothing) says the same.
    const withholding = await ok(
      api<{ totals: { tax: number } }>('GET', `/finance/withholding?month=${today.slice(0, 7)}`),
    );
    expect(withholding.totals.tax).toBe(dashboard.withheld_this_month.amount);
  });
});
