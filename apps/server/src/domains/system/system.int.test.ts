import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      TRACKIT_BUILD_VERSION: 'v-test-1',
      MAP_PROVIDER: 'amap',
      MAP_WEB_KEY: 'public-key',
    });
  });
  afterAll(() => t.close());

  it('reports health with the database and the build version', async () => {
    const res = await t.request<{ status: string; database: string; version: string; instance_id: string }>(
      'GET',
      '/storm_api/health',
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ status: 'ok', database: 'ok', version: 'v-test-1' });
    expect(res.body.data.instance_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the same installation id across requests (one row, created once)', async () => {
    const a = await t.request<{ instance_id: string }>('GET', '/storm_api/health');
    const b = await t.request<{ instance_id: string }>('GET', '/storm_api/health');
    expect(a.body.data.instance_id).toBe(b.body.data.instance_id);
  });

  it('answers 503 with the envelope when the database is down', async () => {
    const down = await buildTestApp();
    const originalPing = down.database.ping;
    down.database.ping = async () => {
      throw new Error('connection refused');
    };
    const res = await down.request<{ database: string }>('GET', '/storm_api/health');
    down.database.ping = originalPing;
    await down.close();
    expect(res.status).toBe(503);
    expect(res.body.code).not.toBe(0);
    expect(res.body.data.database).toBe('error');
    expect(JSON.stringify(res.body)).not.toContain('connection refused');
  });

  it('serves the public configuration without secrets', async () => {
    const res = await t.request<Record<string, unknown>>('GET', '/storm_api/v1/configs');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      product_name: 'TrackIt',
      product_name_zh: 'TrackIt 经纪管理',
      version: 'v-test-1',
      static_host: '',
      sms: { resend_interval_seconds: 60, code_length: 4 },
      map: { provider: 'amap', web_key: 'public-key' },
      upload: { chunk_size: 2_097_152, max_bytes: 2_147_483_648 },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/DATABASE|password|secret/i);
  });

  it('lists every ISO 3166-1 country and region in Chinese', async () => {
    const res = await t.request<{ countries: Record<string, string> }>('GET', '/storm_api/v1/countries');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const countries = res.body.data.countries;
    expect(Object.keys(countries).length).toBeGreaterThanOrEqual(240);
    expect(countries.CN).toBe('中国');
    expect(countries.JP).toBe('日本');
    expect(countries.FR).toBe('法国');
    expect(countries.TW).toBe('中国台湾');
    expect(countries.HK).toBe('中国香港');
    for (const [code, name] of Object.entries(countries)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name).not.toBe(code);
    }
  });
});
