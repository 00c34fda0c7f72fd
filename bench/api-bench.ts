/**
 * Measures the signed-in API on a realistic amount of data: the authentication path (every request
 * reads its session), the notification list (first and a deep page), the unread count and the
 * operation log, against a server in its own process, with the CPU it used per call. Prints figures;
 * asserts nothing. BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_CPU_PROF=<dir>: docs/benchmarks.md.
 *
 *   npm run bench                         # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench   # a scratch database on that server
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../apps/server/src/db/migrate';
import { notifications } from '../apps/server/src/domains/notify/notify.tables';
import { operationLogs } from '../apps/server/src/domains/operation-log/operation-log.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import {
  BROWSER_ACCEPT_ENCODING,
  openScratchDatabase,
  startServerProcess,
  timeConcurrently,
  timeWithCpu,
} from './bench-kit';

const NOTIFICATIONS = 50_000;
const LOGS = 50_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Untimed calls of each line first, so the first line does not carry the server's warm-up. */
const WARM_UP = 100;
const OWNER_MOBILE = '13600000000';

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

const LINES: { label: string; path: string }[] = [
  { label: 'GET /profile (auth + one join)', path: '/profile' },
  { label: 'GET /notifies/unread_count', path: '/notifies/unread_count' },
  { label: 'GET /notifies page 1', path: '/notifies?page=1&per_page=20' },
  { label: 'GET /notifies page 1000', path: '/notifies?page=1000&per_page=20' },
  { label: 'GET /notifies unread only', path: '/notifies?read=false' },
  { label: 'GET /operation_logs page 1', path: '/operation_logs' },
];

/** Every line through a server in its own process, as a browser asks (brotli); printed as it goes. */
async function measure(env: Record<string, string>) {
  const server = await startServerProcess(env, OWNER_MOBILE);
  try {
    const calls = LINES.map(({ label, path: url }) => async () => {
      const res = await fetch(`${server.base}${url}`, {
        headers: { ...server.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== 0) throw new Error(`${label}: code ${body.code}`);
    });
    // Every line once before any is timed: the first must not carry the JIT's warm-up of the rest.
    for (const call of calls) await timeConcurrently(call, { requests: WARM_UP, concurrency: CONCURRENCY });
    for (const [index, call] of calls.entries()) {
      const label = LINES[index]?.label ?? '';
      const { at, seconds, cpuPerCall } = await timeWithCpu(call, {
        requests: REQUESTS,
        concurrency: CONCURRENCY,
        warmUp: WARM_UP,
        cpuMillis: server.cpuMillis,
      });
      console.log(
        `${label.padEnd(34)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   ` +
          `p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms   cpu ${cpuPerCall.toFixed(2)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  try {
    const { handle } = scratch;
    await runMigrations(handle);
    const { team, membership } = await createTeamWithOwner(handle.db, {
      name: '压测团队',
      ownerMobile: OWNER_MOBILE,
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
    // Steady state: PostgreSQL's autovacuum would otherwise do this in the middle of the run.
    await handle.db.execute(sql`vacuum analyze ${notifications}, ${operationLogs}`);

    console.log(
      `TrackIt API on ${handle.driver}: ${NOTIFICATIONS} notifications and ${LOGS} log lines for one member ` +
        `(the owner); ${REQUESTS} requests per line, ${CONCURRENCY} at a time; server in its own process`,
    );
    // PGlite's directory opens in one process at a time: from here on, the server's.
    await scratch.release();
    await measure(scratch.serverEnv);
  } finally {
    await scratch.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
