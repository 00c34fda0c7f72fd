/**
 * Measures the signed-in API on a realistic amount of data: the authentication path (every request
 * reads its session), the notification list (first and a deep page), the unread count and the
 * operation log. Prints figures; asserts nothing.
 *
 *   npm run bench                         # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench   # a scratch database on that server
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { notifications } from '../apps/server/src/domains/notify/notify.tables';
import { operationLogs } from '../apps/server/src/domains/operation-log/operation-log.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';

const NOTIFICATIONS = 50_000;
const LOGS = 50_000;
const REQUESTS = 400;
const CONCURRENCY = 8;

async function openScratchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
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

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

async function measure(label: string, url: string, headers: Record<string, string>) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { code: number };
        if (body.code !== 0) throw new Error(`${label}: code ${body.code}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(1);
  console.log(
    `${label.padEnd(34)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   p50 ${at(0.5)} ms   p95 ${at(0.95)} ms`,
  );
}

async function main() {
  const { handle, drop } = await openScratchDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-bench-'));
  try {
    await runMigrations(handle);
    const { team, membership } = await createTeamWithOwner(handle.db, {
      name: '压测团队',
      ownerMobile: '13600000000',
      ownerNickname: '压测',
    });
    const now = Date.now();
    await insertInBatches(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({
        teamId: team.id,
        recipientMembershipId: membership.id,
        type: i % 3 ? ('event_notice' as const) : ('audit_required' as const),
        title: `通知 ${i}`,
        body: '正文',
        readAt: i % 2 ? new Date(now - i * 1000) : null,
        createdAt: new Date(now - i * 60_000),
      })),
      (batch) => handle.db.insert(notifications).values(batch),
    );
    await insertInBatches(
      Array.from({ length: LOGS }, (_, i) => ({
        teamId: team.id,
        membershipId: membership.id,
        userId: membership.userId,
        action: i % 2 ? ('sign_in' as const) : ('profile_update' as const),
        createdAt: new Date(now - i * 60_000),
      })),
      (batch) => handle.db.insert(operationLogs).values(batch),
    );

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
    await post('/mobile_codes', { mobile: '13600000000' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signIn = (await (await post('/sessions', { mobile: '13600000000', code: sent[0] })).json()) as {
      data: { token: { access_token: string } };
    };
    const headers = { authorization: `Bearer ${signIn.data.token.access_token}` };

    console.log(
      `TrackIt API on ${handle.driver}: ${NOTIFICATIONS} notifications and ${LOGS} log lines for one member; ` +
        `${REQUESTS} requests, ${CONCURRENCY} at a time`,
    );
    await measure('GET /profile (auth + one join)', `${base}/profile`, headers);
    await measure('GET /notifies/unread_count', `${base}/notifies/unread_count`, headers);
    await measure('GET /notifies page 1', `${base}/notifies?page=1&per_page=20`, headers);
    await measure('GET /notifies page 1000', `${base}/notifies?page=1000&per_page=20`, headers);
    await measure('GET /notifies unread only', `${base}/notifies?read=false`, headers);
    await measure('GET /operation_logs page 1', `${base}/operation_logs`, headers);
    await app.close();
  } finally {
    await handle.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
