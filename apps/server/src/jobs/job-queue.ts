/**
 * The durable job queue of the server (issue 25): every background task is a job in PostgreSQL, run by
 * pg-boss in a schema of its own (`pgboss`), on PostgreSQL (DATABASE_URL) and on the embedded PGlite alike
 * (docs/decisions.md "Jobs"). A queue is defined with its handler, its retries (exponential back-off) and,
 * for periodic work, a cron in Beijing time; pg-boss's cron sends each occurrence once across any number
 * of processes, and a job is taken by one worker only. A job whose tries are used up stays `failed` until
 * `retryFailed` (the CLI's `jobs retry <queue>`) puts it back.
 */
import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import type { AppMetrics } from '../metrics/metrics';

/** pg-boss's own schema: its tables never mix with the app's migrations. */
export const JOB_SCHEMA = 'pgboss';
/** Crons are read in business time (Beijing). */
export const JOB_TIME_ZONE = BUSINESS_TIME_ZONE;

/** Which try of a job this is: a handler may record a final outcome on the last one. */
export interface JobAttempt {
  /** 0 on the first try. */
  retryCount: number;
  /** No retry follows should this try fail. */
  lastAttempt: boolean;
}

export interface JobDefinition<T extends object = object> {
  /** The queue's name: never renamed once deployed (its jobs, schedule and counts are kept under it). */
  name: string;
  /** Does the work; throws to fail the try. Must be idempotent: a job may run again after a crash. */
  handler: (data: T, attempt: JobAttempt) => Promise<void>;
  /** Tries after the first failure. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long (up to an hour). */
  retryDelaySeconds: number;
  /** A cron expression in JOB_TIME_ZONE: pg-boss sends one job per occurrence, once across processes. */
  cron?: string;
  /**
   * `exclusive`: at most one job queued or active per singletonKey (per queue without one), so sending
   * again what is already waiting or running does nothing. `standard`: every send is a job.
   */
  policy: 'standard' | 'exclusive';
  /** A try still running after this long is taken for a dead process's and retried. */
  expireInSeconds: number;
}

/**
 * Thrown by a handler for a failure no retry can mend (a file that is no image): counted and logged as a
 * failure, but the job ends there, its outcome recorded by the handler.
 */
export class FinalJobFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'FinalJobFailure';
  }
}

/** A queue's jobs as the CLI and the metrics show them. */
export interface QueueCounts {
  queue: string;
  /** Created or waiting for a retry. */
  waiting: number;
  active: number;
  /** Tries used up; kept until retried or deleted by pg-boss's retention (14 days). */
  failed: number;
}

export interface JobQueueLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, 'driver' | 'jobDatabase' | 'exclusively'>;
  log: JobQueueLog;
  metrics?: AppMetrics | undefined;
  /** How often an idle worker looks for jobs sent by other processes (a local send wakes it at once). */
  pollIntervalSeconds?: number;
}

export interface JobQueue {
  /** Adds a queue; before start. */
  define<T extends object>(definition: JobDefinition<T>): void;
  /**
   * Installs or upgrades pg-boss's schema, creates the queues and their schedules and, unless `work` is
   * false (the CLI), starts a worker per queue and pg-boss's maintenance and cron.
   */
  start(options?: { work?: boolean }): Promise<void>;
  /** Sends a job; with singletonKey on an exclusive queue, nothing when one is already waiting or running. */
  send(queue: string, data?: object, options?: { singletonKey?: string }): Promise<void>;
  /** Every queue in the database (defined here or not), by name. */
  counts(): Promise<QueueCounts[]>;
  /** Puts a queue's failed jobs back to run, one more try each; resolves how many. */
  retryFailed(queue: string): Promise<number>;
  /** Resolves once the queues named (all defined ones by default) have nothing waiting or running. */
  idle(queues?: string[]): Promise<void>;
  /** Stops taking jobs and waits for the running handlers (up to 30 s): call before the database closes. */
  stop(): Promise<void>;
}

const WAITING_STATES = new Set(['created', 'retry']);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log, metrics } = options;
  const pollingIntervalSeconds = Math.max(options.pollIntervalSeconds ?? 2, 0.5);
  const definitions = new Map<string, JobDefinition>();
  const workers = new Map<string, string>();
  let boss: PgBoss | undefined;
  let stopped = false;

  const started = (): PgBoss => {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  };

  async function runJob(definition: JobDefinition, job: JobWithMetadata<unknown>) {
    const attempt = { retryCount: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit };
    try {
      await definition.handler((job.data ?? {}) as object, attempt);
    } catch (error) {
      log.warn({ err: error, queue: definition.name, jobId: job.id, ...attempt }, 'job failed');
      metrics?.jobFailed(definition.name);
      if (!(error instanceof FinalJobFailure)) throw error;
    }
  }

  async function countRows(names: string[]) {
    const { rows } = await database.jobDatabase.executeSql(
      `SELECT name, state, count(*)::int AS count FROM ${JOB_SCHEMA}.job
        WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed')
        GROUP BY name, state`,
      [names],
    );
    return rows as { name: string; state: string; count: number }[];
  }

  return {
    define(definition) {
      if (boss) throw new Error(`queue ${definition.name} defined after start`);
      definitions.set(definition.name, definition as unknown as JobDefinition);
    },

    async start({ work = true } = {}) {
      const instance = new PgBoss({
        db: database.jobDatabase,
        schema: JOB_SCHEMA,
        backend: database.driver === 'pglite' ? 'pglite' : 'postgres',
        // Maintenance (expiry, retention) and cron only where jobs are worked, never from the CLI.
        supervise: work,
        schedule: work,
        registerInstance: false,
        // PGlite has no autovacuum to watch.
        monitorVacuum: database.driver === 'postgres',
      });
      // pg-boss reports a worker's failure as a plain copy of the error ({ ...error, message, stack, queue }),
      // which the log's error serializer would print as "[object Object]".
      instance.on('error', (error: unknown) => {
        const err =
          error instanceof Error
            ? error
            : Object.assign(new Error(String((error as { message?: unknown }).message)), error);
        log.error({ err }, 'job queue error');
      });
      instance.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
      // Its install or upgrade of the pgboss schema, one process at a time (DatabaseHandle.exclusively).
      await database.exclusively(() => instance.start());
      boss = instance;
      for (const definition of definitions.values()) {
        const queueOptions = {
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: 3600,
          expireInSeconds: definition.expireInSeconds,
        };
        await instance.createQueue(definition.name, { policy: definition.policy, ...queueOptions });
        // A queue made by an older version takes today's retry options (its policy cannot change).
        await instance.updateQueue(definition.name, queueOptions);
        if (definition.cron) {
          await instance.schedule(definition.name, definition.cron, null, { tz: JOB_TIME_ZONE });
        }
      }
      if (!work) return;
      for (const definition of definitions.values()) {
        const id = await instance.work(
          definition.name,
          { pollingIntervalSeconds, includeMetadata: true, batchSize: 1 },
          async ([job]) => {
            if (job) await runJob(definition, job);
          },
        );
        workers.set(definition.name, id);
      }
    },

    async send(queue, data = {}, sendOptions = {}) {
      if (stopped) return;
      await started().send(
        queue,
        data,
        sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {},
      );
      // This process's worker looks at once rather than at its next poll.
      const worker = workers.get(queue);
      if (worker) boss?.notifyWorker(worker);
    },

    async counts() {
      const queues = (await started().getQueues()).map((queue) => queue.name).sort();
      const rows = await countRows(queues);
      return queues.map((queue) => {
        const of = rows.filter((row) => row.name === queue);
        const sum = (match: (state: string) => boolean) =>
          of.filter((row) => match(row.state)).reduce((total, row) => total + row.count, 0);
        return {
          queue,
          waiting: sum((state) => WAITING_STATES.has(state)),
          active: sum((state) => state === 'active'),
          failed: sum((state) => state === 'failed'),
        };
      });
    },

    async retryFailed(queue) {
      const instance = started();
      const { rows } = await database.jobDatabase.executeSql(
        `SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'failed'`,
        [queue],
      );
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length === 0) return 0;
      await instance.retry(queue, ids);
      const worker = workers.get(queue);
      if (worker) instance.notifyWorker(worker);
      return ids.length;
    },

    async idle(queues = [...definitions.keys()]) {
      for (;;) {
        const busy = (await countRows(queues)).some((row) => row.state !== 'failed' && row.count > 0);
        if (!busy) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      await boss?.stop({ graceful: true, close: false, timeout: 30_000 });
    },
  };
}

/** Installs or upgrades pg-boss's schema without starting any work (test databases, made once per run). */
export async function installJobSchema(database: JobQueueOptions['database']): Promise<void> {
  const queue = createJobQueue({ database, log: { error: () => undefined, warn: () => undefined } });
  await queue.start({ work: false });
  await queue.stop();
}
