import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@trackit/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-database';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/**
 * The server's clock in a test: starts at the real time, moves only when told, forward (`advance`) or to a
 * given instant (`set`: an ISO text with its offset, e.g. `2026-11-30T23:30:00+08:00`, or a Date).
 */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(at: Date | string): void;
}

/** Codes the server "sent", newest last. */
export interface SentCodes {
  all: { mobile: string; code: string }[];
  last(mobile: string): string | undefined;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  sms: SentCodes;
  database: DatabaseHandle;
  config: Config;
  /** The server's log lines (JSON), when the test sets LOG_LEVEL; nothing is printed. */
  logs: string[];
  /** Base URL of the listening server, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  /** A request over real HTTP; JSON bodies are sent and parsed. */
  request<T = unknown>(
    method: string,
    url: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The real server, listening on a random port over its own fresh database, configured as in
 * production except for what `env` overrides.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  /** Extra routes a test needs to probe the HTTP layer, added under /storm_api/test before the server starts. */
  extraRoutes?: (scope: FastifyInstance) => void,
  /**
   * A database of the test's own instead of a fresh copy of the migrated one: a restored backup (closed
   * with the app), or another app's (`shared`: two server processes of one deployment; its owner closes it).
   */
  using: { database?: DatabaseHandle; shared?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-app-'));
  // Requests may name their client address in X-Forwarded-For (limits per IP are tested that way).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const database = using.database ?? (await createTestDatabase());
  if (!using.shared) {
    // Closed once, whoever asks first: a test may close the database under the running app (readiness).
    const closeDatabase = database.close;
    let databaseClosed: Promise<void> | undefined;
    database.close = () => (databaseClosed ??= closeDatabase());
  }
  let now = Date.now();
  const clock: TestClock = {
    now: () => new Date(now),
    advance: (ms) => (now += ms),
    set: (at) => {
      const instant = new Date(at).getTime();
      if (Number.isNaN(instant)) throw new RangeError(`not an instant: ${String(at)}`);
      now = instant;
    },
  };
  const sent: SentCodes['all'] = [];
  const sms: SentCodes = {
    all: sent,
    last: (mobile) => sent.filter((s) => s.mobile === mobile).at(-1)?.code,
  };
  const logs: string[] = [];
  const app = await buildApp({
    config,
    database,
    logStream: { write: (line) => void logs.push(line) },
    clock: clock.now,
    sms: { name: 'console', sendCode: async (mobile, code) => void sent.push({ mobile, code }) },
  });
  if (extraRoutes) {
    await app.register(async (scope) => extraRoutes(scope), { prefix: '/storm_api/test' });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    app,
    clock,
    sms,
    database,
    config,
    logs,
    baseUrl,
    async request<T>(
      method: string,
      url: string,
      options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
    ) {
      // Each request from its own address unless the test names one, so per-IP limits stay out of the way.
      const headers: Record<string, string> = { 'x-forwarded-for': randomAddress(), ...options.headers };
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${url}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : null) as Envelope<T>,
      };
    },
    async close() {
      await app.close();
      if (!using.shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
