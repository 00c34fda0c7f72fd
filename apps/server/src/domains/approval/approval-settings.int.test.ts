/**
 * The team's approval settings (审批与复核) and who may decide their own request: read by every member,
 * changed at accounting manage and logged; 禁止审批本人提交的申请 keeps a requester from deciding their own
 * 红冲, settlement or commission change (and leaves it out of their 待我审批); an order's manager still
 * approves their own order, and a bank change is never confirmed by its maker.
 */
import {
  APPROVAL_MESSAGES,
  type ApprovalKind,
  type ApprovalSettings,
  type WaitingApproval,
} from '@trackit/contract/approval.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { decideApproval, requestApproval } from './approval.service';

type Headers = Record<string, string>;

describe('approval settings and deciding one’s own request', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let accountant: SignedInMember;
  let bookkeeper: SignedInMember;
  let nobody: SignedInMember;
  let nextRecord = 5000;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const db = () => t.database.db;
  const ask = async (kind: ApprovalKind, requestedBy: number) => {
    const ref = { teamId, kind, recordId: ++nextRecord };
    const notice = { title: '待审批', body: '', link: '/admin' };
    await db().transaction((tx) =>
      requestApproval(tx, ref, { requestedBy, at: new Date(), subject: `${kind} ${ref.recordId}`, notice }),
    );
    return ref;
  };
  const decide = (ref: Awaited<ReturnType<typeof ask>>, decidedBy: number) =>
    db().transaction((tx) =>
      decideApproval(tx, ref, { result: 'passed', comment: '', decidedBy, at: new Date() }),
    );
  const refusalOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  };
  const waiting = (who: SignedInMember) =>
    ok(api<WaitingApproval[]>('GET', '/v1/approvals', undefined, who.headers));

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'accounting');
    teamId = team.teamId;
    owner = team.owner;
    accountant = team.levels.manage;
    bookkeeper = team.levels.edit;
    nobody = await signInMemberWith(t, teamId, [{ key: 'calendar', level: 'read' }], '实习生');
  });
  afterAll(() => t.close());

  it('starts with commission changes to approval, bank changes reviewed, self-approval left to each kind', async () => {
    for (const who of [owner, bookkeeper, nobody]) {
      const settings = await ok(
        api<ApprovalSettings>('GET', '/v1/approval_settings', undefined, who.headers),
      );
      expect(settings).toEqual({
        commission_change_control: 'approval',
        bank_change_review: true,
        forbid_self_approval: false,
        can: { edit: who === owner },
      });
    }
  });

  it('is changed at accounting manage only, logged setting by setting; a bad value is refused in Chinese', async () => {
    await refused(
      api('PATCH', '/v1/approval_settings', { forbid_self_approval: true }, bookkeeper.headers),
      403,
    );
    const empty = await api('PATCH', '/v1/approval_settings', {}, accountant.headers);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(APPROVAL_MESSAGES.settingsNothing);
    const bad = await api<{ fields: Record<string, string> }>(
      'PATCH',
      '/v1/approval_settings',
      { commission_change_control: 'ignore' },
      accountant.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.commission_change_control).toBe('*请选择佣金修改的处理方式');
    const saved = await ok(
      api<ApprovalSettings>(
        'PATCH',
        '/v1/approval_settings',
        { commission_change_control: 'notify', forbid_self_approval: true },
        accountant.headers,
      ),
    );
    expect(saved).toMatchObject({ commission_change_control: 'notify', forbid_self_approval: true });
    const [entry] = await ok(
      api<OperationLog[]>('GET', '/v1/operation_logs?action=approval_settings_update'),
    );
    expect(entry).toMatchObject({
      sentence: '修改了审批与复核设置',
      changes: [
        {
          field: '修改佣金与母公司分成',
          before: '提交审批，通过后生效',
          after: '立即生效，并通知财务管理者',
        },
        { field: '禁止审批本人提交的申请', before: '关闭', after: '开启' },
      ],
    });
    // Saving what is already set writes nothing more.
    await ok(api('PATCH', '/v1/approval_settings', { forbid_self_approval: true }, accountant.headers));
    expect(
      await ok(api<OperationLog[]>('GET', '/v1/operation_logs?action=approval_settings_update')),
    ).toHaveLength(1);
    await ok(
      api('PATCH', '/v1/approval_settings', { commission_change_control: 'approval' }, accountant.headers),
    );
  });

  it('with 禁止审批本人提交的申请 on, keeps a requester from deciding their own 红冲, settlement or commission change', async () => {
    for (const kind of ['invoice_correction', 'settlement', 'commission_change'] as const) {
      const mine = await ask(kind, accountant.membershipId);
      expect(await refusalOf(decide(mine, accountant.membershipId))).toBe(
        APPROVAL_MESSAGES.selfDecisionForbidden,
      );
      // Another approver decides it.
      await expect(decide(mine, owner.membershipId)).resolves.toMatchObject({ status: 'passed' });
    }
    // The requester does not see their own among what waits for them; the other approvers do.
    const settlement = await ask('settlement', accountant.membershipId);
    expect((await waiting(accountant)).map((entry) => entry.record_id)).not.toContain(settlement.recordId);
    expect((await waiting(owner)).map((entry) => entry.record_id)).toContain(settlement.recordId);
    // An order's manager still approves their own order.
    const order = await ask('order', owner.membershipId);
    await expect(decide(order, owner.membershipId)).resolves.toMatchObject({ status: 'passed' });
  });

  it('with it off, lets a requester decide their own settlement, but never confirm their own bank change', async () => {
    await ok(api('PATCH', '/v1/approval_settings', { forbid_self_approval: false }, accountant.headers));
    const settlement = await ask('settlement', accountant.membershipId);
    expect((await waiting(accountant)).map((entry) => entry.record_id)).toContain(settlement.recordId);
    await expect(decide(settlement, accountant.membershipId)).resolves.toMatchObject({ status: 'passed' });
    for (const kind of ['model_bank_change', 'team_recipient_bank_change'] as const) {
      const change = await ask(kind, accountant.membershipId);
      expect(await refusalOf(decide(change, accountant.membershipId))).toBe(
        APPROVAL_MESSAGES.checkerMustDiffer,
      );
      expect((await waiting(accountant)).map((entry) => entry.record_id)).not.toContain(change.recordId);
      await expect(decide(change, owner.membershipId)).resolves.toMatchObject({ status: 'passed' });
    }
  });
});
