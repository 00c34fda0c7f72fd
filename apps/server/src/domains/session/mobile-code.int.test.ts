import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMembership, createTeam, createUser, uniqueMobile } from '../../test/factories';
import { mobileCodes } from './session.tables';

describe('POST /v1/mobile_codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const requestCode = (mobile: unknown, ip?: string) =>
    t.request<{ resend_after_seconds?: number; retry_after_seconds?: number }>(
      'POST',
      '/storm_api/v1/mobile_codes',
      {
        body: { mobile },
        ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
      },
    );

  it('refuses a number that is not a mainland mobile with the login page message', async () => {
    for (const mobile of ['1380000000', '23800000000', '138000000001', 'abc', undefined]) {
      const res = await requestCode(mobile);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('*请输入正确手机号');
    }
  });

  it('sends a 4-digit code to a member and keeps only a hash of it', async () => {
    const { mobile } = await createMember(t.database.db);
    const res = await requestCode(mobile);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { resend_after_seconds: 60 } });
    const code = t.sms.last(mobile);
    expect(code).toMatch(/^\d{4}$/);
    const rows = await t.database.db.select().from(mobileCodes).where(eq(mobileCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    expect(JSON.stringify(res.body)).not.toContain(code);
  });

  it('answers an unknown or paused number the same way and sends nothing', async () => {
    const unknown = uniqueMobile();
    const team = await createTeam(t.database.db);
    const paused = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: paused.id, status: 'pause' });
    const departed = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: team.id, userId: departed.id, status: 'off_duty' });
    for (const mobile of [unknown, paused.mobile, departed.mobile]) {
      const res = await requestCode(mobile);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, message: '成功', data: { resend_after_seconds: 60 } });
      expect(t.sms.last(mobile)).toBeUndefined();
    }
  });

  it('allows one code per number per 60 seconds and says how long to wait', async () => {
    const { mobile } = await createMember(t.database.db);
    expect((await requestCode(mobile)).status).toBe(200);
    t.clock.advance(15_000);
    const early = await requestCode(mobile);
    expect(early.status).toBe(429);
    expect(early.body.code).toBe(42900);
    expect(early.body.message).toBe('请 45 秒后再获取验证码');
    expect(early.body.data.retry_after_seconds).toBe(45);
    expect(early.headers.get('retry-after')).toBe('45');
    t.clock.advance(45_000);
    expect((await requestCode(mobile)).status).toBe(200);
  });

  it('limits unknown numbers exactly like members (no enumeration by limits)', async () => {
    const mobile = uniqueMobile();
    expect((await requestCode(mobile)).status).toBe(200);
    expect((await requestCode(mobile)).status).toBe(429);
    t.clock.advance(60_000);
  });

  it('allows 10 codes per number per day from one address, 20 from all, and says until when', async () => {
    const { mobile } = await createMember(t.database.db);
    const stranger = '203.0.113.20';
    for (let i = 0; i < 10; i += 1) {
      expect((await requestCode(mobile, stranger)).status, `request ${i + 1}`).toBe(200);
      t.clock.advance(61_000);
    }
    const eleventh = await requestCode(mobile, stranger);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toContain('今日获取验证码次数已达上限');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    // The stranger's requests use up their own address's allowance, not the owner's.
    for (let i = 0; i < 10; i += 1) {
      expect((await requestCode(mobile, `198.51.100.${i + 1}`)).status, `owner ${i + 1}`).toBe(200);
      t.clock.advance(61_000);
    }
    expect((await requestCode(mobile, '198.51.100.99')).status).toBe(429);
    t.clock.advance(24 * 3_600_000);
    expect((await requestCode(mobile, stranger)).status).toBe(200);
    t.clock.advance(61_000);
  });

  it('allows 30 codes per client address per hour', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 30; i += 1) {
      expect((await requestCode(uniqueMobile(), ip)).status, `request ${i + 1}`).toBe(200);
    }
    const res = await requestCode(uniqueMobile(), ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toContain('当前网络获取验证码过于频繁');
    expect((await requestCode(uniqueMobile(), '203.0.113.8')).status).toBe(200);
    t.clock.advance(3_600_000);
    expect((await requestCode(uniqueMobile(), ip)).status).toBe(200);
  });

  it('gives two simultaneous requests of one number one code', async () => {
    const { mobile } = await createMember(t.database.db);
    const answers = await Promise.all([requestCode(mobile), requestCode(mobile), requestCode(mobile)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    t.clock.advance(61_000);
  });
});
