/**
 * One limit per client address for everything that looks a share up (docs/product.md "Packages and share
 * pages"): the share pages' API and the share pages' HTML (whose link preview reads the share) count
 * against one counter.
 */
import { rm } from 'node:fs/promises';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';

describe('the share limit per address', () => {
  let appsDir: string;
  let t: TestApp;
  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    t = await buildTestApp({ APPS_DIR: appsDir, SHARE_RATE_LIMIT_PER_MINUTE: '5', LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const api = (ip: string) =>
    t.request('GET', `/storm_api/v1/public/packages/${UNKNOWN}`, { headers: from(ip) });
  const page = (ip: string, path: string) => fetch(`${t.baseUrl}${path}`, { headers: from(ip) });
  const errorLines = () => t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  it('answers 429 with Retry-After past the limit, per address, and again after the minute', async () => {
    for (let i = 0; i < 5; i += 1) expect((await api('10.9.9.9')).status).toBe(404);
    const limited = await api('10.9.9.9');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 42900, message: SHARE_MESSAGES.rateLimited, data: null });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('10.9.9.10')).status).toBe(404);
    t.clock.advance(60_000);
    expect((await api('10.9.9.9')).status).toBe(404);
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
    t.clock.advance(60_000);
    expect((await page(ip, `/h5/s/${UNKNOWN}`)).status).toBe(404);
    expect(errorLines()).toEqual([]);
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
    expect(errorLines()).toEqual([]);
  });
});
