/**
 * GET /v1/dashboard on the demo agency ×100 (docs/product.md "Dashboard"): 8 000 models and, around
 * today (three months back to two ahead), 3 000 orders in every status with their fee lines (usage
 * licences too), calendar entries (locked jobs, options, expired and released ones), 500 packages with
 * their opens and picks; and a neighbouring team with as much, which must not slow the answer. Times
 * 100 calls one at a time and 100 four at a time (p50/p95/p99) against a server in its own process,
 * signed in as the owner. Prints figures; asserts nothing.
 *
 *   npm run bench:dashboard                                          # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:dashboard
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, businessDate, businessInstant } from '@trackit/contract/business-time';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { type CalendarBookingStatus, JOB_TYPES } from '@trackit/contract/enums';
import { lineTotals } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { calendarEntries } from '../apps/server/src/domains/calendar/calendar.tables';
import { models } from '../apps/server/src/domains/model/model.tables';
import {
  feeLines,
  type OrderStoredStatus,
  orderModels,
  orders,
} from '../apps/server/src/domains/order/order.tables';
import { packagePicks, packages, packageViews } from '../apps/server/src/domains/package/package.tables';
import { shareLinks } from '../apps/server/src/domains/share/share.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { openScratchDatabase, startServerProcess, timeConcurrently } from './bench-kit';

const SCALE = Number(process.env.BENCH_SCALE ?? 100);
/** The demo agency's own figures, multiplied by SCALE. */
const DEMO = { models: 80, orders: 30, packages: 5, viewsPerPackage: 12, picksPerPackage: 4 };
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const OWNER_MOBILE = '13600000001';
const NEIGHBOUR_MOBILE = '13600000002';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** xorshift32: the same data on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

const STATUSES: { status: OrderStoredStatus; approval: 'init' | 'passed' | null; weight: number }[] = [
  { status: 'confirmed', approval: 'passed', weight: 45 },
  { status: 'billed', approval: 'passed', weight: 15 },
  { status: 'submitted', approval: 'init', weight: 10 },
  { status: 'submitted', approval: 'passed', weight: 5 },
  { status: 'draft', approval: null, weight: 15 },
  { status: 'cancelled', approval: null, weight: 10 },
];

const statusOf = (roll: number) => {
  let left = roll;
  for (const entry of STATUSES) {
    if (left < entry.weight) return entry;
    left -= entry.weight;
  }
  return STATUSES[0] ?? { status: 'draft', approval: null, weight: 0 };
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** One team's demo data ×SCALE, inserted in bulk. */
async function seedTeam(handle: DatabaseHandle, teamId: number, ownerId: number, seed: number) {
  const db = handle.db;
  const next = random(seed);
  const now = new Date();
  const today = businessDate(now);

  const modelIds: number[] = [];
  const modelRows = Array.from({ length: DEMO.models * SCALE }, (_, index) => ({
    teamId,
    name: `模特${index}`,
    pinyinFull: `mote${index}`,
    pinyinInitials: 'mt',
    gender: index % 5 === 0 ? ('male' as const) : ('female' as const),
    status: index % 10 === 0 ? ('left' as const) : ('active' as const),
  }));
  await insertChunked(modelRows, async (chunk) => {
    const inserted = await db.insert(models).values(chunk).returning({ id: models.id });
    modelIds.push(...inserted.map((row) => row.id));
  });

  const orderRows = Array.from({ length: DEMO.orders * SCALE }, (_, index) => {
    const { status, approval } = statusOf(next(100));
    const first = addDays(today, next(150) - 90);
    const length = 1 + next(3);
    const days = Array.from({ length }, (_, day) => addDays(first, day));
    return {
      teamId,
      number: `BD${first.replaceAll('-', '')}${String(index).padStart(6, '0')}`,
      status,
      approvalStatus: approval,
      jobType: JOB_TYPES[index % JOB_TYPES.length] ?? null,
      title: `拍摄${index}`,
      days: days.map((date) => ({ date, start_time: '09:00', end_time: '18:00' })),
      firstDate: first,
      lastDate: days.at(-1) ?? first,
      ownerMembershipId: ownerId,
      createdByMembershipId: ownerId,
      // A billed order has its billing time (orders_billed_check).
      billedAt: status === 'billed' ? new Date(businessInstant(days.at(-1) ?? first, '18:00')) : null,
    };
  });
  const orderIds: number[] = [];
  await insertChunked(orderRows, async (chunk) => {
    const inserted = await db.insert(orders).values(chunk).returning({ id: orders.id });
    orderIds.push(...inserted.map((row) => row.id));
  });

  const links: (typeof orderModels.$inferInsert)[] = [];
  const linked = new Set<string>();
  const fees: (typeof feeLines.$inferInsert)[] = [];
  const entries: (typeof calendarEntries.$inferInsert)[] = [];
  orderRows.forEach((order, index) => {
    const orderId = orderIds[index] ?? 0;
    const count = 1 + next(2);
    for (let position = 0; position < count; position += 1) {
      const modelId = modelIds[next(modelIds.length)] ?? 0;
      if (linked.has(`${orderId}:${modelId}`)) continue;
      linked.add(`${orderId}:${modelId}`);
      links.push({ teamId, orderId, modelId, position });
      const amount = (5 + next(50)) * 10_000;
      fees.push({
        teamId,
        orderId,
        modelId,
        position: 0,
        kind: 'ModelFee',
        amount,
        unit: 'day',
        quantityHundredths: order.days.length * 100,
        taxRate: 6,
        ...lineTotals({ kind: 'ModelFee', amount, quantity: order.days.length, tax_rate: 6 }),
      });
      if (next(3) === 0) {
        const usage = (10 + next(90)) * 10_000;
        const start = order.firstDate;
        fees.push({
          teamId,
          orderId,
          modelId,
          position: 1,
          kind: 'UsageFee',
          amount: usage,
          taxRate: 6,
          media: '微博、小红书',
          territory: '中国大陆',
          startDate: start,
          endDate: addDays(start, 30 + next(365)),
          renewal: 'pending',
          ...lineTotals({ kind: 'UsageFee', amount: usage, tax_rate: 6 }),
        });
      }
      const placedAt = new Date(now.getTime() - next(96) * HOUR_MS);
      const entryStatus: CalendarBookingStatus =
        order.status === 'confirmed' || order.status === 'billed'
          ? 'locked'
          : order.status === 'cancelled'
            ? 'cancelled'
            : order.approvalStatus === 'passed'
              ? 'pending'
              : 'reserved';
      for (const { date } of order.days) {
        const expiresAt = entryStatus === 'reserved' ? new Date(placedAt.getTime() + 72 * HOUR_MS) : null;
        entries.push({
          teamId,
          orderId,
          modelId,
          date,
          startAt: businessInstant(date, '09:00'),
          endAt: businessInstant(date, '18:00'),
          status: entryStatus,
          placedAt,
          expiresAt,
          releasedAt:
            entryStatus === 'cancelled' ? placedAt : expiresAt && expiresAt <= now ? expiresAt : null,
        });
      }
    }
  });
  await insertChunked(links, (chunk) => db.insert(orderModels).values(chunk));
  await insertChunked(fees, (chunk) => db.insert(feeLines).values(chunk));
  await insertChunked(entries, (chunk) => db.insert(calendarEntries).values(chunk));

  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  const packageRows = Array.from({ length: DEMO.packages * SCALE }, (_, index) => ({
    teamId,
    title: `套餐${index}`,
    fields: [],
    createdByMembershipId: ownerId,
  }));
  const packageIds: number[] = [];
  await insertChunked(packageRows, async (chunk) => {
    const inserted = await db.insert(packages).values(chunk).returning({ id: packages.id });
    packageIds.push(...inserted.map((row) => row.id));
  });
  // Each package's share link (share/share.tables.ts), as createPackage makes it.
  const packageLinks = packageIds.map((recordId, index) => ({
    id: `b${seed.toString(36)}${index.toString(36)}`.slice(0, 24),
    teamId,
    kind: 'package' as const,
    recordId,
    expiresAt: new Date(now.getTime() + 30 * DAY_MS),
    createdByMembershipId: ownerId,
    createdAt: now,
  }));
  await insertChunked(packageLinks, (chunk) => db.insert(shareLinks).values(chunk));
  const views: (typeof packageViews.$inferInsert)[] = [];
  const picks: (typeof packagePicks.$inferInsert)[] = [];
  for (const packageId of packageIds) {
    let last: Date | null = null;
    for (let view = 0; view < DEMO.viewsPerPackage; view += 1) {
      const openedAt = at(next(30 * 24));
      if (!last || openedAt > last) last = openedAt;
      views.push({
        teamId,
        packageId,
        viewKey: `k${view}`,
        visitorId: `v${view % 4}`,
        page: 'package',
        app: 'h5',
        device: 'mobile',
        openedAt,
        updatedAt: openedAt,
      });
    }
    for (let pick = 0; pick < DEMO.picksPerPackage; pick += 1) {
      picks.push({
        teamId,
        packageId,
        modelId: modelIds[next(modelIds.length)] ?? 0,
        visitorId: `v${pick}`,
        picked: next(4) !== 0,
        updatedAt: at(next(30 * 24)),
      });
    }
    await db
      .update(packages)
      .set({ viewCount: DEMO.viewsPerPackage, lastViewedAt: last })
      .where(sql`${packages.id} = ${packageId}`);
  }
  await insertChunked(views, (chunk) => db.insert(packageViews).values(chunk));
  await insertChunked(picks, (chunk) => db.insert(packagePicks).values(chunk));
  return { models: modelRows.length, orders: orderRows.length, fees: fees.length, entries: entries.length };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-dashboard-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await runMigrations(scratch.handle);
    const started = performance.now();
    const mine = await createTeamWithOwner(scratch.handle.db, {
      name: '压测团队',
      ownerMobile: OWNER_MOBILE,
      ownerNickname: '压测',
    });
    const seeded = await seedTeam(scratch.handle, mine.team.id, mine.membership.id, 0x2545f491);
    const neighbour = await createTeamWithOwner(scratch.handle.db, {
      name: '邻居团队',
      ownerMobile: NEIGHBOUR_MOBILE,
      ownerNickname: '邻居',
    });
    await seedTeam(scratch.handle, neighbour.team.id, neighbour.membership.id, 0x1b873593);
    const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
    await scratch.handle.db.execute(sql`vacuum analyze`);
    const driver = scratch.handle.driver;
    await scratch.release();
    server = await startServerProcess(scratch.serverEnv, OWNER_MOBILE);
    console.log(
      `Dashboard on ${driver}, demo ×${SCALE} per team, 2 teams: ${seeded.models} models, ${seeded.orders} orders, ` +
        `${seeded.fees} fee lines, ${seeded.entries} calendar entries, ${DEMO.packages * SCALE} packages ` +
        `(seeded in ${seedSeconds} s)`,
    );
    let answer: Dashboard | undefined;
    const call = async () => {
      const res = await fetch(`${server?.base}/dashboard`, { headers: server?.headers ?? {} });
      const body = (await res.json()) as { code: number; message: string; data: Dashboard };
      if (body.code !== 0) throw new Error(`${body.code} ${body.message}`);
      answer = body.data;
    };
    await timeConcurrently(call, { requests: 20, concurrency: 1 });
    for (const concurrency of [1, 4]) {
      const { at, seconds } = await timeConcurrently(call, { requests: REQUESTS, concurrency });
      console.log(
        `  GET /v1/dashboard, ${REQUESTS} calls ${concurrency} at a time: p50 ${ms(at(0.5))}  p95 ${ms(at(0.95))}  ` +
          `p99 ${ms(at(0.99))}  (${(REQUESTS / seconds).toFixed(0)} calls/s)`,
      );
    }
    if (answer) {
      const { value_by_day: _chart, jobs_by_day: byDay, ...figures } = answer;
      console.log(`  figures: ${JSON.stringify(figures)}`);
      console.log(`  jobs by day: ${byDay.map((day) => `${day.date.slice(5)} ${day.jobs}`).join(', ')}`);
    }
  } finally {
    await server?.stop();
    await scratch.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
