/**
 * A model's changes that wait for a second member (docs/product.md "Changes that wait for approval"): its
 * terms (commission, mother agency and its share) changed below accounting manage go to approval — or,
 * as the team decides, take effect and are told to finance — and its payout account waits for a checker.
 */
import { APPROVAL_MESSAGES, type WaitingApproval } from '@trackit/contract/approval.schema';
import { MODEL_MESSAGES, type Model, type ModelPendingChanges } from '@trackit/contract/model.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { PENDING_CHANGE_MESSAGES } from '@trackit/contract/pending-change.schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { noticesOf, type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { approvals } from '../approval/approval.tables';
import { notifications } from '../notify/notify.tables';
import { modelChanges, modelCommissionRates, models } from './model.tables';

type Headers = Record<string, string>;

describe('a model’s changes that wait for a second member', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  /** data_management edit: the limited 经纪人 of the issue. */
  let agent: SignedInMember;
  /** data_management edit: the agent who looks after the model. */
  let otherAgent: SignedInMember;
  /** data_management manage: sees and writes payout accounts, below accounting manage. */
  let dataManager: SignedInMember;
  /** accounting manage (and reads models): approves terms and confirms accounts. */
  let accountant: SignedInMember;
  let modelId: number;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const pendingOf = (who: SignedInMember, id = modelId) =>
    ok(api<ModelPendingChanges>('GET', `/v1/models/${id}/pending_changes`, undefined, who.headers));
  const stored = async (id = modelId) => {
    const [row] = await t.database.db.select().from(models).where(eq(models.id, id));
    return row;
  };
  const lastLog = async (action: string) =>
    (await ok(api<OperationLog[]>('GET', `/v1/operation_logs?action=${action}&per_page=1`)))[0];
  const decide = (changeId: number, body: unknown, who: SignedInMember = accountant) =>
    api<ModelPendingChanges>('POST', `/v1/model_changes/${changeId}/approval`, body, who.headers);

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    owner = team.owner;
    agent = team.levels.edit;
    dataManager = team.levels.manage;
    otherAgent = await signInMemberWith(t, teamId, [{ key: 'data_management', level: 'edit' }], '周楠');
    accountant = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'data_management', level: 'read' },
        { key: 'accounting', level: 'manage' },
      ],
      '会计主管',
    );
    const created = await ok(
      api<Model>(
        'POST',
        '/v1/models',
        { name: '刘晓阳', gender: 'female', commission_rate: 1500, city: '北京' },
        otherAgent.headers,
      ),
    );
    modelId = created.id;
  });
  afterAll(() => t.close());

  it('holds a limited agent’s change of another agent’s model’s commission (15 % → 40 %) for approval', async () => {
    const answer = await ok(
      api<Model>('PATCH', `/v1/models/${modelId}`, { commission_rate: 4000, city: '上海' }, agent.headers),
    );
    // What else was sent applies; the commission does not, yet.
    expect(answer).toMatchObject({ commission_rate: 1500, city: '上海' });
    expect((await stored())?.commissionRate).toBe(1500);
    const pending = await pendingOf(agent);
    expect(pending.terms).toMatchObject({
      requested_by: { id: agent.membershipId, nickname: 'edit' },
      before: {
        commission_rate: 1500,
        mother_agency: null,
        mother_agency_rate: null,
        mother_agency_basis: null,
      },
      after: {
        commission_rate: 4000,
        mother_agency: null,
        mother_agency_rate: null,
        mother_agency_basis: null,
      },
      can: { decide: false, withdraw: true },
      decide_refusal: null,
    });
    // Below manage of models, the payout part is not even named.
    expect('payout' in pending).toBe(false);
    expect((await pendingOf(accountant)).terms?.can).toEqual({ decide: true, withdraw: false });
    // Finance's managers are asked, with before and after.
    const ask = {
      title: MODEL_MESSAGES.termsChangeRequested('刘晓阳'),
      body: 'edit提交：佣金比例：15% → 40%',
      link: `/admin/information/model/${modelId}`,
    };
    expect((await noticesOf(t.database.db, accountant.membershipId)).at(-1)).toEqual(ask);
    expect((await noticesOf(t.database.db, owner.membershipId)).at(-1)).toEqual(ask);
    expect(await noticesOf(t.database.db, otherAgent.membershipId)).toEqual([]);
    const [waiting] = await ok(api<WaitingApproval[]>('GET', '/v1/approvals', undefined, accountant.headers));
    expect(waiting).toMatchObject({
      kind: 'commission_change',
      kind_label: '佣金变更',
      subject: MODEL_MESSAGES.termsChangeSubject('刘晓阳'),
      requested_by: { id: agent.membershipId },
    });
    expect(await lastLog('model_change_request')).toMatchObject({
      sentence: '提交了模特「刘晓阳」的佣金条款修改，待审批',
      changes: [{ field: '佣金比例', before: '15%', after: '40%' }],
    });
    // Only finance's managers decide.
    await refused(decide(pending.terms?.id ?? 0, { result: 'passed' }, agent), 403);
  });

  it('applies it once approved, from that day on, logged with before and after, and tells the requester', async () => {
    const changeId = (await pendingOf(accountant)).terms?.id ?? 0;
    const decided = await ok(decide(changeId, { result: 'passed', comment: '客户合同已确认' }));
    expect(decided.terms).toBeNull();
    expect((await stored())?.commissionRate).toBe(4000);
    const rates = await t.database.db
      .select({ rate: modelCommissionRates.rateBp })
      .from(modelCommissionRates)
      .where(eq(modelCommissionRates.modelId, modelId))
      .orderBy(asc(modelCommissionRates.id));
    expect(rates.map((row) => row.rate)).toEqual([4000]);
    expect(await lastLog('model_change_decide')).toMatchObject({
      sentence: '通过了模特「刘晓阳」的佣金条款修改，已生效',
      changes: [{ field: '佣金比例', before: '15%', after: '40%' }],
      link: `/admin/information/model/${modelId}`,
    });
    expect((await noticesOf(t.database.db, agent.membershipId)).at(-1)).toEqual({
      title: MODEL_MESSAGES.termsChangeApplied('刘晓阳'),
      body: '会计主管：客户合同已确认',
      link: `/admin/information/model/${modelId}`,
    });
    await refused(decide(changeId, { result: 'passed' }), 409, PENDING_CHANGE_MESSAGES.notPending);
  });

  it('keeps the terms when refused, with the reason told to the requester', async () => {
    await ok(
      api(
        'PATCH',
        `/v1/models/${modelId}`,
        { mother_agency: 'Elite Paris', mother_agency_rate: 1050, mother_agency_basis: 'commission' },
        agent.headers,
      ),
    );
    const change = (await pendingOf(accountant)).terms;
    expect(change?.after).toMatchObject({
      commission_rate: 4000,
      mother_agency: 'Elite Paris',
      mother_agency_rate: 1050,
      mother_agency_basis: 'commission',
    });
    const noReason = await decide(change?.id ?? 0, { result: 'rejected' });
    expect(noReason.status).toBe(400);
    await ok(decide(change?.id ?? 0, { result: 'rejected', comment: '母公司合同未到' }));
    expect(await stored()).toMatchObject({
      motherAgency: null,
      motherAgencyRate: null,
      commissionRate: 4000,
    });
    expect((await noticesOf(t.database.db, agent.membershipId)).at(-1)).toMatchObject({
      title: MODEL_MESSAGES.termsChangeRejected('刘晓阳'),
      body: '会计主管：母公司合同未到',
    });
  });

  it('lets a newer change replace a waiting one, the requester alone withdraw, and a manager’s change end it', async () => {
    await ok(api('PATCH', `/v1/models/${modelId}`, { commission_rate: 3000 }, agent.headers));
    const first = (await pendingOf(agent)).terms;
    await ok(api('PATCH', `/v1/models/${modelId}`, { commission_rate: 3500 }, otherAgent.headers));
    const second = (await pendingOf(agent)).terms;
    expect(second).toMatchObject({
      after: { commission_rate: 3500 },
      requested_by: { id: otherAgent.membershipId },
    });
    expect((await noticesOf(t.database.db, agent.membershipId)).at(-1)).toMatchObject({
      title: MODEL_MESSAGES.termsChangeReplaced('刘晓阳'),
      body: '周楠提交了新的修改',
    });
    const [old] = await t.database.db
      .select()
      .from(modelChanges)
      .where(eq(modelChanges.id, first?.id ?? 0));
    expect(old?.status).toBe('superseded');
    await refused(
      api('POST', `/v1/model_changes/${second?.id}/withdraw`, undefined, agent.headers),
      403,
      PENDING_CHANGE_MESSAGES.withdrawOwnOnly,
    );
    const withdrawn = await ok(
      api<ModelPendingChanges>(
        'POST',
        `/v1/model_changes/${second?.id}/withdraw`,
        undefined,
        otherAgent.headers,
      ),
    );
    expect(withdrawn.terms).toBeNull();
    expect(await lastLog('model_change_withdraw')).toMatchObject({
      sentence: '撤回了模特「刘晓阳」的佣金条款修改申请',
    });
    // An accounting manager's change takes effect and ends what waited.
    await ok(api('PATCH', `/v1/models/${modelId}`, { commission_rate: 3200 }, agent.headers));
    const direct = await ok(api<Model>('PATCH', `/v1/models/${modelId}`, { commission_rate: 2500 }));
    expect(direct.commission_rate).toBe(2500);
    expect((await pendingOf(agent)).terms).toBeNull();
    expect((await noticesOf(t.database.db, agent.membershipId)).at(-1)).toMatchObject({
      title: MODEL_MESSAGES.termsChangeReplaced('刘晓阳'),
    });
  });

  it('under 立即生效并通知, applies an agent’s change at once and tells finance’s managers before → after', async () => {
    await ok(api('PATCH', '/v1/approval_settings', { commission_change_control: 'notify' }));
    const answer = await ok(
      api<Model>('PATCH', `/v1/models/${modelId}`, { commission_rate: 2035 }, agent.headers),
    );
    expect(answer.commission_rate).toBe(2035);
    expect((await pendingOf(agent)).terms).toBeNull();
    expect((await noticesOf(t.database.db, accountant.membershipId)).at(-1)).toEqual({
      title: MODEL_MESSAGES.termsChanged('刘晓阳'),
      body: 'edit修改：佣金比例：25% → 20.35%',
      link: `/admin/information/model/${modelId}`,
    });
    expect(await lastLog('model_update')).toMatchObject({
      changes: [{ field: '佣金比例', before: '25%', after: '20.35%' }],
    });
    await ok(api('PATCH', '/v1/approval_settings', { commission_change_control: 'approval' }));
  });

  it('holds a payout account change for a second member, masked for everyone, the maker never confirming it', async () => {
    await ok(
      api(
        'PATCH',
        `/v1/models/${modelId}`,
        { payout_account_name: '刘晓阳', payout_bank: 'cib', payout_account_number: '6229 0812 3456 7890' },
        dataManager.headers,
      ),
    );
    expect((await stored())?.payoutAccountNumber).toBeNull();
    const seen = await pendingOf(dataManager);
    expect(seen.payout).toMatchObject({
      before: { account_name: null, bank: null, account_number: null },
      after: { account_name: '刘晓阳', bank: 'cib', account_number: '6229 **** **** 7890' },
      can: { decide: false, withdraw: true },
    });
    expect(JSON.stringify(seen)).not.toContain('6229081234567890');
    expect('payout' in (await pendingOf(agent))).toBe(false);
    const ask = (await noticesOf(t.database.db, accountant.membershipId)).at(-1);
    expect(ask).toEqual({
      title: MODEL_MESSAGES.payoutChangeRequested('刘晓阳'),
      body: 'manage提交：开户名：-- → 刘晓阳；开户银行：-- → 兴业银行；银行账号：-- → 6229 **** **** 7890',
      link: `/admin/information/model/${modelId}`,
    });
    await ok(decide(seen.payout?.id ?? 0, { result: 'passed' }));
    const model = await ok(api<Model>('GET', `/v1/models/${modelId}`, undefined, dataManager.headers));
    expect(model).toMatchObject({ payout_bank: 'cib', payout_account_number: '6229081234567890' });
    expect((await noticesOf(t.database.db, dataManager.membershipId)).at(-1)).toMatchObject({
      title: MODEL_MESSAGES.payoutChangeApplied('刘晓阳'),
    });

    // The owner (an approver) changes it: someone else must confirm.
    await ok(
      api('PATCH', `/v1/models/${modelId}`, {
        payout_bank: 'other',
        payout_bank_name: '上海农商银行',
        payout_bank_branch: '静安支行',
        payout_account_number: '50131000123456789',
      }),
    );
    const mine = (await pendingOf(owner)).payout;
    expect(mine).toMatchObject({
      can: { decide: false, withdraw: true },
      decide_refusal: APPROVAL_MESSAGES.checkerMustDiffer,
      after: {
        bank: 'other',
        bank_name: '上海农商银行',
        branch: '静安支行',
        account_number: '5013 **** **** 6789',
      },
    });
    await refused(
      decide(mine?.id ?? 0, { result: 'passed' }, owner),
      403,
      APPROVAL_MESSAGES.checkerMustDiffer,
    );
    await ok(decide(mine?.id ?? 0, { result: 'passed' }));
    expect(await stored()).toMatchObject({
      payoutBank: 'other',
      payoutBankName: '上海农商银行',
      payoutBankBranch: '静安支行',
      payoutAccountNumber: '50131000123456789',
    });
    // What finance's managers read: masked, never the number whole.
    const everything = await t.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.teamId, teamId));
    const text = everything.map((notice) => `${notice.title}${notice.body}`).join('\n');
    for (const digits of ['6229081234567890', '50131000123456789']) {
      expect(text.replace(/\s/g, '')).not.toContain(digits);
    }
    expect(text).toContain('开户银行：兴业银行 → 其他银行（城商行、农商行等）；银行名称：-- → 上海农商银行');
  });

  it('takes a model’s waiting changes along when a model made by mistake is deleted', async () => {
    const made = await ok(
      api<Model>('POST', '/v1/models', { name: '误建', gender: 'male', commission_rate: 2000 }),
    );
    await ok(api('PATCH', `/v1/models/${made.id}`, { commission_rate: 2500 }, agent.headers));
    const changeId = (await pendingOf(owner, made.id)).terms?.id ?? 0;
    await ok(api('DELETE', `/v1/models/${made.id}`));
    expect(await t.database.db.select().from(modelChanges).where(eq(modelChanges.modelId, made.id))).toEqual(
      [],
    );
    expect(
      await t.database.db
        .select()
        .from(approvals)
        .where(and(eq(approvals.kind, 'commission_change'), eq(approvals.recordId, changeId))),
    ).toEqual([]);
    await refused(decide(changeId, { result: 'passed' }), 404, PENDING_CHANGE_MESSAGES.notFound);
  });
});
