import { addDays } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import {
  type CommissionOverride,
  type ReadyToSettle,
  SETTLEMENT_MESSAGES,
  type SettlementDetail,
} from '@trackit/contract/settlement.schema';
import { fullShare } from '@trackit/contract/settlement-math';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { modelCommissionRates } from '../model/model.tables';
import { operationLogs } from '../operation-log/operation-log.tables';

/**
 * A fee line's commission rate (docs/product.md "Model settlements"): the model's rate as of the order's
 * first day from its history, a rate set by hand per line (accounting manage, logged) until a settlement
 * takes the line, and a paid settlement no longer correctable once every line is taken back.
 */
describe('settlement commission rates (佣金比例)', () => {
  let t: TestApp;
  let team: FinanceTeam;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  const newModel = (name: string, commission_rate: number | null = 2_000) =>
    ok(
      api<Model>('POST', '/models', { name, gender: 'female', commission_rate, id_number: uniqueIdNumber() }),
    );
  /** A billed order of the model on `day`, one fee line paid in full by the client. */
  const paidLine = async (modelId: number, amount: number, day: string) => {
    const order = await team.billedOrder([modelFee(amount)], { modelId, days: [orderDay(day)] });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    return { ...line, orderNumber: order.number };
  };
  const ready = async (modelId: number) => {
    const res = await api<ReadyToSettle[]>(
      'GET',
      `/settlements/ready?model_id=${modelId}`,
      undefined,
      reader.headers,
    );
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data[0];
  };
  const create = (body: Record<string, unknown>, headers = editor.headers) =>
    api<SettlementDetail>('POST', '/settlements', body, headers);
  const step = (id: number, what: string, body?: unknown, headers = manager.headers) =>
    api<SettlementDetail>('POST', `/settlements/${id}/${what}`, body, headers);
  const approveAndPay = async (id: number) => {
    await ok(step(id, 'submit', undefined, editor.headers));
    await ok(step(id, 'approval', { result: 'passed' }));
    return ok(
      step(id, 'pay', {
        paid_on: team.today,
        reference: `CMB${id}`,
        team_recipient_id: team.general.id,
      }),
    );
  };
  const override = (feeLineId: number, body: unknown, headers = manager.headers) =>
    api<CommissionOverride>('PUT', `/settlements/commission_overrides/${feeLineId}`, body, headers);
  const share = (gross: number, total: number, commissionRate: number) =>
    fullShare({ gross, lineTotal: total, commissionRate, motherAgency: null });

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
    ({ reader, editor, manager, stranger } = team);
  });
  afterAll(() => t.close());

  it('shares a line by the model’s rate as of its order’s first day, else by the first rate known', async () => {
    const today = team.today;
    const model = await newModel('韩梅', 2_000);
    const history = () =>
      t.database.db
        .select({ from: modelCommissionRates.effectiveFrom, rate: modelCommissionRates.rateBp })
        .from(modelCommissionRates)
        .where(and(eq(modelCommissionRates.teamId, team.teamId), eq(modelCommissionRates.modelId, model.id)))
        .orderBy(asc(modelCommissionRates.effectiveFrom));
    expect(await history()).toEqual([{ from: today, rate: 2_000 }]);
    // As if the 20 % had been set ten days ago.
    await t.database.db
      .update(modelCommissionRates)
      .set({ effectiveFrom: addDays(today, -10) })
      .where(and(eq(modelCommissionRates.teamId, team.teamId), eq(modelCommissionRates.modelId, model.id)));
    const before = await paidLine(model.id, 100_000, addDays(today, -20));
    const old = await paidLine(model.id, 100_000, addDays(today, -5));

    // Today the rate goes to 30 %, then to 35 % (the day's last change wins).
    await ok(api('PATCH', `/models/${model.id}`, { commission_rate: 3_000 }));
    await ok(api('PATCH', `/models/${model.id}`, { commission_rate: 3_500 }));
    expect(await history()).toEqual([
      { from: addDays(today, -10), rate: 2_000 },
      { from: today, rate: 3_500 },
    ]);
    const fresh = await paidLine(model.id, 100_000, today);

    const lines = (await ready(model.id))?.lines ?? [];
    expect(new Map(lines.map((line) => [line.fee_line_id, line.commission_rate]))).toEqual(
      new Map([
        [before.id, 2_000],
        [old.id, 2_000],
        [fresh.id, 3_500],
      ]),
    );
    const settlement = await ok(create({ model_id: model.id }));
    const byLine = new Map(settlement.lines.map((line) => [line.fee_line_id, line.commission]));
    expect(byLine.get(old.id)).toBe(share(old.subtotal, old.total, 2_000).commission);
    expect(byLine.get(before.id)).toBe(share(before.subtotal, before.total, 2_000).commission);
    expect(byLine.get(fresh.id)).toBe(share(fresh.subtotal, fresh.total, 3_500).commission);
  });

  it('overrides a line’s rate at manage, logged, until a settlement takes it', async () => {
    const model = await newModel('李雷', 2_000);
    const line = await paidLine(model.id, 100_000, team.today);
    const other = await paidLine(model.id, 50_000, team.today);
    const baseline = await ready(model.id);
    const body = { commission_rate: 1_000, reason: '客户特批' };

    await refused(override(line.id, body, editor.headers), 403);
    await refused(override(line.id, body, stranger.headers), 404, SETTLEMENT_MESSAGES.feeLineNotFound);
    await refused(override(line.id, { commission_rate: 10_001, reason: 'x' }), 400);
    expect(await ok(override(line.id, body))).toEqual({ fee_line_id: line.id, ...body });

    const after = await ready(model.id);
    const overridden = after?.lines.find((l) => l.fee_line_id === line.id);
    expect(overridden).toMatchObject({
      commission_rate: 1_000,
      commission_override: { rate: 1_000, reason: '客户特批' },
      rate_locked: false,
    });
    const at20 = share(line.subtotal, line.total, 2_000);
    const at10 = share(line.subtotal, line.total, 1_000);
    expect(overridden?.releasable).toMatchObject({ commission: at10.commission, income: at10.income });
    expect(after?.releasable.commission).toBe(
      (baseline?.releasable.commission ?? 0) - at20.commission + at10.commission,
    );
    expect(after?.releasable.income).toBe((baseline?.releasable.income ?? 0) - at20.income + at10.income);
    expect(after?.lines.find((l) => l.fee_line_id === other.id)).toMatchObject({
      commission_rate: 2_000,
      commission_override: null,
    });

    const logged = await t.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, team.teamId), eq(operationLogs.action, 'settlement_rate_override')))
      .orderBy(asc(operationLogs.id));
    expect(logged.map((row) => row.detail)).toEqual([
      { name: '李雷', order: line.orderNumber, before: null, after: 1_000, reason: '客户特批' },
    ]);

    // Settled: the override stays as taken and can neither change nor go.
    const settlement = await ok(create({ model_id: model.id, fee_line_ids: [line.id] }));
    expect(settlement.lines[0]).toMatchObject({ commission: at10.commission, income: at10.income });
    await refused(override(line.id, body), 409, SETTLEMENT_MESSAGES.overrideAfterSettled);
    await refused(
      api('DELETE', `/settlements/commission_overrides/${line.id}`, undefined, manager.headers),
      409,
      SETTLEMENT_MESSAGES.overrideAfterSettled,
    );
    // A line without an override has none to remove.
    await refused(
      api('DELETE', `/settlements/commission_overrides/${other.id}`, undefined, manager.headers),
      404,
      SETTLEMENT_MESSAGES.overrideNotFound,
    );
    // Deleting the draft frees the line again: the override can go.
    await ok(api('DELETE', `/settlements/${settlement.id}`, undefined, editor.headers));
    await ok(api('DELETE', `/settlements/commission_overrides/${line.id}`, undefined, manager.headers));
    expect((await ready(model.id))?.lines.find((l) => l.fee_line_id === line.id)).toMatchObject({
      commission_rate: 2_000,
      commission_override: null,
    });
  });

  it('stops offering a correction once every line of a paid settlement is taken back', async () => {
    const model = await newModel('王芳', 2_000);
    const first = await paidLine(model.id, 100_000, team.today);
    const second = await paidLine(model.id, 100_000, team.today);
    const paid = await approveAndPay((await ok(create({ model_id: model.id }))).id);
    expect(paid.can.correct).toBe(true);

    const partial = await ok(
      step(paid.id, 'correct', { fee_line_ids: [first.id], reason: '佣金有误' }, editor.headers),
    );
    const get = (id: number) =>
      ok(api<SettlementDetail>('GET', `/settlements/${id}`, undefined, editor.headers));
    expect((await get(paid.id)).can.correct).toBe(true);
    const rest = await ok(
      step(paid.id, 'correct', { fee_line_ids: [second.id], reason: '佣金有误' }, editor.headers),
    );
    expect((await get(paid.id)).can.correct).toBe(false);
    expect(rest.can.correct).toBe(false);
    // A rejected correction gives its lines back to correct.
    await ok(step(partial.id, 'submit', undefined, editor.headers));
    await ok(step(partial.id, 'approval', { result: 'rejected', comment: '重新核对' }));
    expect((await get(paid.id)).can.correct).toBe(true);
  });
});
