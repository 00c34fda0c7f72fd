/**
 * One limit per client address for everything that looks a share up (docs/product.md "Packages and share
 * pages"): the share pages' API and the share pages' HTML (whose link preview reads the share) count
 * against one counter, kept in the rate limits' shared store: the database the suite runs on (PGlite, or
 * PostgreSQL with DATABASE_URL) or Redis. Two servers on one store allow what one would.
 */
import { rm } from 'node:fs/promises';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { redisEnv, withTestRedis } from '../../test/redis';

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';

const STORES = [
  { store: 'the database', env: (): Record<string, string> => ({}) },
  ...withTestRedis({ store: 'Redis', env: () => redisEnv() }),
];

const logLines = (t: TestApp) => t.logs.map((line) => JSON.parse(line) as { level: number; msg: string });
const errorLines = (t: TestApp) => logLines(t).filter((line) => line.level >= 50);

describe.each(STORES)('the share limit per address, counted in $store', ({ env }) => {
  let appsDir: string;
  let t: TestApp;
  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    t = await buildTestApp({
      APPS_DIR: appsDir,
      SHARE_RATE_LIMIT_PER_MINUTE: '5',
      LOG_LEVEL: 'info',
      ...env(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const api = (ip: string) =>
    t.request('GET', `/storm_api/v1/public/packages/${UNKNOWN}`, { headers: from(ip) });
  const page = (ip: string, path: string) => fetch(`${t.baseUrl}${path}`, { headers: from(ip) });

  it('answers 429 with Retry-After within the minute past the limit, per address', async () => {
    for (let i = 0; i < 5; i += 1) expect((await api('10.9.9.9')).status).toBe(404);
    const limited = await api('10.9.9.9');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 42900, message: SHARE_MESSAGES.rateLimited, data: null });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-robots-tag')).toContain('noindex');
    expect((await api('10.9.9.10')).status).toBe(404);
  });

  it('counts the share pages’ HTML and the API against one limit', async () => {
    const ip = '10.9.8.1';
    // Every page that resolves a share counts: a package, its model, photo and file pages, a folder.
    for (const path of [
      `/h5/s/${UNKNOWN}`,
      `/h5/s/${UNKNOWN}/12`,
      `/h5/photo/${UNKNOWN}/3`,
      `/h5/f/${UNKNOWN}`,
    ]) {
      expect((await page(ip, path)).status, path).toBe(404);
    }
    expect((await api(ip)).status).toBe(404);
    const pageLimited = await page(ip, `/h5/files/${UNKNOWN}/3`);
    expect(pageLimited.status).toBe(429);
    expect(await pageLimited.json()).toEqual({
      code: 42900,
      message: SHARE_MESSAGES.rateLimited,
      data: null,
    });
    expect(Number(pageLimited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageLimited.headers.get('x-robots-tag')).toContain('noindex');
    expect((await page(ip, `/web/s/${UNKNOWN}`)).status).toBe(429);
    expect((await api(ip)).status).toBe(429);
    // Pages that look no share up, and the apps' files, are not share calls.
    expect((await page(ip, '/h5/about')).status).toBe(200);
    expect((await page(ip, '/h5/assets/index-abc123.js')).status).toBe(200);
    // Another address has its own count.
    expect((await page('10.9.8.2', `/h5/s/${UNKNOWN}`)).status).toBe(404);
    expect(errorLines(t)).toEqual([]);
  });

  it('counts a page whose address does not decode, answered 404 like any unknown share', async () => {
    const ip = '10.9.7.1';
    for (let i = 0; i < 5; i += 1) {
      const res = await page(ip, '/h5/s/%E4%B8');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    expect((await page(ip, '/h5/s/%E4%B8')).status).toBe(429);
    const api = await t.request('GET', '/storm_api/v1/public/folders/%E4%B8', { headers: from('10.9.7.2') });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ code: 40400, message: SHARE_MESSAGES.notFound, data: null });
    expect(errorLines(t)).toEqual([]);
  });

  it('holds across two servers on one store: 400 calls split between them, 300 answered', async () => {
    // Two processes of one deployment: each its own app, one database (and one Redis prefix) between them.
    const shared = env();
    const first = await buildTestApp({ APPS_DIR: appsDir, ...shared });
    const second = await buildTestApp({ APPS_DIR: appsDir, ...shared }, undefined, {
      database: first.database,
      shared: true,
    });
    try {
      const ip = '10.9.6.1';
      const statuses: number[] = [];
      // 400 calls, 20 at a time, alternating between the servers.
      for (let batch = 0; batch < 20; batch += 1) {
        const calls = Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? first : second).request('GET', `/storm_api/v1/public/packages/${UNKNOWN}`, {
            headers: from(ip),
          }),
        );
        statuses.push(...(await Promise.all(calls)).map((res) => res.status));
      }
      expect(statuses.filter((status) => status === 404)).toHaveLength(300);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('the share limit when its store fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SHARE_RATE_LIMIT_PER_MINUTE: '2', LOG_LEVEL: 'info' });
  });
  afterAll(() => t?.close());

  const api = () =>
    t.request('GET', `/storm_api/v1/public/packages/${UNKNOWN}`, {
      headers: { 'x-forwarded-for': '10.9.5.1' },
    });
  const linesSaying = (text: string) => logLines(t).filter((line) => line.msg.includes(text));

  it('lets share calls through, said once at warn level, and counts again once the store answers', async () => {
    await t.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    for (let i = 0; i < 4; i += 1) expect((await api()).status).toBe(404);
    const warnings = linesSaying('share limit not counted');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    // No call failed (the purge the server starts with may have met the renamed table: not a call's error).
    expect(errorLines(t).filter((line) => !line.msg.startsWith('purge of past rate-limit counts'))).toEqual(
      [],
    );

    await t.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    expect((await api()).status).toBe(404);
    expect(linesSaying('share limit counted again')).toHaveLength(1);
    expect((await api()).status).toBe(404);
    expect((await api()).status).toBe(429);
  });
});
