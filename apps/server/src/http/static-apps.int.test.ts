import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeScript, makeAppsFolder } from '../test/apps-folder';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('hosting the built apps', () => {
  let appsDir: string;
  let t: TestApp;
  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    t = await buildTestApp({ APPS_DIR: appsDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${url}`, { headers, redirect: 'manual' });

  it('redirects / to /admin', async () => {
    const res = await get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin');
  });

  it('serves index.html uncached, with its version tag, at the base path and at every deep link', async () => {
    for (const url of ['/admin', '/admin/', '/admin/information/model/12', '/admin/login?next=%2Fadmin']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<meta name="version" content="build-42">');
    }
    const h5 = await get('/h5/s/abc');
    expect(await h5.text()).toContain('/h5/assets/index-abc123.js');
  });

  it('serves hashed assets with long-term caching, pre-compressed when the browser accepts it', async () => {
    const plain = await get('/admin/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(fakeScript);
    const br = await get('/admin/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(fakeScript);
  });

  it('answers a missing asset with 404, never the HTML page', async () => {
    const res = await get('/admin/assets/index-gone999.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<html');
  });

  it('does not serve index.html from disk directly', async () => {
    const res = await get('/admin/index.html');
    expect(res.status).toBe(404);
  });

  it('says so when an app has not been built', async () => {
    const res = await get('/web/fees/1');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('keeps the CSP on app pages', async () => {
    const res = await get('/admin/dashboard');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('hosting the built apps behind a static-asset host', () => {
  it('points asset URLs at STATIC_HOST and allows it in the CSP', async () => {
    const appsDir = await makeAppsFolder();
    const t = await buildTestApp({ APPS_DIR: appsDir, STATIC_HOST: 'https://cdn.example.com/' });
    try {
      const res = await fetch(`${t.baseUrl}/admin/orders`);
      const html = await res.text();
      expect(html).toContain('src="https://cdn.example.com/admin/assets/index-abc123.js"');
      expect(res.headers.get('content-security-policy')).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://cdn.example.com",
      );
    } finally {
      await t.close();
      await rm(appsDir, { recursive: true, force: true });
    }
  });
});
