/**
 * A model's payout details (结算信息): the payout type and the mother agency's share for every reader; the
 * payout account only for data_management or accounting at manage (absent from answers, refused on
 * writes below), checked together, logged with the number masked and told to accounting's managers, the
 * number masked there too. (A change that waits for its checker: model-change.int.test.ts.)
 */
import { MODEL_MESSAGES, type Model } from '@trackit/contract/model.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type SignedInMember, signInMemberWith, signInTeamByLevel } from '../../test/factories';
import { notifications } from '../notify/notify.tables';
import { models } from './model.tables';

type Headers = Record<string, string>;

const ACCOUNT = {
  payout_account_name: '刘晓阳',
  payout_bank: 'cmb',
  payout_account_number: '6222 0212 3456 7890',
};

describe('a model’s payout details', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  /** data_management edit and accounting manage: sees and writes the account without managing models. */
  let accountant: SignedInMember;
  /** data_management edit and accounting edit: neither sees nor writes it, nor is told of it. */
  let bookkeeper: SignedInMember;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const rowOf = async (id: number) => {
    const [row] = await t.database.db.select().from(models).where(eq(models.id, id));
    return row;
  };
  const noticesOf = (membershipId: number) =>
    t.database.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.teamId, teamId), eq(notifications.recipientMembershipId, membershipId)))
      .orderBy(notifications.id);

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    editor = team.levels.edit;
    manager = team.levels.manage;
    accountant = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'data_management', level: 'edit' },
        { key: 'accounting', level: 'manage' },
      ],
      '会计主管',
    );
    bookkeeper = await signInMemberWith(
      t,
      teamId,
      [
        { key: 'data_management', level: 'edit' },
        { key: 'accounting', level: 'edit' },
      ],
      '出纳',
    );
  });
  afterAll(() => t.close());

  let modelId: number;

  it('keeps the account (digits only) and tells every accounting manager of a new one', async () => {
    const created = await ok(
      api<Model>(
        'POST',
        '/v1/models',
        {
          name: '刘晓阳',
          gender: 'female',
          mother_agency: 'Elite Paris',
          mother_agency_rate: 1000,
          mother_agency_basis: 'commission',
          ...ACCOUNT,
        },
        manager.headers,
      ),
    );
    modelId = created.id;
    expect(created).toMatchObject({
      payout_type: 'individual',
      payout_account_name: '刘晓阳',
      payout_bank: 'cmb',
      payout_account_number: '6222021234567890',
      mother_agency_rate: 1000,
      mother_agency_basis: 'commission',
    });
    const notice = {
      title: MODEL_MESSAGES.payoutCreated('刘晓阳'),
      body: '招商银行 刘晓阳 6222 **** **** 7890',
      link: `/admin/information/model/${modelId}`,
    };
    expect(await noticesOf(accountant.membershipId)).toEqual([notice]);
    expect(await noticesOf(owner.membershipId)).toEqual([notice]);
    expect(await noticesOf(bookkeeper.membershipId)).toEqual([]);
    expect(await noticesOf(manager.membershipId)).toEqual([]);
  });

  it('answers the account only to data_management or accounting managers; the rest to every reader', async () => {
    for (const who of [manager, accountant, owner]) {
      const seen = await ok(api<Model>('GET', `/v1/models/${modelId}`, undefined, who.headers));
      expect(seen.payout_account_number).toBe('6222021234567890');
      expect(seen.payout_bank).toBe('cmb');
    }
    for (const who of [reader, editor, bookkeeper]) {
      const seen = await ok(api<Model>('GET', `/v1/models/${modelId}`, undefined, who.headers));
      for (const field of ['payout_account_name', 'payout_bank', 'payout_account_number']) {
        expect(field in seen, field).toBe(false);
      }
      expect(seen).toMatchObject({
        payout_type: 'individual',
        mother_agency_rate: 1000,
        mother_agency_basis: 'commission',
      });
      const [listed] = await ok(api<Model[]>('GET', '/v1/models?keyword=刘晓阳', undefined, who.headers));
      expect(listed && 'payout_account_number' in listed).toBe(false);
      expect(JSON.stringify(listed)).not.toContain('6222021234567890');
    }
    const [listed] = await ok(
      api<Model[]>('GET', '/v1/models?keyword=刘晓阳', undefined, accountant.headers),
    );
    expect(listed?.payout_account_number).toBe('6222021234567890');
  });

  it('refuses a write of the account below those levels (403), writing nothing', async () => {
    const before = await rowOf(modelId);
    for (const [body, who] of [
      [{ payout_bank: 'icbc' }, editor],
      [{ payout_account_number: null }, editor],
      [{ payout_account_name: '别人', city: '北京' }, bookkeeper],
    ] as const) {
      const res = await api('PATCH', `/v1/models/${modelId}`, body, who.headers);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MODEL_MESSAGES.payoutForbidden);
    }
    const creating = await api(
      'POST',
      '/v1/models',
      { name: '新人', gender: 'male', ...ACCOUNT },
      editor.headers,
    );
    expect(creating.status).toBe(403);
    expect(await rowOf(modelId)).toEqual(before);
    // What they may write goes through, the account untouched.
    const edited = await ok(
      api<Model>('PATCH', `/v1/models/${modelId}`, { payout_type: 'studio' }, editor.headers),
    );
    expect(edited.payout_type).toBe('studio');
    expect((await rowOf(modelId))?.payoutAccountNumber).toBe('6222021234567890');
  });

  it('words every refusal of a payout field in Chinese, on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payout_account_number: '1234 567' }, 'payout_account_number', '*请输入8-30位数字的银行账号'],
      [{ payout_account_number: '6222abc021234567' }, 'payout_account_number', '*请输入8-30位数字的银行账号'],
      [{ payout_bank: 'hsbc' }, 'payout_bank', '*请选择开户银行'],
      // Another bank (城商行, 农商行…) by its name, with its branch; a listed bank takes no name.
      [
        { ...ACCOUNT, payout_bank: 'other' },
        'payout_bank_name',
        '*请填写开户银行的名称，如：上海银行、北京农商银行',
      ],
      [
        { ...ACCOUNT, payout_bank: 'other', payout_bank_name: '上海农商银行' },
        'payout_bank_branch',
        '*请填写开户支行',
      ],
      [{ ...ACCOUNT, payout_bank_name: '上海银行' }, 'payout_bank_name', '*只有“其他银行”需要填写银行名称'],
      [{ payout_type: 'company' }, 'payout_type', '*请选择结算类型'],
      [{ payout_account_name: '名'.repeat(101) }, 'payout_account_name', '*最多100个字符'],
      [{ mother_agency_basis: 'net' }, 'mother_agency_basis', '*请选择母公司分成方式'],
      [{ mother_agency_rate: 10_001 }, 'mother_agency_rate', '*请输入0-10000之间的整数（万分比）'],
      // The account's three fields go together.
      [{ payout_account_name: '王芳' }, 'payout_bank', MODEL_MESSAGES.payoutIncomplete],
      [
        { payout_bank: 'icbc', payout_account_number: '62220212345678901' },
        'payout_account_name',
        MODEL_MESSAGES.payoutIncomplete,
      ],
      // The mother agency's share: a rate with its basis, and a mother agency.
      [
        { mother_agency: 'Elite', mother_agency_rate: 500 },
        'mother_agency_basis',
        MODEL_MESSAGES.motherAgencyBasisMissing,
      ],
      [
        { mother_agency: 'Elite', mother_agency_basis: 'gross' },
        'mother_agency_rate',
        MODEL_MESSAGES.motherAgencyRateMissing,
      ],
      [
        { mother_agency_rate: 500, mother_agency_basis: 'gross' },
        'mother_agency',
        MODEL_MESSAGES.motherAgencyMissing,
      ],
    ];
    const before = await t.database.db.select().from(models).where(eq(models.teamId, teamId));
    for (const [fields, field, message] of cases) {
      const res = await api(
        'POST',
        '/v1/models',
        { name: '校验', gender: 'male', ...fields },
        manager.headers,
      );
      expect(res.status, field).toBe(400);
      const data = res.body.data as unknown as { fields: Record<string, string> };
      expect(data.fields[field], JSON.stringify(data)).toBe(message);
    }
    // A PATCH is checked with what is stored: clearing one field of a full account is refused.
    const cleared = await api('PATCH', `/v1/models/${modelId}`, { payout_bank: null }, accountant.headers);
    expect(cleared.status).toBe(400);
    expect((cleared.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
      payout_bank: MODEL_MESSAGES.payoutIncomplete,
    });
    const clearedAgency = await api(
      'PATCH',
      `/v1/models/${modelId}`,
      { mother_agency: null },
      editor.headers,
    );
    expect(clearedAgency.status).toBe(400);
    expect(await t.database.db.select().from(models).where(eq(models.teamId, teamId))).toEqual(before);
  });

  it('takes an account at any other bank by its name and branch', async () => {
    const created = await ok(
      api<Model>(
        'POST',
        '/v1/models',
        {
          name: '王芳',
          gender: 'female',
          ...ACCOUNT,
          payout_account_name: '王芳',
          payout_bank: 'other',
          payout_bank_name: '上海农商银行',
          payout_bank_branch: '静安支行',
        },
        manager.headers,
      ),
    );
    expect(created).toMatchObject({
      payout_bank: 'other',
      payout_bank_name: '上海农商银行',
      payout_bank_branch: '静安支行',
    });
    expect((await noticesOf(accountant.membershipId)).at(-1)?.body).toBe(
      '上海农商银行 静安支行 王芳 6222 **** **** 7890',
    );
  });

  it('without review, applies an account change, logs it masked and tells accounting managers, masked too', async () => {
    // The team turns review off (a change then takes effect at once: model-change.int.test.ts has it on).
    await ok(api('PATCH', '/v1/approval_settings', { bank_change_review: false }));
    const before = await noticesOf(accountant.membershipId);
    const changed = await ok(
      api<Model>(
        'PATCH',
        `/v1/models/${modelId}`,
        { payout_bank: 'icbc', payout_account_number: '6212264301001234567' },
        accountant.headers,
      ),
    );
    expect(changed.payout_account_number).toBe('6212264301001234567');
    const notices = await noticesOf(accountant.membershipId);
    expect(notices).toEqual([
      ...before,
      {
        title: MODEL_MESSAGES.payoutChanged('刘晓阳'),
        body: '开户银行：招商银行 → 中国工商银行；银行账号：6222 **** **** 7890 → 6212 **** **** 4567',
        link: `/admin/information/model/${modelId}`,
      },
    ]);
    expect(JSON.stringify(notices)).not.toContain('6212264301001234567');
    expect(await noticesOf(bookkeeper.membershipId)).toEqual([]);
    const [entry] = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?action=model_update&per_page=1'));
    expect(entry).toMatchObject({
      sentence: '修改了模特「刘晓阳」',
      changes: [
        { field: '开户银行', before: '招商银行', after: '中国工商银行' },
        { field: '银行账号', before: '尾号 7890', after: '尾号 4567' },
      ],
    });
    expect(JSON.stringify(entry)).not.toContain('6212264301001234567');

    // Other fields change without a notice; the mother agency's terms are logged with their labels (an
    // accounting manager's change of them takes effect).
    await ok(
      api(
        'PATCH',
        `/v1/models/${modelId}`,
        { mother_agency_rate: 1525, mother_agency_basis: 'gross', payout_type: 'individual' },
        accountant.headers,
      ),
    );
    expect(await noticesOf(accountant.membershipId)).toHaveLength(notices.length);
    const [terms] = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?action=model_update&per_page=1'));
    expect(terms?.changes).toEqual([
      { field: '母公司分成比例', before: '10%', after: '15.25%' },
      { field: '母公司分成方式', before: '按佣金', after: '按总额' },
      { field: '结算类型', before: '工作室', after: '个人' },
    ]);

    // Clearing the account is a change of bank details too.
    await ok(
      api(
        'PATCH',
        `/v1/models/${modelId}`,
        { payout_account_name: null, payout_bank: null, payout_account_number: null },
        manager.headers,
      ),
    );
    const last = (await noticesOf(accountant.membershipId)).at(-1);
    expect(last?.body).toBe(
      '开户名：刘晓阳 → --；开户银行：中国工商银行 → --；银行账号：6212 **** **** 4567 → --',
    );
  });
});
