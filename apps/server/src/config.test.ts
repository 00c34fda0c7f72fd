import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/apps');
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      trustProxy: false,
      appsDir: '/srv/apps',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', STATIC_HOST: 'cdn' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('STATIC_HOST');
    }
  });

  it('reads the body and idle time-outs, with defaults that let slow links upload', () => {
    expect(loadConfig({})).toMatchObject({ bodyTimeoutMs: 30_000, idleTimeoutMs: 60_000 });
    expect(loadConfig({ BODY_TIMEOUT_MS: '5000', IDLE_TIMEOUT_MS: '20000' })).toMatchObject({
      bodyTimeoutMs: 5000,
      idleTimeoutMs: 20_000,
    });
    expect(() => loadConfig({ IDLE_TIMEOUT_MS: '3600000' })).toThrow(/IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: 'soon' })).toThrow(/BODY_TIMEOUT_MS/);
  });

  it('reads the metrics listener and the slow-request threshold (issue 25)', () => {
    expect(loadConfig({})).toMatchObject({ metrics: undefined, slowRequestMs: 1000 });
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({ HOST: '10.0.0.5', METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toEqual(
      {
        host: '127.0.0.1',
        port: 9464,
      },
    );
    expect(loadConfig({ SLOW_REQUEST_MS: '0' }).slowRequestMs).toBe(0);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '-1' })).toThrow(/SLOW_REQUEST_MS/);
  });

  it('reads where the rate limits keep their counts: Redis with REDIS_URL, else the database (issue 25)', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: ' ' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:secret@10.0.0.7:6379/2' }).redis).toEqual({
      url: 'redis://:secret@10.0.0.7:6379/2',
      keyPrefix: 'trackit:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example.com', REDIS_KEY_PREFIX: 'staging:' }).redis,
    ).toEqual({
      url: 'rediss://cache.example.com',
      keyPrefix: 'staging:',
    });
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.7:6379' })).toThrow(/REDIS_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', STATIC_HOST: ' ' }).databaseUrl).toBeUndefined();
  });

  it('reads TRUST_PROXY as a list of proxies or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('1.2.3.4', 0)).toBe(true);
      expect(hops('1.2.3.4', 1)).toBe(false);
    }
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('strips a trailing slash from STATIC_HOST', () => {
    expect(loadConfig({ STATIC_HOST: 'https://cdn.example.com/' }).staticHost).toBe(
      'https://cdn.example.com',
    );
  });

  it('reads the map provider with its server key and an optional other origin', () => {
    expect(loadConfig({}).map).toEqual({
      provider: 'none',
      webKey: undefined,
      key: undefined,
      baseUrl: undefined,
    });
    expect(
      loadConfig({
        MAP_PROVIDER: 'tencent',
        MAP_WEB_KEY: 'browser-key',
        MAP_KEY: 'server-key',
        MAP_BASE_URL: 'http://127.0.0.1:8080/',
      }).map,
    ).toEqual({
      provider: 'tencent',
      webKey: 'browser-key',
      key: 'server-key',
      baseUrl: 'http://127.0.0.1:8080',
    });
    expect(() => loadConfig({ MAP_BASE_URL: 'restapi.amap.com' })).toThrow(/MAP_BASE_URL/);
    expect(() => loadConfig({ MAP_PROVIDER: 'baidu' })).toThrow(/MAP_PROVIDER/);
  });
});
