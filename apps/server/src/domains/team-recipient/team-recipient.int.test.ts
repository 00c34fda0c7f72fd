import type { OperationLog } from '@trackit/contract/operation-log.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import { TEAM_RECIPIENT_MESSAGES, type TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { noticesOf, type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { teamRecipients } from './team-recipient.tables';

type Headers = Record<string, string>;

// Valid codes (GB 32100-2015 check characters computed by the contract's creditCodeCheckChar).
const CODE_GENERAL = '91310106MA1FY4XK3E';
const CODE_STUDIO = '92310104MA1KB6T08Y';

const general = {
  name: '上海星辰模特经纪有限公司',
  short_name: '星辰经纪',
  credit_code: CODE_GENERAL,
  taxpayer_type: 'general',
  address: '上海市静安区南京西路 1266 号',
  phone: '021-6288 1234',
  bank: 'cmb',
  branch: '上海静安支行',
  account_number: '1219 0987 6510 201',
};
const studio = {
  name: '上海静安区星光摄影工作室',
  short_name: '星光工作室',
  credit_code: CODE_STUDIO,
  taxpayer_type: 'small_scale',
  bank: 'icbc',
  branch: '上海南京西路支行',
  account_number: '1001234509876543210',
  default_tax_rate: 1,
};

describe('payee entities (收款主体)', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let accountant: SignedInMember;
  let bookkeeper: SignedInMember;
  let stranger: SignedInMember;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const rowOf = async (id: number) => {
    const [row] = await t.database.db.select().from(teamRecipients).where(eq(teamRecipients.id, id));
    return row;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'team_recipient');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    editor = team.levels.edit;
    manager = team.levels.manage;
    stranger = team.stranger;
    accountant = await signInMemberWith(t, teamId, [{ key: 'accounting', level: 'manage' }], '会计主管');
    bookkeeper = await signInMemberWith(t, teamId, [{ key: 'accounting', level: 'edit' }], '出纳');
  });
  afterAll(() => t.close());

  let generalId: number;
  let studioId: number;

  it('lets edit create an entity with its account (not the default) and tells finance managers', async () => {
    const created = await ok(api<TeamRecipient>('POST', '/v1/team_recipients', general, editor.headers));
    generalId = created.id;
    expect(created).toMatchObject({
      name: '上海星辰模特经纪有限公司',
      account_number: '121909876510201',
      bank: 'cmb',
      is_default: false,
      status: 'active',
      default_tax_rate: null,
      order_count: 0,
      can: { edit: true, manage: false },
    });
    // Finance's managers (the owner holds every key at manage) hear of the new account; an editor of finance does not.
    expect(await noticesOf(t.database.db, accountant.membershipId)).toEqual([
      expect.objectContaining({
        title: TEAM_RECIPIENT_MESSAGES.bankCreated(general.name),
        // The number masked: a notice never carries a whole account number.
        body: '招商银行 上海静安支行 **** **** 0201',
        link: `/admin/team_recipient?recipient=${generalId}`,
      }),
    ]);
    expect(await noticesOf(t.database.db, owner.membershipId)).toHaveLength(1);
    expect(await noticesOf(t.database.db, bookkeeper.membershipId)).toEqual([]);
  });

  it('refuses read from creating, and edit from making an entity the default (403, nothing written)', async () => {
    await refused(api('POST', '/v1/team_recipients', studio, reader.headers), 403);
    await refused(
      api('POST', '/v1/team_recipients', { ...studio, is_default: true }, editor.headers),
      403,
      TEAM_RECIPIENT_MESSAGES.managedFields,
    );
    expect(
      await t.database.db.select().from(teamRecipients).where(eq(teamRecipients.teamId, teamId)),
    ).toHaveLength(1);
    const seen = await ok(
      api<TeamRecipient>('GET', `/v1/team_recipients/${generalId}`, undefined, reader.headers),
    );
    expect(seen.can).toEqual({ edit: false, manage: false });
    const managed = await ok(
      api<TeamRecipient>('GET', `/v1/team_recipients/${generalId}`, undefined, manager.headers),
    );
    expect(managed.can).toEqual({ edit: true, manage: true });
  });

  it('answers validation errors in Chinese, field by field', async () => {
    const res = await api<{ fields: Record<string, string> }>('POST', '/v1/team_recipients', {
      ...general,
      name: '',
      credit_code: '91310106MA1FY4XK3A',
      bank: 'hsbc',
      account_number: '1234',
      taxpayer_type: 'large',
      default_tax_rate: 12,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({
      name: '*请输入企业名称',
      credit_code: '*请输入正确的18位统一社会信用代码',
      bank: '*请选择开户银行',
      account_number: '*请输入8-30位数字的银行账号',
      taxpayer_type: '*请选择纳税人类型',
    });
    expect(res.body.data.fields.default_tax_rate).toMatch(/[\u4e00-\u9fa5]/);
    await refused(
      api('POST', '/v1/team_recipients', { ...general, short_name: '另一个' }),
      409,
      TEAM_RECIPIENT_MESSAGES.nameTaken(general.name),
    );
    await refused(
      api('POST', '/v1/team_recipients', { ...general, name: '别的公司' }),
      409,
      TEAM_RECIPIENT_MESSAGES.creditCodeTaken(general.name),
    );
  });

  it('keeps one default per team: a new default unsets the old one in the same write', async () => {
    await ok(api('PATCH', `/v1/team_recipients/${generalId}`, { is_default: true }, manager.headers));
    const created = await ok(
      api<TeamRecipient>('POST', '/v1/team_recipients', { ...studio, is_default: true }, manager.headers),
    );
    studioId = created.id;
    expect(created.is_default).toBe(true);
    expect((await rowOf(generalId))?.isDefault).toBe(false);
    await ok(api('PATCH', `/v1/team_recipients/${generalId}`, { is_default: true }, manager.headers));
    const listed = await ok(api<TeamRecipient[]>('GET', '/v1/team_recipients', undefined, reader.headers));
    expect(listed.map((entity) => [entity.short_name, entity.is_default])).toEqual([
      ['星辰经纪', true],
      ['星光工作室', false],
    ]);
    // The database holds it too: a second default is refused by the partial unique index.
    await expect(
      t.database.db.update(teamRecipients).set({ isDefault: true }).where(eq(teamRecipients.id, studioId)),
    ).rejects.toThrow();
  });

  it('lets edit change names and addresses, and refuses it bank details and the default (403)', async () => {
    const renamed = await ok(
      api<TeamRecipient>(
        'PATCH',
        `/v1/team_recipients/${studioId}`,
        { short_name: '星光', address: '上海市静安区延安中路 100 号', bank: 'icbc' },
        editor.headers,
      ),
    );
    expect(renamed).toMatchObject({ short_name: '星光', address: '上海市静安区延安中路 100 号' });
    const before = await rowOf(studioId);
    for (const body of [
      { account_number: '6222020000000000' },
      { bank: 'boc' },
      { branch: '别的支行' },
      { is_default: true },
    ]) {
      await refused(
        api('PATCH', `/v1/team_recipients/${studioId}`, body, editor.headers),
        403,
        TEAM_RECIPIENT_MESSAGES.managedFields,
      );
    }
    expect(await rowOf(studioId)).toEqual(before);
    await refused(
      api('PATCH', `/v1/team_recipients/${studioId}`, { short_name: '读者' }, reader.headers),
      403,
    );
  });

  it('holds a bank change for a second member, masked; confirmed, it applies, logged and told to finance', async () => {
    const before = await rowOf(studioId);
    const asked = await ok(
      api<TeamRecipient>(
        'PATCH',
        `/v1/team_recipients/${studioId}`,
        { bank: 'ccb', account_number: '6217 0012 3456 7890', phone: '021-1234 5678' },
        manager.headers,
      ),
    );
    // The other fields apply; the account stays until confirmed, and what waits is masked.
    expect(asked).toMatchObject({
      phone: '021-1234 5678',
      bank: 'icbc',
      account_number: '1001234509876543210',
    });
    expect(asked.pending_bank_change).toMatchObject({
      requested_by: { id: manager.membershipId },
      before: { bank: 'icbc', account_number: '1001 **** **** 3210', branch: '上海南京西路支行' },
      after: { bank: 'ccb', account_number: '6217 **** **** 7890', branch: '上海南京西路支行' },
      can: { decide: false, withdraw: true },
    });
    expect(JSON.stringify(asked.pending_bank_change)).not.toContain('6217001234567890');
    expect(await rowOf(studioId)).toMatchObject({ bank: before?.bank, accountNumber: before?.accountNumber });
    // Finance's managers are asked to confirm, the numbers masked.
    const asking = (await noticesOf(t.database.db, accountant.membershipId)).at(-1);
    expect(asking).toEqual({
      title: TEAM_RECIPIENT_MESSAGES.bankChangeRequested(studio.name),
      body: 'manage提交：开户银行：中国工商银行 → 中国建设银行；银行账号：1001 **** **** 3210 → 6217 **** **** 7890',
      link: `/admin/team_recipient?recipient=${studioId}`,
    });
    // The checker opens the entity's form to decide: finance's manager who also reads payee entities.
    const checker = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'accounting', level: 'manage' },
        { key: 'team_recipient', level: 'read' },
      ],
      '复核人',
    );
    const seen = await ok(
      api<TeamRecipient>('GET', `/v1/team_recipients/${studioId}`, undefined, checker.headers),
    );
    expect(seen.pending_bank_change?.can).toEqual({ decide: true, withdraw: false });
    const changeId = seen.pending_bank_change?.id ?? 0;
    // Only finance's managers confirm; the entity's manager cannot confirm what they asked.
    await refused(
      api(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/approval`,
        { result: 'passed' },
        manager.headers,
      ),
      403,
    );
    const confirmed = await ok(
      api<TeamRecipient>(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/approval`,
        { result: 'passed' },
        checker.headers,
      ),
    );
    expect(confirmed).toMatchObject({
      bank: 'ccb',
      account_number: '6217001234567890',
      pending_bank_change: null,
    });
    const notices = await noticesOf(t.database.db, accountant.membershipId);
    expect(notices.at(-1)).toEqual({
      title: TEAM_RECIPIENT_MESSAGES.bankChanged(studio.name),
      body: '开户银行：中国工商银行 → 中国建设银行；银行账号：1001 **** **** 3210 → 6217 **** **** 7890',
      link: `/admin/team_recipient?recipient=${studioId}`,
    });
    expect(JSON.stringify(notices)).not.toContain('6217 0012 3456 7890');
    expect((await noticesOf(t.database.db, manager.membershipId)).at(-1)).toMatchObject({
      title: TEAM_RECIPIENT_MESSAGES.bankChangeApplied(studio.name),
    });
    expect(await noticesOf(t.database.db, bookkeeper.membershipId)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(operationLogs)
      .where(
        and(
          eq(operationLogs.action, 'team_recipient_change_decide'),
          eq(operationLogs.targetId, String(studioId)),
        ),
      );
    expect(entry?.detail).toMatchObject({
      result: 'passed',
      changes: [
        { field: '开户银行', before: '中国工商银行', after: '中国建设银行' },
        { field: '银行账号', before: '1001 2345 0987 6543 210', after: '6217 0012 3456 7890' },
      ],
    });
    const log = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?per_page=5'));
    expect(log[0]).toMatchObject({
      sentence: '通过了收款主体「上海静安区星光摄影工作室」的银行账户修改，已生效',
      link: `/admin/team_recipient?recipient=${studioId}`,
    });
    // Decided once.
    await refused(
      api(
        'POST',
        `/v1/team_recipient_bank_changes/${changeId}/approval`,
        { result: 'passed' },
        owner.headers,
      ),
      409,
    );
  });

  it('never disables the default, nor makes a disabled entity the default (409)', async () => {
    await refused(
      api('PATCH', `/v1/team_recipients/${generalId}`, { status: 'disabled' }, editor.headers),
      409,
      TEAM_RECIPIENT_MESSAGES.defaultDisabled,
    );
    await ok(api('PATCH', `/v1/team_recipients/${studioId}`, { status: 'disabled' }, editor.headers));
    await refused(
      api('PATCH', `/v1/team_recipients/${studioId}`, { is_default: true }, manager.headers),
      409,
      TEAM_RECIPIENT_MESSAGES.disabledDefault,
    );
    await ok(api('PATCH', `/v1/team_recipients/${studioId}`, { status: 'active' }, editor.headers));
  });

  it('has no deletion: an entity an order names is disabled and stays on the order', async () => {
    const order = await ok(
      api<OrderCreated>('POST', '/v1/orders', { title: '停用测试', team_recipient_id: studioId }),
    );
    const res = await api('DELETE', `/v1/team_recipients/${studioId}`);
    expect(res.status).toBe(404);
    await ok(api('PATCH', `/v1/team_recipients/${studioId}`, { status: 'disabled' }, editor.headers));
    const shown = await ok(api<Order>('GET', `/v1/orders/${order.id}`));
    expect(shown.team_recipient).toMatchObject({ id: studioId, short_name: '星光' });
    const entity = await ok(api<TeamRecipient>('GET', `/v1/team_recipients/${studioId}`));
    expect(entity).toMatchObject({ status: 'disabled', order_count: 1 });
    // Still the order's, a disabled entity may stay on it; another draft may not choose it.
    await ok(api('PATCH', `/v1/orders/${order.id}`, { title: '停用测试（改）' }));
    const other = await ok(api<OrderCreated>('POST', '/v1/orders', { title: '另一单' }));
    const chosen = await api<{ fields: Record<string, string> }>('PATCH', `/v1/orders/${other.id}`, {
      team_recipient_id: studioId,
    });
    expect(chosen.status).toBe(400);
    expect(chosen.body.data.fields.team_recipient_id).toBe(TEAM_RECIPIENT_MESSAGES.disabledChosen);
    await ok(api('PATCH', `/v1/team_recipients/${studioId}`, { status: 'active' }, editor.headers));
  });

  it('gives a new order the default entity, answers it, and lets a draft change it (logged)', async () => {
    const created = await ok(api<OrderCreated>('POST', '/v1/orders', { title: '默认主体' }));
    const order = await ok(api<Order>('GET', `/v1/orders/${created.id}`));
    expect(order.team_recipient_id).toBe(generalId);
    expect(order.team_recipient).toEqual({
      id: generalId,
      short_name: '星辰经纪',
      taxpayer_type: 'general',
      default_tax_rate: null,
    });
    const changed = await ok(
      api<Order>('PATCH', `/v1/orders/${created.id}`, { team_recipient_id: studioId }),
    );
    expect(changed.team_recipient).toMatchObject({
      id: studioId,
      taxpayer_type: 'small_scale',
      default_tax_rate: 1,
    });
    const history = await ok(api<OperationLog[]>('GET', `/v1/orders/${created.id}/history`));
    expect(history[0]?.changes).toContainEqual({ field: '收款主体', before: '星辰经纪', after: '星光' });
    const none = await ok(api<Order>('PATCH', `/v1/orders/${created.id}`, { team_recipient_id: null }));
    expect(none.team_recipient).toBeNull();
  });

  it('refuses another team’s entity on an order (404) and hides it from that team', async () => {
    // The stranger is the owner of another team.
    const theirs = stranger.headers;
    await refused(api('POST', '/v1/orders', { title: '越权', team_recipient_id: generalId }, theirs), 404);
    await refused(api('GET', `/v1/team_recipients/${generalId}`, undefined, theirs), 404);
    await refused(api('PATCH', `/v1/team_recipients/${generalId}`, { short_name: '越权' }, theirs), 404);
    const listed = await ok(api<TeamRecipient[]>('GET', '/v1/team_recipients', undefined, theirs));
    expect(listed).toEqual([]);
    // A member of the team without the key is refused at the route.
    const outsider = await signInMemberWith(t, teamId, [{ key: 'my_bill', level: 'manage' }], '经纪人');
    await refused(api('GET', '/v1/team_recipients', undefined, outsider.headers), 403);
  });
});
