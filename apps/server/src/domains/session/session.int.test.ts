import type { TokenPair } from '@trackit/contract/session.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createTeam, createUser, signIn } from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { memberships } from '../organization/organization.tables';
import { mobileCodes } from './session.tables';

describe('signing in with a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const requestCode = async (mobile: string) => {
    const res = await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile } });
    expect(res.body.code, res.body.message).toBe(0);
    return t.sms.last(mobile) as string;
  };
  const trySignIn = (mobile: string, code: string) =>
    t.request<{ membership_id: number; token: TokenPair; valid_members: Record<string, unknown>[] }>(
      'POST',
      '/storm_api/v1/sessions',
      { body: { mobile, code } },
    );
  const wrong = (code: string) => (code === '0000' ? '0001' : '0000');

  it('signs in with the right code and answers members, membership and tokens', async () => {
    const { mobile, membership, team } = await createMember(t.database.db, { nickname: '小王' });
    const code = await requestCode(mobile);
    const res = await trySignIn(mobile, code);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.membership_id).toBe(membership.id);
    expect(res.body.data.valid_members).toEqual([
      {
        id: membership.id,
        nickname: '小王',
        team_name: team.name,
        avatar: null,
        base_color: '#1677ff',
        last_login_at: null,
      },
    ]);
    expect(res.body.data.token).toMatchObject({ expires_in: 7200 });
    const profile = await t.request('GET', '/storm_api/v1/profile', { headers: bearer(res.body.data.token) });
    expect(profile.body.code).toBe(0);
    t.clock.advance(61_000);
  });

  it('refuses bad input with the login page messages', async () => {
    const res = await t.request('POST', '/storm_api/v1/sessions', {
      body: { mobile: '13800000000', code: '12' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('*请输入完整验证码');
    const noMobile = await t.request('POST', '/storm_api/v1/sessions', { body: { code: '1234' } });
    expect(noMobile.body.message).toBe('*请输入正确手机号');
  });

  it('refuses a wrong code with a clear message; the right one still works after', async () => {
    const { mobile } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    const res = await trySignIn(mobile, wrong(code));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40010);
    expect(res.body.message).toBe('验证码错误或已过期，请重新获取');
    expect((await trySignIn(mobile, code)).body.code).toBe(0);
    t.clock.advance(61_000);
  });

  it('accepts a code once', async () => {
    const { mobile } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    expect((await trySignIn(mobile, code)).body.code).toBe(0);
    expect((await trySignIn(mobile, code)).body.code).toBe(40010);
    t.clock.advance(61_000);
  });

  it('voids the previous code when a new one is requested', async () => {
    const { mobile } = await createMember(t.database.db);
    const first = await requestCode(mobile);
    t.clock.advance(61_000);
    let second = await requestCode(mobile);
    while (second === first) {
      t.clock.advance(61_000);
      second = await requestCode(mobile);
    }
    expect((await trySignIn(mobile, first)).body.code).toBe(40010);
    expect((await trySignIn(mobile, second)).body.code).toBe(0);
    t.clock.advance(61_000);
  });

  it('lets a code expire after 5 minutes', async () => {
    const { mobile } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await trySignIn(mobile, code)).body.code).toBe(40010);
  });

  it('voids a code after 5 wrong tries', async () => {
    const { mobile } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    for (let i = 0; i < 5; i += 1) expect((await trySignIn(mobile, wrong(code))).body.code).toBe(40010);
    expect((await trySignIn(mobile, code)).body.code).toBe(40010);
    t.clock.advance(61_000);
  });

  it('evaluates at most 5 of 50 parallel wrong guesses', async () => {
    const { mobile } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    const guesses = Array.from({ length: 50 }, (_, i) => String(i).padStart(4, '0')).filter(
      (g) => g !== code,
    );
    const answers = await Promise.all(guesses.slice(0, 50).map((guess) => trySignIn(mobile, guess)));
    expect(answers.every((a) => a.body.code !== 0)).toBe(true);
    const [row] = await t.database.db.select().from(mobileCodes).where(eq(mobileCodes.mobile, mobile));
    expect(row?.attempts).toBe(5);
    t.clock.advance(25 * 3_600_000); // past the lock those 50 wrong codes earned
  });

  it('locks a number for 24 hours after 10 wrong codes in 24 hours, whatever new codes are requested', async () => {
    const { mobile } = await createMember(t.database.db);
    for (let round = 0; round < 2; round += 1) {
      const code = await requestCode(mobile);
      for (let i = 0; i < 5; i += 1) await trySignIn(mobile, wrong(code));
      t.clock.advance(61_000);
    }
    const fresh = await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile } });
    expect(fresh.status).toBe(429);
    const locked = await trySignIn(mobile, '1234');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('验证码错误次数过多，该手机号已锁定 24 小时');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    t.clock.advance(24 * 3_600_000);
    const code = await requestCode(mobile);
    expect((await trySignIn(mobile, code)).body.code).toBe(0);
    t.clock.advance(61_000);
  });

  it('answers a number without a valid membership like a wrong code', async () => {
    const team = await createTeam(t.database.db);
    const user = await createUser(t.database.db);
    const member = await createMembership(t.database.db, { teamId: team.id, userId: user.id });
    const code = await requestCode(user.mobile);
    await t.database.db.update(memberships).set({ status: 'pause' }).where(eq(memberships.id, member.id));
    const res = await trySignIn(user.mobile, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 40010, message: '验证码错误或已过期，请重新获取', data: null });
    t.clock.advance(61_000);
  });

  it('signs in to the most recently used valid membership, else the first', async () => {
    const user = await createUser(t.database.db);
    const teamA = await createTeam(t.database.db, '甲团队');
    const teamB = await createTeam(t.database.db, '乙团队');
    const teamC = await createTeam(t.database.db, '丙团队');
    const a = await createMembership(t.database.db, { teamId: teamA.id, userId: user.id });
    const b = await createMembership(t.database.db, { teamId: teamB.id, userId: user.id });
    await createMembership(t.database.db, { teamId: teamC.id, userId: user.id, status: 'off_duty' });
    const first = await signIn(t, user.mobile);
    expect(first.membership_id).toBe(a.id);
    expect(first.valid_members.map((m) => m.id)).toEqual([a.id, b.id]);
    const switched = await t.request<TokenPair>('POST', `/storm_api/v1/teams/${b.id}/login`, {
      body: { id: b.id },
      headers: bearer(first.token),
    });
    expect(switched.body.code).toBe(0);
    const again = await signIn(t, user.mobile);
    expect(again.membership_id).toBe(b.id);
  });

  it('writes sign-ins, refusals, switches and logouts to the operation log, never a code', async () => {
    const { mobile, membership, team } = await createMember(t.database.db);
    const code = await requestCode(mobile);
    await trySignIn(mobile, wrong(code));
    const signedIn = await trySignIn(mobile, code);
    await t.request('DELETE', '/storm_api/v1/sessions', { headers: bearer(signedIn.body.data.token) });
    const rows = await t.database.db.select().from(operationLogs);
    const mine = rows.filter((row) => row.membershipId === membership.id || row.detail?.mobile === mobile);
    expect(mine.map((row) => row.action).sort()).toEqual(['sign_in', 'sign_in_refused', 'sign_out']);
    expect(mine.find((row) => row.action === 'sign_in')?.teamId).toBe(team.id);
    for (const row of rows) expect(JSON.stringify(row.detail ?? {})).not.toMatch(new RegExp(`\\b${code}\\b`));
    t.clock.advance(61_000);
  });
});
