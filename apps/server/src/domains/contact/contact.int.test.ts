import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import type { Package } from '@trackit/contract/package.schema';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
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
  let manageHeaders: Record<string, string>;
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
    manageHeaders = team.levels.manage.headers;
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
  it('finds the team’s contacts with a mobile before one is created: a warning, never a refusal', async () => {
    const duplicates = (mobile: string, as = editHeaders) =>
      t.request<Contact[]>('GET', `/storm_api/v1/contacts/duplicates?mobile=${mobile}`, { headers: as });
    const first = (await create({ name: '赵敏', company_id: company.id, mobile: '13700001234' })).body.data;
    const archived = (await create({ name: '赵敏（旧）', mobile: '13700001234' })).body.data;
    await patch(archived.id, { status: 'archived' });
    const theirs = (await create({ name: '外队赵敏', mobile: '13700001234' }, otherHeaders)).body.data;
    const found = await duplicates('13700001234');
    expect(found.body.code, found.body.message).toBe(0);
    expect(
      found.body.data.map((contact) => [contact.name, contact.company?.name ?? null, contact.status]),
    ).toEqual([
      ['赵敏', '上海星河传媒有限公司', 'active'],
      ['赵敏（旧）', null, 'archived'],
    ]);
    expect((await duplicates('13700001234', otherHeaders)).body.data.map((contact) => contact.id)).toEqual([
      theirs.id,
    ]);
    expect((await duplicates('13700009999')).body.data).toEqual([]);
    // The same person as a freelancer too: created when the member confirms.
    const again = await create({ name: '赵敏', mobile: '13700001234' });
    expect(again.body.code, again.body.message).toBe(0);
    const bad = await duplicates('1234');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('手机号');
    expect((await duplicates('13700001234', readHeaders)).status).toBe(403);
    expect(first.id).toBeLessThan(archived.id);
  });

  describe('deleting a contact created by mistake', () => {
    let modelId: number;
    beforeAll(async () => {
      modelId = (
        await ok(
          t.request<{ id: number }>('POST', '/storm_api/v1/models', {
            headers,
            body: { name: '套餐里的模特', gender: 'female' },
          }),
        )
      ).id;
    });
    const remove = (id: number, as = manageHeaders) =>
      t.request<null>('DELETE', `/storm_api/v1/contacts/${id}`, { headers: as });
    const deletion = (id: number, as = manageHeaders) =>
      t.request<RecordDeletion>('GET', `/storm_api/v1/contacts/${id}/deletion`, { headers: as });
    const stored = async (id: number) =>
      (await t.database.db.select({ total: count() }).from(contacts).where(eq(contacts.id, id)))[0]?.total;
    const sharePackage = (contactId: number) =>
      t.request<Package>('POST', '/storm_api/v1/packages', {
        headers,
        body: { title: '给误建联系人的套餐', contact_id: contactId, models: [{ model_id: modelId }] },
      });

    it('deletes a contact nothing refers to for a manager, logged; below manage it is refused', async () => {
      const contact = (await create({ name: '误建的联系人', company_id: company.id })).body.data;
      expect(await ok(deletion(contact.id))).toEqual({ can: true, reason: null });
      expect((await remove(contact.id, editHeaders)).status).toBe(403);
      expect(await stored(contact.id)).toBe(1);
      expect((await remove(contact.id)).status).toBe(200);
      expect(await stored(contact.id)).toBe(0);
      expect((await remove(contact.id)).status).toBe(404);
      const [entry] = await ok(
        t.request<OperationLog[]>('GET', '/storm_api/v1/operation_logs?action=contact_delete', { headers }),
      );
      expect(entry).toMatchObject({ sentence: '删除了误建的联系人「误建的联系人」', link: null });
    });

    it('refuses a contact a package refers to (409), and another team’s is not found; nothing is written', async () => {
      const contact = (await create({ name: '收到套餐的联系人' })).body.data;
      await ok(sharePackage(contact.id));
      const expected = '该联系人已有 1 个套餐，不能删除，可以归档';
      expect(await ok(deletion(contact.id))).toEqual({ can: false, reason: expected });
      const refused = await remove(contact.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(expected);
      expect(await stored(contact.id)).toBe(1);

      const theirs = (await create({ name: '外队误建的联系人' }, otherHeaders)).body.data;
      for (const res of [await remove(theirs.id), await deletion(theirs.id)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('联系人不存在');
      }
      expect(await stored(theirs.id)).toBe(1);
    });

    it('never orphans a package made for the contact while it is being deleted', async () => {
      for (let round = 0; round < 6; round += 1) {
        const contact = (await create({ name: `并发删除的联系人${round}` })).body.data;
        const [deleted, shared] = await Promise.all([remove(contact.id), sharePackage(contact.id)]);
        if (deleted.status === 200) {
          expect(shared.status).toBe(404);
          expect(shared.body.message).toBe('联系人不存在');
        } else {
          expect(deleted.status).toBe(409);
          expect(shared.status).toBe(200);
        }
      }
    });
  });
});
