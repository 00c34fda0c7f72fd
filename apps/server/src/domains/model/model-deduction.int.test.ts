/**
 * A model's deductions (扣款): recorded at accounting edit (with an optional receipt), listed at accounting
 * read newest first with a state filter, voided until a settlement takes them; every change logged on the
 * model, shown in its history only to finance's readers; another team's model or deduction not found.
 */
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import { MODEL_DEDUCTION_MESSAGES, type ModelDeduction } from '@trackit/contract/model-deduction.schema';
import { MAX_FEE_FEN } from '@trackit/contract/money';
import type { OperationLog, RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { uploadBlob } from '../../test/uploads';
import { settlements } from '../settlement/settlement.tables';
import { modelDeductions } from './model.tables';

type Headers = Record<string, string>;

describe('a model’s deductions', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let stranger: SignedInMember;
  /** data_management read only: sees the model and its history, not its deductions. */
  let modelReader: SignedInMember;
  let today: string;
  let modelId: number;
  let otherModelId: number;
  let strangerModelId: number;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const record = (body: Record<string, unknown>, headers = editor.headers, model = modelId) =>
    api<ModelDeduction>('POST', `/v1/models/${model}/deductions`, body, headers);
  const voiding = (deductionId: number, headers = editor.headers, model = modelId) =>
    api<ModelDeduction>('POST', `/v1/models/${model}/deductions/${deductionId}/void`, undefined, headers);
  const listed = (query = '', headers = reader.headers, model = modelId) =>
    api<ModelDeduction[]>('GET', `/v1/models/${model}/deductions${query}`, undefined, headers);
  const stored = () => t.database.db.select().from(modelDeductions).where(eq(modelDeductions.teamId, teamId));
  const newModel = async (name: string, headers = owner.headers) =>
    (await ok(api<Model>('POST', '/v1/models', { name, gender: 'female' }, headers))).id;

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'accounting');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    editor = team.levels.edit;
    stranger = team.stranger;
    modelReader = await signInMemberWith(t, teamId, [{ key: 'data_management', level: 'read' }], '模特查看');
    today = businessDate(t.clock.now());
    modelId = await newModel('刘晓阳');
    otherModelId = await newModel('王芳');
    strangerModelId = await newModel('外队模特', stranger.headers);
  });
  afterAll(() => t.close());

  let advanceId: number;
  let expenseId: number;

  it('records an advance and an expense with its receipt, logged on the model', async () => {
    const advance = await ok(
      record({ kind: 'advance', occurred_on: addDays(today, -3), amount: 200_000, note: '  六月预支 ' }),
    );
    advanceId = advance.id;
    expect(advance).toMatchObject({
      model_id: modelId,
      kind: 'advance',
      occurred_on: addDays(today, -3),
      amount: 200_000,
      note: '六月预支',
      file: null,
      settlement_id: null,
      state: 'unsettled',
      voided_at: null,
      voided_by: null,
      created_by: { id: editor.membershipId, nickname: 'edit' },
      can: { void: true },
    });

    const receipt = await uploadBlob(t, editor.headers, Buffer.from('%PDF-1.4 机票'), {
      name: '机票.pdf',
      type: 'application/pdf',
    });
    const expense = await ok(
      record({ kind: 'expense', occurred_on: today, amount: 35_050, file_signed_id: receipt }),
    );
    expenseId = expense.id;
    expect(expense).toMatchObject({ kind: 'expense', note: '', file: { name: '机票.pdf' } });
    const download = await fetch(`${t.baseUrl}${expense.file?.url ?? ''}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 机票');
    // The same upload cannot be a second deduction's receipt.
    const again = await record({ kind: 'expense', occurred_on: today, amount: 100, file_signed_id: receipt });
    expect(again.status).toBe(409);

    const log = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?per_page=2'));
    expect(log.map((entry) => entry.sentence)).toEqual([
      `为模特「刘晓阳」登记了代垫费用扣款 ¥350.50（${today}）`,
      `为模特「刘晓阳」登记了预支扣款 ¥2,000.00（${addDays(today, -3)}）`,
    ]);
    expect(log[0]?.link).toBe(`/admin/information/model/${modelId}`);
  });

  it('refuses a bad deduction with a Chinese message on its field, writing nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', MODEL_DEDUCTION_MESSAGES.amountInvalid],
      [{ amount: -100 }, 'amount', MODEL_DEDUCTION_MESSAGES.amountInvalid],
      [{ amount: MAX_FEE_FEN + 1 }, 'amount', MODEL_DEDUCTION_MESSAGES.amountInvalid],
      [{ amount: 10.5 }, 'amount', '*金额须为整数分'],
      [{ amount: undefined }, 'amount', '*请输入金额'],
      [{ kind: 'loan' }, 'kind', '*请选择扣款类型'],
      [{ occurred_on: '2026-02-30' }, 'occurred_on', '*日期格式不正确'],
      [{ occurred_on: addDays(today, 1) }, 'occurred_on', MODEL_DEDUCTION_MESSAGES.occurredInFuture],
      [{ note: '注'.repeat(201) }, 'note', '*最多200个字符'],
      [{ file_signed_id: '' }, 'file_signed_id', '/./'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await record({ kind: 'advance', occurred_on: today, amount: 100, ...fields });
      expect(res.status, field).toBe(400);
      const data = res.body.data as unknown as { fields: Record<string, string> };
      if (message === '/./') expect(data.fields[field]).toBeTruthy();
      else expect(data.fields[field], JSON.stringify(data)).toBe(message);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const forged = await record({ kind: 'advance', occurred_on: today, amount: 100, file_signed_id: 'x.y' });
    expect(forged.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('lists them at read, newest first, by state, paged', async () => {
    const all = await listed();
    expect(all.body.data.map((deduction) => deduction.id)).toEqual([expenseId, advanceId]);
    expect(all.headers.get('x-total')).toBe('2');
    // Read sees them without the means to void.
    expect(all.body.data.every((deduction) => deduction.can.void === false)).toBe(true);
    const paged = await listed('?per_page=1&page=2');
    expect(paged.body.data.map((deduction) => deduction.id)).toEqual([advanceId]);
    expect((await ok(listed('?state=unsettled'))).map((deduction) => deduction.id)).toEqual([
      expenseId,
      advanceId,
    ]);
    expect(await ok(listed('?state=voided'))).toEqual([]);
    expect(await ok(listed('', reader.headers, otherModelId))).toEqual([]);
    const bad = await listed('?state=paid');
    expect(bad.status).toBe(400);
  });

  it('voids an unsettled one once; refuses a voided or settled one (409), writing nothing', async () => {
    const voided = await ok(voiding(advanceId));
    expect(voided).toMatchObject({
      state: 'voided',
      voided_by: { id: editor.membershipId, nickname: 'edit' },
      can: { void: false },
    });
    expect(voided.voided_at).not.toBeNull();
    const log = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?per_page=1'));
    expect(log[0]?.sentence).toBe(`作废了模特「刘晓阳」${addDays(today, -3)} 的预支扣款 ¥2,000.00`);

    // A settlement takes the expense (written here as settlement.service.ts writes it when it drafts one;
    // settlement.int.test.ts takes deductions through the API).
    const [settlement] = await t.database.db
      .insert(settlements)
      .values({
        teamId,
        number: 'JS20260101001',
        modelId,
        payoutType: 'individual',
        taxMonth: today.slice(0, 7),
        gross: 0,
        commission: 0,
        motherAgency: 0,
        motherAgencyFromModel: 0,
        income: 0,
        taxable: 0,
        tax: 0,
        net: 0,
      })
      .returning({ id: settlements.id });
    await t.database.db
      .update(modelDeductions)
      .set({ settlementId: settlement?.id ?? null })
      .where(eq(modelDeductions.id, expenseId));
    const before = await stored();
    const again = await voiding(advanceId);
    expect([again.status, again.body.message]).toEqual([409, MODEL_DEDUCTION_MESSAGES.alreadyVoided]);
    const settled = await voiding(expenseId);
    expect([settled.status, settled.body.message]).toEqual([409, MODEL_DEDUCTION_MESSAGES.settled]);
    expect((await voiding(expenseId, reader.headers)).status).toBe(403);
    expect(await stored()).toEqual(before);

    expect((await ok(listed('?state=voided'))).map((deduction) => deduction.id)).toEqual([advanceId]);
    expect((await ok(listed('?state=settled'))).map((deduction) => deduction.id)).toEqual([expenseId]);
    expect(await ok(listed('?state=unsettled'))).toEqual([]);
  });

  it('answers not found for another team’s model or another model’s deduction, writing nothing', async () => {
    const before = await stored();
    const body = { kind: 'advance', occurred_on: today, amount: 100 };
    for (const res of [
      await listed('', stranger.headers),
      await record(body, stranger.headers),
      await voiding(advanceId, stranger.headers),
      await listed('', editor.headers, strangerModelId),
      await record(body, editor.headers, strangerModelId),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, '模特不存在']);
    }
    const elsewhere = await voiding(expenseId, editor.headers, otherModelId);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, MODEL_DEDUCTION_MESSAGES.notFound]);
    expect(await stored()).toEqual(before);
  });

  it('keeps the model from deletion and its amounts from readers of the model alone', async () => {
    const deletion = await ok(api<{ can: boolean; reason: string }>('GET', `/v1/models/${modelId}/deletion`));
    expect(deletion).toEqual({ can: false, reason: '该模特已有 2 笔扣款，不能删除，可以归档' });
    const refused = await api('DELETE', `/v1/models/${modelId}`);
    expect(refused.status).toBe(409);
    const [{ total } = { total: 0 }] = await t.database.db
      .select({ total: count() })
      .from(modelDeductions)
      .where(eq(modelDeductions.modelId, modelId));
    expect(total).toBe(2);

    const history = (headers: Headers) =>
      ok(api<RecordHistoryEntry[]>('GET', `/v1/models/${modelId}/history`, undefined, headers));
    const full = await history(owner.headers);
    expect(full.map((entry) => entry.action)).toEqual([
      'model_deduction_void',
      'model_deduction_create',
      'model_deduction_create',
      'model_create',
    ]);
    const modelOnly = await history(modelReader.headers);
    expect(modelOnly.map((entry) => entry.action)).toEqual(['model_create']);
    expect(JSON.stringify(modelOnly)).not.toContain('¥');
  });
});
