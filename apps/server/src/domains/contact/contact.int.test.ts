import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { contacts } from './contact.tables';

describe('contacts', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let teamId: number;
  let readHeaders: Record<string, string>;
  let editHeaders: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let company: Company;
  let otherCompany: Company;

  const create = (body: unknown, as = headers) =>
    t.request<Contact>('POST', '/storm_api/v1/contacts', { body, headers: as });
  const patch = (id: number, body: unknown, as = headers) =>
    t.request<Contact>('PATCH', `/storm_api/v1/contacts/${id}`, { body, headers: as });
  const list = (query: string, as = headers) =>
    t.request<Contact[]>('GET', `/storm_api/v1/contacts${query}`, { headers: as });
  const teamContacts = async () => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(contacts)
      .where(eq(contacts.teamId, teamId));
    return row?.total ?? 0;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    headers = team.owner.headers;
    readHeaders = team.levels.read.headers;
    editHeaders = team.levels.edit.headers;
    otherHeaders = team.stranger.headers;
    company = (
      await t.request<Company>('POST', '/storm_api/v1/companies', {
        headers,
        body: { name: '上海星河传媒有限公司' },
      })
    ).body.data;
    otherCompany = (
      await t.request<Company>('POST', '/storm_api/v1/companies', {
        headers: otherHeaders,
        body: { name: '别人的公司' },
      })
    ).body.data;
  });
  afterAll(() => t.close());

  it('creates a contact of a company, with its company’s name, logged in the same transaction', async () => {
    const res = await create({
      name: ' 王珊 ',
      company_id: company.id,
      position: '市场总监',
      mobile: '13912345678',
      wechat: 'wangshan_88',
      email: ' wang@example.com ',
      notes: '负责春夏大片',
      is_invoice_contact: true,
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({
      name: '王珊',
      company_id: company.id,
      company: { id: company.id, name: '上海星河传媒有限公司' },
      email: 'wang@example.com',
      is_invoice_contact: true,
      status: 'active',
    });
    const logs = await t.request<{ sentence: string; link: string }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=contact_create',
      { headers },
    );
    expect(logs.body.data[0]).toMatchObject({
      sentence: '新建了公司「上海星河传媒有限公司」的联系人「王珊」',
      link: `/admin/information/contacts/${res.body.data.id}`,
    });
    const freelancer = await create({ name: '独立制片人' });
    expect(freelancer.body.data).toMatchObject({
      company_id: null,
      company: null,
      is_invoice_contact: false,
    });
  });

  it('answers each invalid field with its Chinese message', async () => {
    const res = await t.request<{ fields: Record<string, string> }>('POST', '/storm_api/v1/contacts', {
      headers,
      body: {
        name: '',
        mobile: '1234',
        email: 'wang@',
        wechat: 'w'.repeat(51),
        position: '职'.repeat(51),
        notes: 'x\u0000',
        is_invoice_contact: 'yes',
        company_id: -1,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({
      name: '*请输入1-50个字符',
      mobile: '*请输入正确手机号',
      email: '*请输入正确邮箱',
      wechat: '*最多50个字符',
      position: '*最多50个字符',
      notes: '*内容含有无效字符',
    });
    for (const field of ['is_invoice_contact', 'company_id']) {
      expect(res.body.data.fields[field], field).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lists newest first, by company and by keyword, with exact totals', async () => {
    for (const name of ['李雷', '韩梅'])
      await create({ name, company_id: company.id, mobile: '13800001111' });
    const all = await list('?per_page=2');
    expect(all.headers.get('x-total')).toBe(String(await teamContacts()));
    const ofCompany = (await list(`?company_id=${company.id}&per_page=100`)).body.data;
    expect(ofCompany.map((contact) => contact.name)).toEqual(['韩梅', '李雷', '王珊']);
    expect((await list('?keyword=wang')).body.data.map((contact) => contact.name)).toEqual(['王珊']);
    expect((await list('?keyword=1380000')).body.data).toHaveLength(2);
    expect((await list('?company_id=abc')).status).toBe(400);
  });

  it('changes only the fields sent, moves a contact to another company of the team and logs it', async () => {
    const contact = (await create({ name: '周雨', position: '助理' })).body.data;
    const res = await patch(contact.id, {
      position: '制片',
      company_id: company.id,
      is_invoice_contact: true,
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ name: '周雨', position: '制片', company_id: company.id });
    const logs = await t.request<{ changes: { field: string; before: string; after: string }[] }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=contact_update',
      { headers },
    );
    expect(logs.body.data[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: '职位', before: '助理', after: '制片' },
        { field: '公司', before: '--', after: '上海星河传媒有限公司' },
        { field: '开票联系人', before: '否', after: '是' },
      ]),
    );
    expect((await patch(contact.id, { company_id: null })).body.data.company).toBeNull();
  });

  it('enforces each level: read cannot write, edit cannot archive, manage archives and restores', async () => {
    const contact = (await create({ name: '陈默' })).body.data;
    expect((await list('', readHeaders)).body.code).toBe(0);
    expect(
      (await t.request('GET', `/storm_api/v1/contacts/${contact.id}`, { headers: readHeaders })).status,
    ).toBe(200);
    expect((await create({ name: '读者建的' }, readHeaders)).status).toBe(403);
    expect((await patch(contact.id, { notes: 'x' }, readHeaders)).status).toBe(403);
    expect((await create({ name: '编辑建的' }, editHeaders)).body.code).toBe(0);
    expect((await patch(contact.id, { notes: '编辑改的' }, editHeaders)).body.data.notes).toBe('编辑改的');
    const refused = await patch(contact.id, { status: 'archived' }, editHeaders);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有管理权限可以归档或恢复联系人');
    expect((await patch(contact.id, { status: 'archived' })).body.data.status).toBe('archived');
    expect((await list('?status=archived')).body.data.map((row) => row.id)).toEqual([contact.id]);
    expect((await patch(contact.id, { status: 'active' })).body.data.status).toBe('active');
  });

  it('keeps every id to its team: another team’s contact or company is not found and nothing is written', async () => {
    const theirs = (await create({ name: '别人的联系人', company_id: otherCompany.id }, otherHeaders)).body
      .data;
    expect((await list('?keyword=别人')).body.data).toEqual([]);
    expect((await list(`?company_id=${otherCompany.id}`)).body.data).toEqual([]);
    for (const res of [
      await t.request('GET', `/storm_api/v1/contacts/${theirs.id}`, { headers }),
      await patch(theirs.id, { notes: '越权' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(40400);
      expect(res.body.message).toBe('联系人不存在');
    }
    const before = await teamContacts();
    const refused = await create({ name: '挂到别人公司', company_id: otherCompany.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('公司不存在');
    expect(await teamContacts()).toBe(before);
    const mine = (await create({ name: '不动的联系人' })).body.data;
    const moved = await patch(mine.id, { company_id: otherCompany.id, notes: '不应写入' });
    expect(moved.status).toBe(404);
    expect(moved.body.message).toBe('公司不存在');
    expect(
      (await t.request<Contact>('GET', `/storm_api/v1/contacts/${mine.id}`, { headers })).body.data,
    ).toMatchObject({
      company_id: null,
      notes: null,
    });
    const [logged] = await t.database.db
      .select({ total: count() })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'contact'), eq(operationLogs.targetId, String(mine.id))));
    expect(logged?.total).toBe(1);
  });
});
