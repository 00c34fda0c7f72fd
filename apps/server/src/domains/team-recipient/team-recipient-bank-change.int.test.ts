/**
 * Maker and checker on a payee entity's bank account (docs/product.md "Changes that wait for approval"):
 * who may confirm, what the requester sees, what a newer change does to a waiting one, withdrawal,
 * refusal, the team's setting, and that nothing shows a whole account number but the entity itself.
 */
import { APPROVAL_MESSAGES, type WaitingApproval } from '@trackit/contract/approval.schema';
import { PENDING_CHANGE_MESSAGES } from '@trackit/contract/pending-change.schema';
import { TEAM_RECIPIENT_MESSAGES, type TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { noticesOf, type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { approvals } from '../approval/approval.tables';
import { notifications } from '../notify/notify.tables';
import { teamRecipientBankChanges, teamRecipients } from './team-recipient.tables';

type Headers = Record<string, string>;

const ENTITY = {
  name: '上海星辰模特经纪有限公司',
  short_name: '星辰经纪',
  credit_code: '91310106MA1FY4XK3E',
  taxpayer_type: 'general',
  bank: 'cmb',
  branch: '上海静安支行',
  account_number: '6214 8302 1234 5678',
};

describe('a payee entity’s bank change waits for its checker', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let manager: SignedInMember;
  let otherManager: SignedInMember;
  let accountant: SignedInMember;
  let entityId: number;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const entity = (who: SignedInMember = owner) =>
    ok(api<TeamRecipient>('GET', `/v1/team_recipients/${entityId}`, undefined, who.headers));
  const stored = async () => {
    const [row] = await t.database.db.select().from(teamRecipients).where(eq(teamRecipients.id, entityId));
    return row;
  };
  const waitingFor = (who: SignedInMember) =>
    ok(api<WaitingApproval[]>('GET', '/v1/approvals', undefined, who.headers));
  const everyNotice = () =>
    t.database.db.select().from(notifications).where(eq(notifications.teamId, teamId));

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'team_recipient');
    teamId = team.teamId;
    owner = team.owner;
    manager = team.levels.manage;
    otherManager = await signInMemberWith(t, teamId, [{ key: 'team_recipient', level: 'manage' }], '主管');
    accountant = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'team_recipient', level: 'read' },
        { key: 'accounting', level: 'manage' },
      ],
      '会计主管',
    );
    entityId = (await ok(api<TeamRecipient>('POST', '/v1/team_recipients', ENTITY))).id;
  });
  afterAll(() => t.close());

  it('never lets the requester confirm their own change, even the owner, and leaves it out of their 待我审批', async () => {
    const asked = await ok(
      api<TeamRecipient>('PATCH', `/v1/team_recipients/${entityId}`, { account_number: '6222021234567890' }),
    );
    const pending = asked.pending_bank_change;
    expect(pending).toMatchObject({
      can: { decide: false, withdraw: true },
      decide_refusal: APPROVAL_MESSAGES.checkerMustDiffer,
      after: { account_number: '6222 **** **** 7890' },
    });
    await refused(
      api('POST', `/v1/team_recipient_bank_changes/${pending?.id}/approval`, { result: 'passed' }),
      403,
      APPROVAL_MESSAGES.checkerMustDiffer,
    );
    expect((await stored())?.accountNumber).toBe('6214830212345678');
    // The owner approves the kind but is not asked about their own change; the accountant is.
    expect(await waitingFor(owner)).toEqual([]);
    expect(await waitingFor(accountant)).toEqual([
      expect.objectContaining({
        kind: 'team_recipient_bank_change',
        kind_label: '收款主体账户变更',
        subject: TEAM_RECIPIENT_MESSAGES.bankChangeSubject(ENTITY.name),
        link: `/admin/team_recipient?recipient=${entityId}`,
      }),
    ]);
    const ownersAsks = (await noticesOf(t.database.db, owner.membershipId)).filter(
      (notice) => notice.title === TEAM_RECIPIENT_MESSAGES.bankChangeRequested(ENTITY.name),
    );
    expect(ownersAsks).toEqual([]);
  });

  it('lets a newer change replace the waiting one, telling its requester; only the requester withdraws', async () => {
    const first = (await entity()).pending_bank_change;
    const replaced = await ok(
      api<TeamRecipient>(
        'PATCH',
        `/v1/team_recipients/${entityId}`,
        { bank: 'other', bank_name: '上海农商银行', branch: '静安支行', account_number: '50131000123456789' },
        manager.headers,
      ),
    );
    expect(replaced.pending_bank_change).toMatchObject({
      requested_by: { id: manager.membershipId },
      after: {
        bank: 'other',
        bank_name: '上海农商银行',
        branch: '静安支行',
        account_number: '5013 **** **** 6789',
      },
    });
    const rows = await t.database.db
      .select()
      .from(teamRecipientBankChanges)
      .where(eq(teamRecipientBankChanges.teamRecipientId, entityId))
      .orderBy(teamRecipientBankChanges.id);
    expect(rows.map((row) => row.status)).toEqual(['superseded', 'pending']);
    // The replaced request no longer waits for anybody.
    const [old] = await t.database.db
      .select()
      .from(approvals)
      .where(eq(approvals.recordId, first?.id ?? 0));
    expect(old?.withdrawnAt).not.toBeNull();
    expect(await noticesOf(t.database.db, owner.membershipId)).toContainEqual({
      title: TEAM_RECIPIENT_MESSAGES.bankChangeReplaced(ENTITY.name),
      body: 'manage提交了新的修改',
      link: `/admin/team_recipient?recipient=${entityId}`,
    });
    const changeId = replaced.pending_bank_change?.id ?? 0;
    await refused(
      api('POST', `/v1/team_recipient_bank_changes/${changeId}/withdraw`, undefined, otherManager.headers),
      403,
      PENDING_CHANGE_MESSAGES.withdrawOwnOnly,
    );
    const withdrawn = await ok(
      api<TeamRecipient>(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/withdraw`,
        undefined,
        manager.headers,
      ),
    );
    expect(withdrawn.pending_bank_change).toBeNull();
    expect(withdrawn.account_number).toBe('6214830212345678');
    expect(await waitingFor(accountant)).toEqual([]);
    await refused(
      api(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/approval`,
        { result: 'passed' },
        accountant.headers,
      ),
      409,
      PENDING_CHANGE_MESSAGES.notPending,
    );
  });

  it('keeps the account when the checker refuses, with a reason the requester reads', async () => {
    const asked = await ok(
      api<TeamRecipient>(
        'PATCH',
        `/v1/team_recipients/${entityId}`,
        { account_number: '6222 0000 1111 2222' },
        manager.headers,
      ),
    );
    const changeId = asked.pending_bank_change?.id ?? 0;
    const noReason = await api(
      'POST',
      `/v1/team_recipient_bank_changes/${changeId}/approval`,
      { result: 'rejected' },
      accountant.headers,
    );
    expect(noReason.status).toBe(400);
    const refusedChange = await ok(
      api<TeamRecipient>(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/approval`,
        { result: 'rejected', comment: '电话核实，客户未提出变更' },
        accountant.headers,
      ),
    );
    expect(refusedChange).toMatchObject({ account_number: '6214830212345678', pending_bank_change: null });
    expect((await noticesOf(t.database.db, manager.membershipId)).at(-1)).toEqual({
      title: TEAM_RECIPIENT_MESSAGES.bankChangeRejected(ENTITY.name),
      body: '会计主管：电话核实，客户未提出变更',
      link: `/admin/team_recipient?recipient=${entityId}`,
    });
  });

  it('applies at once when the team turns review off, ending a change that waited', async () => {
    await ok(
      api(
        'PATCH',
        `/v1/team_recipients/${entityId}`,
        { account_number: '6222 3333 4444 5555' },
        manager.headers,
      ),
    );
    await ok(api('PATCH', '/v1/approval_settings', { bank_change_review: false }, accountant.headers));
    const applied = await ok(
      api<TeamRecipient>(
        'PATCH',
        `/v1/team_recipients/${entityId}`,
        { bank: 'cib', account_number: '6229 0000 1234 9876' },
        otherManager.headers,
      ),
    );
    expect(applied).toMatchObject({
      bank: 'cib',
      account_number: '6229000012349876',
      pending_bank_change: null,
    });
    const [waiting] = await t.database.db
      .select()
      .from(teamRecipientBankChanges)
      .where(
        and(
          eq(teamRecipientBankChanges.teamRecipientId, entityId),
          eq(teamRecipientBankChanges.status, 'pending'),
        ),
      );
    expect(waiting).toBeUndefined();
    expect((await noticesOf(t.database.db, accountant.membershipId)).at(-1)).toEqual({
      title: TEAM_RECIPIENT_MESSAGES.bankChanged(ENTITY.name),
      body: '开户银行：招商银行 → 兴业银行；银行账号：6214 **** **** 5678 → 6229 **** **** 9876',
      link: `/admin/team_recipient?recipient=${entityId}`,
    });
    await ok(api('PATCH', '/v1/approval_settings', { bank_change_review: true }, accountant.headers));
  });

  it('never puts a whole account number in a notice', async () => {
    const bodies = (await everyNotice()).map((notice) => `${notice.title} ${notice.body}`).join('\n');
    for (const digits of ['6214830212345678', '6222021234567890', '50131000123456789', '6229000012349876']) {
      expect(bodies).not.toContain(digits);
      expect(bodies.replace(/\s/g, '')).not.toContain(digits);
    }
  });
});
