/**
 * What the API benches share: a scratch database (PGlite, or a fresh database on the PostgreSQL server
 * DATABASE_URL names, dropped after), the real server on it with one member signed in, and timing of
 * a request run several at a time.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';

export async function openScratchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { handle: await openDatabase({ driver: 'pglite' }), drop: async () => {} };
  const name = `trackit_bench_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    handle,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The server on the database, listening on a free port, with `mobile` (a member already) signed in
 * through the real code and session endpoints. `base` ends in /storm_api/v1.
 */
export async function startSignedIn(handle: DatabaseHandle, dataDir: string, mobile: string) {
  const sent: string[] = [];
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({
    config,
    database: handle,
    sms: { name: 'console', sendCode: async (_mobile, code) => void sent.push(code) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/storm_api/v1`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/mobile_codes', { mobile });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const signIn = (await (await post('/sessions', { mobile, code: sent[0] })).json()) as {
    data: { token: { access_token: string } };
  };
  const headers = { authorization: `Bearer ${signIn.data.token.access_token}` };
  return { app, base, headers };
}

/** Runs `run` `requests` times, `concurrency` at once; the sorted durations (ms) and the wall time (s). */
export async function timeConcurrently(
  run: () => Promise<void>,
  { requests, concurrency }: { requests: number; concurrency: number },
) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t0 = performance.now();
        await run();
        timings.push(performance.now() - t0);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? 0;
  return { at, seconds: (performance.now() - started) / 1000 };
}
