import type { MemberOption } from '@trackit/contract/organization.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createUser, signIn } from '../../test/factories';

describe('member options', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  const options = (query = '', as = headers) =>
    t.request<MemberOption[]>('GET', `/storm_api/v1/members/options${query}`, { headers: as });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const me = await createMember(db, { nickname: '林晓' });
    headers = bearer((await signIn(t, me.mobile)).token);
    const colleague = async (nickname: string, status: 'valid' | 'pause' | 'off_duty' = 'valid') =>
      createMembership(db, { teamId: me.team.id, userId: (await createUser(db)).id, nickname, status });
    await colleague('王经纪');
    await colleague('王小二', 'pause');
    await colleague('赵离职', 'off_duty');
    await colleague('100%_经纪');
    // A member of another team never appears.
    await createMember(db, { nickname: '王外人' });
  });
  afterAll(() => t.close());

  it("lists the team's members who may sign in, oldest first, with no contact details", async () => {
    const res = await options();
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data.map((member) => member.nickname)).toEqual(['林晓', '王经纪', '100%_经纪']);
    expect(res.headers.get('x-total')).toBe('3');
    expect(Object.keys(res.body.data[0] ?? {}).sort()).toEqual([
      'avatar',
      'base_color',
      'department_name',
      'id',
      'nickname',
    ]);
  });

  it('finds by a part of the nickname; % and _ match themselves', async () => {
    expect((await options('?keyword=王')).body.data.map((member) => member.nickname)).toEqual(['王经纪']);
    expect((await options('?keyword=%25_')).body.data.map((member) => member.nickname)).toEqual([
      '100%_经纪',
    ]);
    expect((await options('?keyword=_')).body.data).toHaveLength(1);
  });

  it('needs a session and answers a too long keyword with a Chinese message', async () => {
    expect((await options('', {})).status).toBe(401);
    const long = await options(`?keyword=${'长'.repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
