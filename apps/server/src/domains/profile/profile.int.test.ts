import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, signIn } from '../../test/factories';
import { departments } from '../organization/organization.tables';
import { memberships } from '../team/team.tables';

describe('profile of the current membership', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the member in the current team, with department', async () => {
    const { mobile, membership, team } = await createMember(t.database.db, { nickname: '王经纪' });
    const [department] = await t.database.db
      .insert(departments)
      .values({ teamId: team.id, name: '经纪一部' })
      .returning();
    await t.database.db
      .update(memberships)
      .set({ departmentId: department?.id })
      .where(eq(memberships.id, membership.id));
    const { token } = await signIn(t, mobile);
    const res = await t.request('GET', '/storm_api/v1/profile', { headers: bearer(token) });
    expect(res.body.data).toEqual({
      id: membership.id,
      nickname: '王经纪',
      avatar: null,
      avatar_thumb: null,
      base_color: '#1677ff',
      team_id: team.id,
      team_name: team.name,
      department_name: '经纪一部',
      mobile,
      is_owner: true,
    });
  });

  it('changes the nickname, and refuses an empty or too long one', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const res = await t.request<{ nickname: string }>('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '  Lily 李  ' },
      headers: bearer(token),
    });
    expect(res.body.data.nickname).toBe('Lily 李');
    for (const nickname of ['', '   ', 'x'.repeat(51)]) {
      const bad = await t.request<{ fields: Record<string, string> }>('PATCH', '/storm_api/v1/profile', {
        body: { nickname },
        headers: bearer(token),
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data.fields)).toEqual(['nickname']);
    }
    const after = await t.request<{ nickname: string }>('GET', '/storm_api/v1/profile', {
      headers: bearer(token),
    });
    expect(after.body.data.nickname).toBe('Lily 李');
  });

  it('changes only the caller’s own membership', async () => {
    const me = await createMember(t.database.db, { nickname: '我' });
    const other = await createMember(t.database.db, { nickname: '别人' });
    const { token } = await signIn(t, me.mobile);
    await t.request('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '新名字' },
      headers: bearer(token),
    });
    const [row] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, other.membership.id));
    expect(row?.nickname).toBe('别人');
  });
});
