import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createRole, createUser, signIn } from '../../test/factories';

interface Row {
  action: string;
  action_label: string;
  member: { id: number; nickname: string } | null;
  created_at: string;
}

describe('operation log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the team’s operations, newest first, with labels and members', async () => {
    const owner = await createMember(t.database.db, { nickname: '老板' });
    const first = await signIn(t, owner.mobile);
    await t.request('PATCH', '/storm_api/v1/profile', {
      body: { nickname: '林总' },
      headers: bearer(first.token),
    });
    const res = await t.request<Row[]>('GET', '/storm_api/v1/operation_logs', {
      headers: bearer(first.token),
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((row) => row.action)).toEqual(['profile_update', 'sign_in']);
    expect(res.body.data[0]).toMatchObject({ action_label: '修改个人资料', member: { nickname: '林总' } });
    expect(res.headers.get('x-total')).toBe('2');

    const filtered = await t.request<Row[]>('GET', '/storm_api/v1/operation_logs?action=sign_in', {
      headers: bearer(first.token),
    });
    expect(filtered.body.data.map((row) => row.action)).toEqual(['sign_in']);
  });

  it('filters by days in China time', async () => {
    const owner = await createMember(t.database.db);
    const session = await signIn(t, owner.mobile);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
    const today = await t.request<Row[]>(`GET`, `/storm_api/v1/operation_logs?from=${day}&to=${day}`, {
      headers: bearer(session.token),
    });
    expect(today.body.data).toHaveLength(1);
    const earlier = await t.request<Row[]>(
      'GET',
      '/storm_api/v1/operation_logs?from=2020-01-01&to=2020-01-31',
      {
        headers: bearer(session.token),
      },
    );
    expect(earlier.body.data).toEqual([]);
    const bad = await t.request('GET', '/storm_api/v1/operation_logs?from=yesterday', {
      headers: bearer(session.token),
    });
    expect(bad.status).toBe(400);
  });

  it('shows nothing of another team', async () => {
    const mine = await createMember(t.database.db);
    const theirs = await createMember(t.database.db);
    await signIn(t, theirs.mobile);
    const session = await signIn(t, mine.mobile);
    const res = await t.request<Row[]>('GET', '/storm_api/v1/operation_logs', {
      headers: bearer(session.token),
    });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]?.member?.id).toBe(mine.membership.id);
  });

  it('refuses a member without the operation_record permission with 403', async () => {
    const owner = await createMember(t.database.db);
    const role = await createRole(t.database.db, owner.team.id, [{ key: 'calendar', level: 'manage' }]);
    const limited = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: owner.team.id, userId: limited.id, roleId: role.id });
    const session = await signIn(t, limited.mobile);
    const res = await t.request('GET', '/storm_api/v1/operation_logs', { headers: bearer(session.token) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 40300, message: '没有权限执行此操作', data: null });

    const reader = await createUser(t.database.db);
    const readRole = await createRole(t.database.db, owner.team.id, [
      { key: 'operation_record', level: 'read' },
    ]);
    await createMembership(t.database.db, { teamId: owner.team.id, userId: reader.id, roleId: readRole.id });
    const readerSession = await signIn(t, reader.mobile);
    expect(
      (await t.request('GET', '/storm_api/v1/operation_logs', { headers: bearer(readerSession.token) })).body
        .code,
    ).toBe(0);
  });
});
