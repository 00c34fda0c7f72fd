/**
 * Prometheus metrics (issue 25): on METRICS_PORT only, never on the public port; requests counted by
 * route pattern and status; SMS, uploads, job failures, pool and queue gauges; slow requests logged.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../jobs/daily-jobs';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createMember, signIn } from '../test/factories';
import { pollUntil } from '../test/poll';
import { uploadToFolder } from '../test/uploads';
import { createMetrics } from './metrics';

const silentLog = { error: () => undefined } as unknown as FastifyBaseLogger;

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let scrapeUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    const address = t.app.metricsAddress();
    if (!address) throw new Error('no metrics listener');
    expect(address.port).not.toBe(new URL(t.baseUrl).port);
    scrapeUrl = `http://127.0.0.1:${address.port}/metrics`;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await fetch(scrapeUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.request('GET', '/storm_api/health');
    await t.request('GET', '/storm_api/health');
    const refused = await t.request('GET', '/storm_api/v1/folders/123456');
    expect(refused.status).toBe(401);
    const missing = await t.request('GET', '/storm_api/v1/no_such_thing/42');
    expect(missing.status).toBe(404);

    const text = await scrape();
    expect(text).toContain('http_requests_total{route="/storm_api/health",method="GET",status_code="200"} 2');
    expect(text).toContain(
      'http_requests_total{route="/storm_api/v1/folders/:id",method="GET",status_code="401"} 1',
    );
    expect(text).toContain('http_requests_total{route="unmatched",method="GET",status_code="404"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_count{route="/storm_api/v1/folders/:id",method="GET",status_code="401"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",route="\/storm_api\/health",method="GET",status_code="200"\} 2/,
    );
    expect(text).not.toContain('123456');
    expect(text).not.toContain('no_such_thing');
  });

  it('shows the process, the database pool and the job queues', async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
    expect(text).toMatch(/^db_pool_requests_waiting \d+$/m);
    expect(text).toContain('job_queue_depth{queue="thumbnail"} 0');
    for (const queue of ['option_sweep', 'daily_jobs', 'upload_cleanup']) {
      expect(text).toMatch(new RegExp(`^job_queue_depth\\{queue="${queue}"\\} \\d+$`, 'm'));
    }
  });

  it('counts SMS codes sent and refused, and uploads stored', async () => {
    const member = await createMember(t.database.db);
    const session = await signIn(t, member.mobile);
    // signIn moved the clock past the resend interval: ask twice now, the second is refused.
    const ip = { 'x-forwarded-for': '10.9.8.7' };
    const first = await t.request('POST', '/storm_api/v1/mobile_codes', {
      body: { mobile: member.mobile },
      headers: ip,
    });
    expect(first.status).toBe(200);
    const second = await t.request('POST', '/storm_api/v1/mobile_codes', {
      body: { mobile: member.mobile },
      headers: ip,
    });
    expect(second.status).toBe(429);

    const headers = bearer(session.token);
    const folder = await t.request<{ id: number }>('POST', '/storm_api/v1/folders', {
      body: { name: '指标测试' },
      headers,
    });
    expect(folder.body.code).toBe(0);
    const bytes = Buffer.from('%PDF-1.4 metrics test');
    const file = await uploadToFolder(t, headers, folder.body.data.id, bytes, {
      name: 'a.pdf',
      type: 'application/pdf',
    });
    expect(file.body.code, file.body.message).toBe(0);

    const text = await scrape();
    expect(text).toContain('sms_codes_sent_total 2');
    expect(text).toContain('sms_codes_refused_total{reason="resend_interval"} 1');
    expect(text).toContain('uploads_stored_total 1');
    expect(text).toContain(`uploads_stored_bytes_total ${bytes.length}`);
    expect(text).toContain(
      'http_requests_total{route="/storm_api/v1/mobile_codes",method="POST",status_code="429"} 1',
    );
  });

  it('reads the database pool: a connection in use while a transaction runs, none after', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await gate;
    });
    await inside;
    expect(t.database.poolUsage().inUse).toBeGreaterThanOrEqual(1);
    release();
    await held;
    // The job workers' polls use the pool too: wait for a moment none runs.
    const idle = await pollUntil(() => {
      const usage = t.database.poolUsage();
      return usage.inUse === 0 ? usage : undefined;
    });
    expect(idle).toEqual({ inUse: 0, waiting: 0 });
  });

  it('is never served on the public port', async () => {
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
  });

  it('answers 404 for anything else on the metrics port', async () => {
    const res = await fetch(scrapeUrl.replace('/metrics', '/storm_api/health'));
    expect(res.status).toBe(404);
  });

  it('counts a failed daily job by its name', async () => {
    await createMember(t.database.db);
    const metrics = createMetrics();
    const round = await runDailyJobs(
      { db: t.database.db, clock: t.clock.now, log: silentLog, metrics },
      t.clock.now(),
      [
        {
          name: 'metrics_probe',
          run: async () => {
            throw new Error('probe failure');
          },
        },
      ],
    );
    expect(round.failed.length).toBeGreaterThan(0);
    const text = await metrics.registry.metrics();
    expect(text).toContain(`job_failures_total{job="metrics_probe"} ${round.failed.length}`);
  });
});

describe('without METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' });
  });
  afterAll(() => t.close());

  it('opens no metrics listener and the public port has no /metrics', async () => {
    expect(t.app.metricsAddress()).toBeNull();
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(404);
  });

  it('logs a request slower than SLOW_REQUEST_MS with its id, route pattern, status and duration', async () => {
    const res = await t.request('GET', '/storm_api/v1/folders/98765');
    expect(res.status).toBe(401);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const slow = t.logs
      .map(
        (line) =>
          JSON.parse(line) as {
            level: number;
            msg: string;
            reqId?: string;
            route?: string;
            method?: string;
            statusCode?: number;
            durationMs?: number;
          },
      )
      .find((line) => line.msg === 'slow request' && line.reqId === requestId);
    expect(slow).toMatchObject({
      level: 40,
      method: 'GET',
      route: '/storm_api/v1/folders/:id',
      statusCode: 401,
    });
    expect(typeof slow?.durationMs).toBe('number');
  });
});
