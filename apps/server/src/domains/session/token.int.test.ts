import type { TokenPair } from '@trackit/contract/session.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, signIn } from '../../test/factories';
import { memberships } from '../organization/organization.tables';

describe('sessions and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const profile = (headers: Record<string, string>) => t.request('GET', '/storm_api/v1/profile', { headers });
  const refresh = (refreshToken: string) =>
    t.request<TokenPair>('POST', '/storm_api/v1/sessions/refresh', { body: { refresh_token: refreshToken } });
  const expectSessionError = async (headers: Record<string, string>, code: number) => {
    const res = await profile(headers);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(code);
  };

  it('refuses a missing, forged or misused token with 10401', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const [header, payload] = token.access_token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    await expectSessionError({}, 10401);
    await expectSessionError({ authorization: 'Bearer nonsense' }, 10401);
    await expectSessionError({ authorization: `Bearer ${none}` }, 10401);
    await expectSessionError({ authorization: `Bearer ${header}.${payload}.forged` }, 10401);
    await expectSessionError(bearer(token.refresh_token), 10401);
    await expectSessionError({ authorization: token.access_token }, 10401);
    // Never read from the query string.
    const query = await t.request('GET', `/storm_api/v1/profile?access_token=${token.access_token}`);
    expect(query.body.code).toBe(10401);
    expect((await profile(bearer(token))).body.code).toBe(0);
  });

  it('expires the access token after 2 hours with 10498; a refresh brings a working pair', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    t.clock.advance(2 * 3_600_000);
    await expectSessionError(bearer(token), 10498);
    const renewed = await refresh(token.refresh_token);
    expect(renewed.body.code).toBe(0);
    expect(renewed.body.data.refresh_token).not.toBe(token.refresh_token);
    expect((await profile(bearer(renewed.body.data))).body.code).toBe(0);
  });

  it('lets two tabs refresh at once, then ends the whole session when a retired token comes back', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const [tabA, tabB] = await Promise.all([refresh(token.refresh_token), refresh(token.refresh_token)]);
    expect(tabA.body.code).toBe(0);
    expect(tabB.body.code).toBe(0);
    expect(tabA.body.data.refresh_token).toBe(tabB.body.data.refresh_token);
    const current = tabA.body.data;

    t.clock.advance(11_000); // past the grace period
    const reused = await refresh(token.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(10499);
    // The thief and the owner are both out: the session is over.
    await expectSessionError(bearer(current), 10499);
    expect((await refresh(current.refresh_token)).body.code).toBe(10499);
  });

  it('refuses a refresh token that was edited or belongs to no session', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const [sid, generation, signature] = token.refresh_token.split('.');
    expect((await refresh(`${sid}.${Number(generation) + 1}.${signature}`)).body.code).toBe(10401);
    expect((await refresh('00000000-0000-4000-8000-000000000000.1.x')).body.code).toBe(10401);
    expect((await refresh(token.refresh_token)).body.code).toBe(0);
  });

  it('ends a session left unrefreshed for 30 days, and every session after 90 days', async () => {
    const idle = await createMember(t.database.db);
    const idleSession = await signIn(t, idle.mobile);
    t.clock.advance(30 * 24 * 3_600_000 + 1000);
    expect((await refresh(idleSession.token.refresh_token)).body.code).toBe(10499);

    const busy = await createMember(t.database.db);
    let { token } = await signIn(t, busy.mobile);
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * 24 * 3_600_000);
      const renewed = await refresh(token.refresh_token);
      expect(renewed.body.code, `day ${day}`).toBe(0);
      token = renewed.body.data;
    }
    t.clock.advance(11 * 24 * 3_600_000); // day 91
    expect((await refresh(token.refresh_token)).body.code).toBe(10499);
  });

  it('logs out: the very next request and refresh fail with 10499', async () => {
    const { mobile } = await createMember(t.database.db);
    const { token } = await signIn(t, mobile);
    const out = await t.request('DELETE', '/storm_api/v1/sessions', { headers: bearer(token) });
    expect(out.body).toEqual({ code: 0, message: '成功', data: null });
    await expectSessionError(bearer(token), 10499);
    expect((await refresh(token.refresh_token)).body.code).toBe(10499);
  });

  it('ends the session of a member who is paused or leaves, on the next request', async () => {
    for (const status of ['pause', 'off_duty'] as const) {
      const { mobile, membership } = await createMember(t.database.db);
      const { token } = await signIn(t, mobile);
      await t.database.db.update(memberships).set({ status }).where(eq(memberships.id, membership.id));
      await expectSessionError(bearer(token), 10499);
      await t.database.db
        .update(memberships)
        .set({ status: 'valid' })
        .where(eq(memberships.id, membership.id));
      // Ended for good: becoming valid again does not revive it.
      await expectSessionError(bearer(token), 10499);
      expect((await refresh(token.refresh_token)).body.code).toBe(10499);
    }
  });
});

describe('signed-in devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
  const wechat =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

  it('lists the caller’s devices, marks the current one, and signs out the others', async () => {
    const { mobile, team } = await createMember(t.database.db);
    const laptop = await signIn(t, mobile, { 'user-agent': chrome, 'x-forwarded-for': '198.51.100.4' });
    const phone = await signIn(t, mobile, { 'user-agent': wechat });
    const list = await t.request<Record<string, unknown>[]>('GET', '/storm_api/v1/user_sessions', {
      headers: { ...bearer(laptop.token), 'user-agent': chrome },
    });
    expect(list.body.code).toBe(0);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((device) => device.current);
    expect(current).toMatchObject({
      browser: 'Chrome 142',
      os: 'Windows 10/11',
      device: 'desktop',
      ip: '198.51.100.4',
      team_name: team.name,
    });
    expect(list.body.data.find((device) => !device.current)).toMatchObject({
      browser: '微信 8',
      device: 'mobile',
    });

    const active = await t.request<{ id: string; current: boolean }>(
      'GET',
      '/storm_api/v1/user_sessions/active',
      {
        headers: bearer(laptop.token),
      },
    );
    expect(active.body.data).toMatchObject({ id: current?.id, current: true });

    const ended = await t.request<{ ended: number }>('DELETE', '/storm_api/v1/user_sessions', {
      headers: bearer(laptop.token),
    });
    expect(ended.body.data).toEqual({ ended: 1 });
    expect(
      (await t.request('GET', '/storm_api/v1/profile', { headers: bearer(phone.token) })).body.code,
    ).toBe(10499);
    expect(
      (await t.request('GET', '/storm_api/v1/profile', { headers: bearer(laptop.token) })).body.code,
    ).toBe(0);
  });

  it('signs out chosen devices, and never another user’s', async () => {
    const me = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    const mine = await signIn(t, me.mobile);
    const myOther = await signIn(t, me.mobile);
    const theirs = await signIn(t, other.mobile);
    const theirDevices = await t.request<{ id: string }[]>('GET', '/storm_api/v1/user_sessions', {
      headers: bearer(theirs.token),
    });
    const myDevices = await t.request<{ id: string; current: boolean }[]>(
      'GET',
      '/storm_api/v1/user_sessions',
      {
        headers: bearer(mine.token),
      },
    );
    const myOtherId = myDevices.body.data.find((device) => !device.current)?.id as string;
    const res = await t.request<{ ended: number }>('DELETE', '/storm_api/v1/user_sessions', {
      body: { ids: [theirDevices.body.data[0]?.id, myOtherId] },
      headers: bearer(mine.token),
    });
    expect(res.body.data).toEqual({ ended: 1 });
    expect(
      (await t.request('GET', '/storm_api/v1/profile', { headers: bearer(theirs.token) })).body.code,
    ).toBe(0);
    expect(
      (await t.request('GET', '/storm_api/v1/profile', { headers: bearer(myOther.token) })).body.code,
    ).toBe(10499);
    const bad = await t.request('DELETE', '/storm_api/v1/user_sessions', {
      body: { ids: ['not-a-uuid'] },
      headers: bearer(mine.token),
    });
    expect(bad.status).toBe(400);
  });
});
