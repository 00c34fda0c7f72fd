/**
 * Liveness and readiness (issue 25): live answers while the process does; ready says whether a load
 * balancer should send requests here, and which check failed when not.
 */
import { rm } from 'node:fs/promises';
import { endpoint, json, publicAccess } from '@trackit/contract/endpoint';
import type { Readiness } from '@trackit/contract/system.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoints } from '../../http/endpoint-router';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { nobodyAccess } from '../../test/nobody-access';

const probes = {
  hold: endpoint({
    method: 'GET',
    path: '/hold',
    summary: '一直等到测试放行的请求',
    access: publicAccess,
    answer: json(z.null()),
  }),
};

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('health: live and ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRACKIT_BUILD_VERSION: 'v-ready' });
  });
  afterAll(() => t.close());

  it('live answers 200 with the envelope, without asking the database', async () => {
    const res = await t.request<{ status: string; version: string; uptime_seconds: number }>(
      'GET',
      '/storm_api/health/live',
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ status: 'alive', version: 'v-ready' });
    expect(res.body.data.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('ready answers 200 when the database, the store and the migrations hold', async () => {
    const res = await t.request<Readiness>('GET', '/storm_api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok', accepting: 'ok' },
      failed: [],
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the former /health answers as before', async () => {
    const res = await t.request<{ status: string }>('GET', '/storm_api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
  });
});

describe('ready when something does not hold', () => {
  it('answers 503 naming the migrations when the latest is not applied, then the database once closed', async () => {
    const t = await buildTestApp({ LOG_LEVEL: 'silent' });
    try {
      // As if this build were newer than the database: its latest migration is not recorded as applied.
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const pending = await t.request<Readiness>('GET', '/storm_api/health/ready');
      expect(pending.status).toBe(503);
      expect(pending.body.message).toContain('数据库迁移未执行到最新');
      expect(pending.body.data.checks.migrations).toBe('pending');
      expect(pending.body.data.failed).toEqual(['migrations']);

      await t.database.close();
      const res = await t.request<Readiness>('GET', '/storm_api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(50300);
      expect(res.body.message).toContain('数据库无应答');
      expect(res.body.data.status).toBe('not_ready');
      expect(res.body.data.checks).toMatchObject({ database: 'error', storage: 'ok', accepting: 'ok' });
      expect(res.body.data.failed).toContain('database');
      expect(res.body.data.failed).not.toContain('storage');
      const live = await t.request('GET', '/storm_api/health/live');
      expect(live.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 at once when closing has begun, while a request in flight still finishes', async () => {
    const started = deferred();
    const release = deferred();
    const readyWhileClosing = deferred<{ status: number; body: { data: Readiness; message: string } }>();
    let baseUrl = '';
    const t = await buildTestApp({}, (scope) => {
      registerEndpoints(
        scope,
        probes,
        {
          hold: async () => {
            started.resolve();
            await release.promise;
            return null;
          },
        },
        nobodyAccess,
      );
      // Runs once close has begun, before the listener stops taking connections: what a load balancer
      // probing now is told.
      scope.addHook('preClose', async () => {
        const res = await fetch(`${baseUrl}/storm_api/health/ready`);
        readyWhileClosing.resolve({
          status: res.status,
          body: (await res.json()) as { data: Readiness; message: string },
        });
      });
    });
    baseUrl = t.baseUrl;
    try {
      const before = await t.request<Readiness>('GET', '/storm_api/health/ready');
      expect(before.status).toBe(200);

      const held = t.request('GET', '/storm_api/test/hold');
      await started.promise;
      const closing = t.app.close();

      const ready = await readyWhileClosing.promise;
      expect(ready.status).toBe(503);
      expect(ready.body.data.checks.accepting).toBe('shutting_down');
      expect(ready.body.data.failed).toEqual(['accepting']);
      expect(ready.body.message).toContain('服务正在停止');

      release.resolve();
      const finished = await held;
      expect(finished.status).toBe(200);
      expect(finished.body.code).toBe(0);
      await closing;
    } finally {
      release.resolve();
      await t.database.close();
      await rm(t.config.dataDir, { recursive: true, force: true });
    }
  });
});
