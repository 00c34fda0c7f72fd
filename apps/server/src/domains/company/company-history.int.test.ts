import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';

type Headers = Record<string, string>;

describe('the history of a company and of a contact', () => {
  let t: TestApp;
  let owner: Headers;
  let stranger: Headers;
  const as: Partial<Record<PermissionLevel, Headers>> = {};

  const api = async <T>(method: string, path: string, body?: unknown, headers = owner) => {
    const res = await t.request<T>(method, `/storm_api${path}`, {
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return res;
  };
  const created = async <T>(path: string, body: unknown) => {
    const res = await api<T>('POST', path, body);
    expect(res.body.code, res.body.message).toBe(0);
    // One second apart, so "newest first" is a real order.
    t.clock.advance(1_000);
    return res.body.data;
  };
  const sentences = async (path: string, headers = owner) => {
    const res = await api<RecordHistoryEntry[]>('GET', path, undefined, headers);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.map((entry) => entry.sentence);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    owner = team.owner.headers;
    stranger = team.stranger.headers;
    for (const level of ['read', 'edit', 'manage'] as const) as[level] = team.levels[level].headers;
  });
  afterAll(() => t.close());

  it("lists the company's own entries and its contacts', newest first, and no other company's", async () => {
    const company = await created<Company>('/v1/companies', { name: '杭州青禾服饰有限公司' });
    const other = await created<Company>('/v1/companies', { name: '上海星河传媒有限公司' });
    expect((await api('PATCH', `/v1/companies/${company.id}`, { short_name: '青禾' })).body.code).toBe(0);
    t.clock.advance(1_000);
    const contact = await created<Contact>('/v1/contacts', { name: '王珊', company_id: company.id });
    await created<Contact>('/v1/contacts', { name: '李婷', company_id: other.id });
    expect((await api('PATCH', `/v1/contacts/${contact.id}`, { position: '市场总监' })).body.code).toBe(0);

    const history = await sentences(`/v1/companies/${company.id}/history`);
    expect(history).toHaveLength(4);
    expect(history[0]).toContain('王珊');
    expect(history[1]).toContain('王珊');
    expect(history[2]).toContain('杭州青禾服饰有限公司');
    expect(history[3]).toContain('杭州青禾服饰有限公司');
    expect(history.join()).not.toContain('李婷');

    const own = await sentences(`/v1/contacts/${contact.id}/history`);
    expect(own).toHaveLength(2);
    expect(own.every((sentence) => sentence.includes('王珊'))).toBe(true);

    const entries = await api<RecordHistoryEntry[]>('GET', `/v1/contacts/${contact.id}/history`);
    expect(entries.body.data[0]?.changes).toEqual([{ field: '职位', before: '--', after: '市场总监' }]);
    expect(entries.body.data.every((entry) => !('ip' in entry))).toBe(true);
  });

  it('is readable at read level; another team\'s company or contact is "not found"', async () => {
    const company = await created<Company>('/v1/companies', { name: '北京光年广告有限公司' });
    const contact = await created<Contact>('/v1/contacts', { name: '周一', company_id: company.id });
    expect(await sentences(`/v1/companies/${company.id}/history`, as.read)).toHaveLength(2);
    expect(await sentences(`/v1/contacts/${contact.id}/history`, as.read)).toHaveLength(1);

    const foreignCompany = await api('GET', `/v1/companies/${company.id}/history`, undefined, stranger);
    expect(foreignCompany.status).toBe(404);
    expect(foreignCompany.body.message).toBe('公司不存在');
    const foreignContact = await api('GET', `/v1/contacts/${contact.id}/history`, undefined, stranger);
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.message).toBe('联系人不存在');
  });
});
