/**
 * Measures the signed-in API on a realistic amount of data: the authentication path (every request
 * reads its session), the notification list (first and a deep page), the unread count and the
 * operation log. Prints figures; asserts nothing.
 *
 *   npm run bench                         # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench   # a scratch database on that server
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from '../apps/server/src/db/migrate';
import { notifications } from '../apps/server/src/domains/notify/notify.tables';
import { operationLogs } from '../apps/server/src/domains/operation-log/operation-log.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { openScratchDatabase, startSignedIn, timeConcurrently } from './bench-kit';

const NOTIFICATIONS = 50_000;
const LOGS = 50_000;
const REQUESTS = 400;
const CONCURRENCY = 8;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

async function measure(label: string, url: string, headers: Record<string, string>) {
  const { at, seconds } = await timeConcurrently(
    async () => {
      const body = (await (await fetch(url, { headers })).json()) as { code: number };
      if (body.code !== 0) throw new Error(`${label}: code ${body.code}`);
    },
    { requests: REQUESTS, concurrency: CONCURRENCY },
  );
  console.log(
    `${label.padEnd(34)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms`,
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

    const { app, base, headers } = await startSignedIn(handle, dataDir, '13600000000');

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
