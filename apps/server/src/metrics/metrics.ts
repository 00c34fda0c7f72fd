/**
 * The Prometheus metrics of one server process (issue 25), in one registry. They exist only when
 * METRICS_PORT is set: otherwise `createMetrics` is not called and the domains, which take an optional
 * `metrics` in their deps, count nothing (`deps.metrics?.smsSent()`).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Why a sign-in code was not sent: one of our limits, or the SMS provider refused or failed. */
export type SmsRefusal = 'resend_interval' | 'daily_limit' | 'address_hourly_limit' | 'provider';

/** What the domains count: a few increments, nothing else. */
export interface AppMetrics {
  /** The SMS provider accepted a sign-in code. */
  smsSent(): void;
  smsRefused(reason: SmsRefusal): void;
  /** An uploaded file was checked in the store and recorded for a record. */
  uploadStored(byteSize: number): void;
  /** A try of a background job failed: by its queue (`thumbnail`, `daily_jobs`…), a daily job by its name. */
  jobFailed(job: string): void;
  /** The daily payment check found `count` records of a kind whose kept figure differs from the truth. */
  paymentDrift(kind: string, count: number): void;
}

export interface Metrics extends AppMetrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and duration. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** Gauges read when Prometheus scrapes, so they cost nothing in between. */
  watchDatabasePool(read: () => { inUse: number; waiting: number }): void;
  /** The job queues' waiting jobs, read in one go per scrape. */
  watchQueueDepths(read: () => Promise<{ queue: string; depth: number }[]>): void;
}

/** Seconds: from a cached answer to the slowest documents (PDFs, workbooks). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag, memory, CPU, handles, GC: prom-client's own process metrics.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const smsSent = new Counter({
    name: 'sms_codes_sent_total',
    help: 'Sign-in codes the SMS provider accepted',
    registers: [registry],
  });
  const smsRefused = new Counter({
    name: 'sms_codes_refused_total',
    help: 'Sign-in codes not sent: refused by a limit (resend_interval, daily_limit, address_hourly_limit) or by the provider',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const uploads = new Counter({
    name: 'uploads_stored_total',
    help: 'Uploaded files checked in the store and recorded',
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'uploads_stored_bytes_total',
    help: 'Bytes of the uploaded files recorded',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  const paymentDrift = new Counter({
    name: 'payment_drift_rows_total',
    help: 'Records whose kept payment figure differed from its allocations or ledger at the daily check, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  let pool: (() => { inUse: number; waiting: number }) | undefined;
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections running a query or transaction (PGlite: 0 or 1)',
    registers: [registry],
    collect() {
      if (pool) this.set(pool().inUse);
    },
  });
  new Gauge({
    name: 'db_pool_requests_waiting',
    help: 'Queries waiting for a database connection',
    registers: [registry],
    collect() {
      if (pool) this.set(pool().waiting);
    },
  });
  let queueDepths: (() => Promise<{ queue: string; depth: number }[]>) | undefined;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting in a background queue (created or waiting for a retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      if (!queueDepths) return;
      // A database that does not answer leaves the depths out of this scrape, not the whole scrape.
      const depths = await queueDepths().catch(() => undefined);
      this.reset();
      for (const { queue, depth } of depths ?? []) this.set({ queue }, depth);
    },
  });

  return {
    registry,
    observeRequest(route, method, statusCode, seconds) {
      const labels = { route, method, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    watchDatabasePool(read) {
      pool = read;
    },
    watchQueueDepths(read) {
      queueDepths = read;
    },
    smsSent: () => smsSent.inc(),
    smsRefused: (reason) => smsRefused.inc({ reason }),
    uploadStored(byteSize) {
      uploads.inc();
      uploadBytes.inc(byteSize);
    },
    jobFailed: (job) => jobFailures.inc({ job }),
    paymentDrift: (kind, count) => paymentDrift.inc({ kind }, count),
  };
}
