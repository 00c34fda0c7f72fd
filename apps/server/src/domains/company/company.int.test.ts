import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { orderDay, signInTeamByLevel } from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { companies } from './company.tables';

// Valid codes (GB 32100-2015 check characters verified outside this code).
const CODE_A = '91350100M000100Y43';
const CODE_B = '91110000600037341L';
const CODE_C = '91440300708461136T';

describe('companies', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let teamId: number;
  let ownerMembershipId: number;
  let readHeaders: Record<string, string>;
  let editHeaders: Record<string, string>;
  let editMembershipId: number;
  let manageHeaders: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let otherMembershipId: number;

  const create = (body: unknown, as = headers) =>
    t.request<Company>('POST', '/storm_api/v1/companies', { body, headers: as });
  const patch = (id: number, body: unknown, as = headers) =>
    t.request<Company>('PATCH', `/storm_api/v1/companies/${id}`, { body, headers: as });
  const list = (query: string, as = headers) =>
    t.request<Company[]>('GET', `/storm_api/v1/companies${query}`, { headers: as });
  const logsOf = async (id: number) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'company'), eq(operationLogs.targetId, String(id))));
    return row?.total ?? 0;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    ownerMembershipId = team.owner.membershipId;
    headers = team.owner.headers;
    readHeaders = team.levels.read.headers;
    editHeaders = team.levels.edit.headers;
    editMembershipId = team.levels.edit.membershipId;
    manageHeaders = team.levels.manage.headers;
    otherMembershipId = team.stranger.membershipId;
    otherHeaders = team.stranger.headers;
  });
  afterAll(() => t.close());

  it('creates a company with every field, owned by its creator, and logs it in the same transaction', async () => {
    const res = await create({
      name: '  上海星河传媒有限公司 ',
      short_name: '星河传媒',
      credit_code: CODE_A.toLowerCase(),
      industry: 'media',
      tier: 'key',
      invoice_title: '上海星河传媒有限公司',
      invoice_address: '上海市静安区南京西路 1 号',
      bank_name: '招商银行上海分行',
      bank_account: '6225 8801 2345 6789',
      payment_terms_days: 30,
      notes: '每年春夏两季大片\n联系前先发邮件',
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      name: '上海星河传媒有限公司',
      credit_code: CODE_A,
      bank_account: '6225880123456789',
      tier: 'key',
      status: 'active',
      owner_member_id: ownerMembershipId,
      owner: { id: ownerMembershipId, nickname: '林晓' },
      contact_count: 0,
    });
    expect(await logsOf(res.body.data.id)).toBe(1);
  });

  it('stores empty optional texts as nothing and defaults the tier', async () => {
    const res = await create({ name: '空白字段公司', short_name: '', notes: '   ', credit_code: null });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      short_name: null,
      notes: null,
      credit_code: null,
      tier: 'regular',
    });
  });

  it('answers each invalid field with its Chinese message', async () => {
    const res = await t.request<{ fields: Record<string, string> }>('POST', '/storm_api/v1/companies', {
      headers,
      body: {
        name: '   ',
        short_name: '简'.repeat(21),
        credit_code: '91350100M000100Y44',
        industry: 'mining',
        tier: 'gold',
        bank_account: '62-25',
        payment_terms_days: 400,
        notes: 'a\u0000b',
        owner_member_id: 0,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40001);
    expect(res.body.data.fields).toMatchObject({
      name: '*请输入1-50个字符',
      short_name: '*最多20个字符',
      credit_code: '*请输入正确的18位统一社会信用代码',
      industry: '*请选择行业',
      tier: '*请选择客户等级',
      bank_account: '*请输入1-50位数字',
      payment_terms_days: '*账期应为0-365天',
      notes: '*内容含有无效字符',
    });
    expect(res.body.data.fields.owner_member_id).toMatch(/[\u4e00-\u9fa5]/);
    const missing = await t.request<{ fields: Record<string, string> }>('POST', '/storm_api/v1/companies', {
      headers,
      body: {},
    });
    expect(missing.body.data.fields.name).toBe('*请输入1-50个字符');
  });

  it('refuses a duplicate name or credit code in the team with 409 naming the existing company', async () => {
    await create({ name: '北京光年广告有限公司', credit_code: CODE_B });
    const sameName = await create({ name: '北京光年广告有限公司' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('已存在同名公司「北京光年广告有限公司」');
    const sameCode = await create({ name: '另一家公司', credit_code: CODE_B });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.message).toBe('统一社会信用代码已被公司「北京光年广告有限公司」使用');
    const other = (await create({ name: '深圳云图科技有限公司' })).body.data;
    const renamed = await patch(other.id, { name: '北京光年广告有限公司' });
    expect(renamed.status).toBe(409);
    expect((await patch(other.id, { credit_code: CODE_B })).status).toBe(409);
    // Another team may use the same name and code.
    expect(
      (await create({ name: '北京光年广告有限公司', credit_code: CODE_B }, otherHeaders)).body.code,
    ).toBe(0);
    const [rows] = await t.database.db
      .select({ total: count() })
      .from(companies)
      .where(and(eq(companies.teamId, teamId), eq(companies.name, '北京光年广告有限公司')));
    expect(rows?.total).toBe(1);
  });

  it('lets exactly one of two simultaneous creations with the same name through', async () => {
    const [first, second] = await Promise.all([
      create({ name: '同时提交的公司' }),
      create({ name: '同时提交的公司' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe('已存在同名公司「同时提交的公司」');
  });

  it('changes only the fields sent, logs them as Chinese before → after, and ignores a no-op', async () => {
    const company = (await create({ name: '杭州青禾服饰有限公司', tier: 'regular' })).body.data;
    const res = await patch(company.id, {
      tier: 'strategic',
      industry: 'fashion',
      owner_member_id: editMembershipId,
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      name: '杭州青禾服饰有限公司',
      tier: 'strategic',
      industry: 'fashion',
      owner: { id: editMembershipId, nickname: 'edit' },
    });
    const logs = await t.request<
      { sentence: string; changes: { field: string; before: string; after: string }[] }[]
    >('GET', '/storm_api/v1/operation_logs?action=company_update', { headers });
    expect(logs.body.data[0]?.sentence).toBe('修改了公司「杭州青禾服饰有限公司」');
    expect(logs.body.data[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: '客户等级', before: '普通客户', after: '战略客户' },
        { field: '行业', before: '--', after: '服装时尚' },
        { field: '负责人', before: '林晓', after: 'edit' },
      ]),
    );
    const before = await logsOf(company.id);
    expect((await patch(company.id, { tier: 'strategic' })).body.code).toBe(0);
    expect(await logsOf(company.id)).toBe(before);
  });

  it('lists newest first with exact totals, filters by keyword, industry, tier, owner and status', async () => {
    const mine = (await list('?per_page=100')).body.data;
    const ids = mine.map((company) => company.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [all] = await t.database.db
      .select({ total: count() })
      .from(companies)
      .where(eq(companies.teamId, teamId));
    expect((await list('?per_page=2')).headers.get('x-total')).toBe(String(all?.total));
    expect((await list('?keyword=星河')).body.data.map((c) => c.name)).toEqual(['上海星河传媒有限公司']);
    expect((await list(`?keyword=${CODE_A.slice(0, 10)}`)).body.data).toHaveLength(1);
    expect((await list('?keyword=%25')).body.data).toEqual([]);
    expect((await list('?industry=fashion')).body.data.map((c) => c.name)).toEqual(['杭州青禾服饰有限公司']);
    expect((await list('?tier=key')).body.data.map((c) => c.name)).toEqual(['上海星河传媒有限公司']);
    expect((await list(`?owner_member_id=${editMembershipId}`)).body.data.map((c) => c.name)).toEqual([
      '杭州青禾服饰有限公司',
    ]);
    expect((await list('?status=archived')).body.data).toEqual([]);
    for (const query of [
      '?tier=gold',
      '?industry=x',
      '?owner_member_id=abc',
      `?keyword=${'长'.repeat(51)}`,
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('counts each company’s active contacts in the list', async () => {
    const company = (await create({ name: '成都远山文化传媒有限公司', credit_code: CODE_C })).body.data;
    const contactIds: number[] = [];
    for (const name of ['王珊', '李雷', '韩梅']) {
      const res = await t.request<Contact>('POST', '/storm_api/v1/contacts', {
        headers,
        body: { name, company_id: company.id },
      });
      contactIds.push(res.body.data.id);
    }
    await t.request('PATCH', `/storm_api/v1/contacts/${contactIds[0]}`, {
      headers,
      body: { status: 'archived' },
    });
    const row = (await list('?keyword=远山')).body.data[0];
    expect(row?.contact_count).toBe(2);
    expect(
      (await t.request<Company>('GET', `/storm_api/v1/companies/${company.id}`, { headers })).body.data
        .contact_count,
    ).toBe(2);
  });

  it('enforces each level: read cannot write, edit cannot archive, manage archives and restores', async () => {
    const company = (await create({ name: '广州白鹭影视有限公司' })).body.data;
    expect((await list('', readHeaders)).body.code).toBe(0);
    expect(
      (await t.request('GET', `/storm_api/v1/companies/${company.id}`, { headers: readHeaders })).status,
    ).toBe(200);
    expect((await create({ name: '读者新建的公司' }, readHeaders)).status).toBe(403);
    expect((await patch(company.id, { notes: '读者' }, readHeaders)).status).toBe(403);

    expect((await create({ name: '编辑新建的公司' }, editHeaders)).body.code).toBe(0);
    expect((await patch(company.id, { notes: '编辑改的' }, editHeaders)).body.data.notes).toBe('编辑改的');
    const refused = await patch(company.id, { status: 'archived', notes: '顺便改' }, editHeaders);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有管理权限可以归档或恢复公司');
    const unchanged = await t.request<Company>('GET', `/storm_api/v1/companies/${company.id}`, { headers });
    expect(unchanged.body.data).toMatchObject({ status: 'active', notes: '编辑改的' });

    const archived = await patch(company.id, { status: 'archived' });
    expect(archived.body.data.status).toBe('archived');
    expect((await list('?status=archived')).body.data.map((c) => c.id)).toEqual([company.id]);
    const logs = await t.request<{ sentence: string }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=company_archive',
      {
        headers,
      },
    );
    expect(logs.body.data[0]?.sentence).toBe('归档了公司「广州白鹭影视有限公司」');
    expect((await patch(company.id, { status: 'active' })).body.data.status).toBe('active');
  });

  it('keeps every id to its team: another team’s company or member is not found and nothing is written', async () => {
    const theirs = (await create({ name: '别人的公司' }, otherHeaders)).body.data;
    expect((await list('?keyword=别人')).body.data).toEqual([]);
    for (const res of [
      await t.request('GET', `/storm_api/v1/companies/${theirs.id}`, { headers }),
      await patch(theirs.id, { notes: '越权' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(40400);
      expect(res.body.message).toBe('公司不存在');
    }
    const before = await logsOf(theirs.id);
    expect(before).toBe(1);

    const foreignOwner = await create({ name: '负责人是外人', owner_member_id: otherMembershipId });
    expect(foreignOwner.status).toBe(404);
    expect(foreignOwner.body.message).toBe('负责人不存在');
    const [created] = await t.database.db
      .select({ total: count() })
      .from(companies)
      .where(eq(companies.name, '负责人是外人'));
    expect(created?.total).toBe(0);
    const mine = (await create({ name: '换负责人' })).body.data;
    const moved = await patch(mine.id, { owner_member_id: otherMembershipId, notes: '不应写入' });
    expect(moved.status).toBe(404);
    expect(moved.body.message).toBe('负责人不存在');
    const after = await t.request<Company>('GET', `/storm_api/v1/companies/${mine.id}`, { headers });
    expect(after.body.data).toMatchObject({ notes: null, owner_member_id: ownerMembershipId });
    expect(
      (await t.request('GET', `/storm_api/v1/companies/${theirs.id}`, { headers: otherHeaders })).body,
    ).toMatchObject({
      data: { notes: null },
    });
  });
  describe('deleting a company created by mistake', () => {
    const remove = (id: number, as = manageHeaders) =>
      t.request<null>('DELETE', `/storm_api/v1/companies/${id}`, { headers: as });
    const deletion = (id: number, as = manageHeaders) =>
      t.request<RecordDeletion>('GET', `/storm_api/v1/companies/${id}/deletion`, { headers: as });
    const stored = async (id: number) =>
      (await t.database.db.select({ total: count() }).from(companies).where(eq(companies.id, id)))[0]?.total;
    const addContact = (companyId: number) =>
      t.request<Contact>('POST', '/storm_api/v1/contacts', {
        headers,
        body: { name: '误建公司的联系人', company_id: companyId },
      });

    it('deletes a company nothing refers to for a manager, logged; below manage it is refused', async () => {
      const company = (await create({ name: '误建的公司' })).body.data;
      expect(await ok(deletion(company.id))).toEqual({ can: true, reason: null });
      expect((await remove(company.id, editHeaders)).status).toBe(403);
      expect(await stored(company.id)).toBe(1);
      const res = await remove(company.id);
      expect(res.status, res.body.message).toBe(200);
      expect(await stored(company.id)).toBe(0);
      expect((await remove(company.id)).status).toBe(404);
      const [entry] = await ok(
        t.request<OperationLog[]>('GET', '/storm_api/v1/operation_logs?action=company_delete', { headers }),
      );
      expect(entry).toMatchObject({ sentence: '删除了误建的公司「误建的公司」', link: null });
      // Its name is free again.
      expect((await create({ name: '误建的公司' })).body.code).toBe(0);
    });

    it('refuses a company with orders, packages or contacts, saying which (409), and writes nothing', async () => {
      const company = (await create({ name: '有往来的公司' })).body.data;
      await ok(addContact(company.id));
      await ok(
        t.request('POST', '/storm_api/v1/orders', {
          headers,
          body: { company_id: company.id, days: [orderDay(addDays(businessDate(t.clock.now()), 30))] },
        }),
      );
      const expected = '该公司已有 1 个订单、1 个联系人，不能删除，可以归档';
      expect(await ok(deletion(company.id))).toEqual({ can: false, reason: expected });
      const refused = await remove(company.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(expected);
      expect(await stored(company.id)).toBe(1);
      expect(await logsOf(company.id)).toBe(1);
    });

    it('answers "not found" for another team’s company, writing nothing', async () => {
      const theirs = (await create({ name: '外队误建的公司' }, otherHeaders)).body.data;
      for (const res of [await remove(theirs.id), await deletion(theirs.id)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('公司不存在');
      }
      expect(await stored(theirs.id)).toBe(1);
      expect(await logsOf(theirs.id)).toBe(1);
    });

    it('never orphans a contact added while the company is being deleted', async () => {
      for (let round = 0; round < 6; round += 1) {
        const company = (await create({ name: `并发删除的公司${round}` })).body.data;
        const [deleted, added] = await Promise.all([remove(company.id), addContact(company.id)]);
        if (deleted.status === 200) {
          expect(added.status).toBe(404);
          expect(added.body.message).toBe('公司不存在');
        } else {
          expect(deleted.status).toBe(409);
          expect(deleted.body.message).toBe('该公司已有 1 个联系人，不能删除，可以归档');
          expect(added.status).toBe(200);
        }
      }
    });
  });
});
