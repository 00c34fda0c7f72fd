import type { TokenPair } from '@trackit/contract/session.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  bearer,
  createMember,
  createMembership,
  createTeam,
  createUser,
  signIn,
  uniqueMobile,
} from '../../test/factories';
import { operationLogs } from '../operation-log/operation-log.tables';
import { memberships } from '../organization/organization.tables';
import { mobileCodes, signInFailures } from './session.tables';

describe('signing in with a code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const from = (ip?: string) => (ip ? { headers: { 'x-forwarded-for': ip } } : {});
  const requestCode = async (mobile: string, ip?: string) => {
    const res = await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile }, ...from(ip) });
    expect(res.body.code, res.body.message).toBe(0);
    return t.sms.last(mobile) as string;
  };
  const trySignIn = (mobile: string, code: string, ip?: string) =>
    t.request<{ membership_id: number; token: TokenPair; valid_members: Record<string, unknown>[] }>(
      'POST',
      '/storm_api/v1/sessions',
      { body: { mobile, code }, ...from(ip) },
    );
  const failuresOf = (mobile: string) =>
    t.database.db.select().from(signInFailures).where(eq(signInFailures.mobile, mobile));
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
    t.clock.advance(25 * 3_600_000); // past the single-try day those wrong codes started
  });

  it('does not let a stranger deny sign-in to a number they do not hold', async () => {
    const { mobile } = await createMember(t.database.db);
    const stranger = '203.0.113.50';
    const owner = '198.51.100.9';
    // Tries with no code sent: refused, counted against the stranger's address only, never the number.
    const blind = [];
    for (let i = 0; i < 25; i += 1) blind.push(await trySignIn(mobile, String(i).padStart(4, '0'), stranger));
    expect(blind.slice(0, 20).every((a) => a.body.code === 40010)).toBe(true);
    expect(blind.slice(20).every((a) => a.status === 429)).toBe(true);
    expect((await failuresOf(mobile)).every((row) => row.codeId === null)).toBe(true);
    // Codes the stranger has sent (to the owner's phone) and guessed at: each allows 5 tries, then one.
    t.clock.advance(3_600_000);
    for (let round = 0; round < 10; round += 1) {
      const code = await requestCode(mobile, stranger);
      for (let i = 0; i < 5; i += 1) await trySignIn(mobile, wrong(code), stranger);
      t.clock.advance(61_000);
    }
    const spent = await t.request('POST', '/storm_api/v1/mobile_codes', {
      body: { mobile },
      ...from(stranger),
    });
    expect(spent.status).toBe(429);
    // The owner, from their own address, gets a code and signs in at the first try.
    const code = await requestCode(mobile, owner);
    expect((await trySignIn(mobile, code, owner)).body.code).toBe(0);
    t.clock.advance(25 * 3_600_000);
  });

  it('allows one try per code once a number has had 5 wrong codes in 24 hours', async () => {
    const { mobile } = await createMember(t.database.db);
    const first = await requestCode(mobile);
    for (let i = 0; i < 5; i += 1) expect((await trySignIn(mobile, wrong(first))).body.code).toBe(40010);
    t.clock.advance(61_000);
    const second = await requestCode(mobile);
    expect((await trySignIn(mobile, wrong(second))).body.code).toBe(40010);
    expect((await trySignIn(mobile, second)).body.code).toBe(40010);
    t.clock.advance(61_000);
    const third = await requestCode(mobile);
    expect((await trySignIn(mobile, third)).body.code).toBe(0);
    t.clock.advance(24 * 3_600_000);
    const fourth = await requestCode(mobile);
    for (let i = 0; i < 4; i += 1) await trySignIn(mobile, wrong(fourth));
    expect((await trySignIn(mobile, fourth)).body.code).toBe(0);
    t.clock.advance(61_000);
  });

  it('limits refused sign-ins per client address, answering 429 with Retry-After and writing nothing', async () => {
    const ip = '203.0.113.77';
    const mobiles = Array.from({ length: 21 }, () => uniqueMobile());
    for (const mobile of mobiles.slice(0, 20)) expect((await trySignIn(mobile, '1234', ip)).status).toBe(400);
    t.clock.advance(10 * 60_000);
    const limited = await trySignIn(mobiles[20] as string, '1234', ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 42900, message: '当前网络登录失败次数过多，请稍后再试' });
    expect(limited.headers.get('retry-after')).toBe(String(50 * 60));
    expect(await failuresOf(mobiles[20] as string)).toHaveLength(0);
    // The limit is the address's: a member elsewhere signs in; the address is free after the hour.
    const { mobile } = await createMember(t.database.db);
    expect((await trySignIn(mobile, await requestCode(mobile), '198.51.100.10')).body.code).toBe(0);
    t.clock.advance(50 * 60_000);
    expect((await trySignIn(mobiles[20] as string, '1234', ip)).status).toBe(400);
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
