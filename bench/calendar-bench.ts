/**
 * The calendar on 500 models × 3 months of entries (last month to two months ahead; locked jobs, ranked
 * options, pending, rejected, cancelled and expired entries, trips): GET /v1/calendar p50/p99 for a month
 * and other ranges (to a server in its own process, signed in as the owner), then the admin app's
 * calendar in Debian's chromium at 1440×900: the resource view's first render with 500 rows, a month
 * change, and a scroll from the first row to the last (frame times, long tasks, DOM size), with the CPU
 * as is and 4× slower. Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:calendar            # BENCH_REQUESTS=100, BENCH_CONCURRENCY=4
 *   APPS_DIR=/path/with/admin/dist npm run bench:calendar
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:calendar
 *
 * BENCH_CPU_PROF=<dir> writes the server's CPU profile there, BENCH_BROWSER_PROF=<dir> the page's during
 * each scroll (read them with bench/cpu-profile-top.ts; an unminified build names the functions).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, BUSINESS_TIME_ZONE, businessDate, businessInstant } from '@trackit/contract/business-time';
import type { Calendar } from '@trackit/contract/calendar.schema';
import { type CalendarBookingStatus, JOB_TYPES, MODEL_TRIP_KINDS } from '@trackit/contract/enums';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { calendarEntries } from '../apps/server/src/domains/calendar/calendar.tables';
import { models, modelTrips } from '../apps/server/src/domains/model/model.tables';
import { namePinyin } from '../apps/server/src/domains/model/model-pinyin';
import type { OrderStoredStatus } from '../apps/server/src/domains/order/order.tables';
import { orderModels, orders } from '../apps/server/src/domains/order/order.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import {
  BROWSER_ACCEPT_ENCODING,
  BENCH_GIVEN_NAMES as GIVEN,
  openScratchDatabase,
  BENCH_SURNAMES as SURNAMES,
  startServerProcess,
  timeConcurrently,
  timeWithCpu,
} from './bench-kit';

const MODELS = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WARM_UP = 30;
const OWNER_MOBILE = '13600000000';
const HOUR_MS = 3_600_000;

const TITLES = [
  '春季新品拍摄',
  '腕表广告',
  '秋冬画册',
  '美妆电商',
  '品牌走秀',
  '杂志封面',
  '运动系列',
  '珠宝目录',
];
const PLACES = ['三亚', '上海', '东京', '米兰', '巴黎', '成都'];

/** xorshift32: the same data on every run. */
function random(seed = 0x2545f491) {
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

const pick = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;

/** An order's stored status and approval for the status its entries show. */
const ORDER_OF: Record<
  string,
  { status: OrderStoredStatus; approval: 'init' | 'passed' | 'rejected' | null }
> = {
  locked: { status: 'confirmed', approval: 'passed' },
  pending: { status: 'submitted', approval: 'passed' },
  reserved: { status: 'draft', approval: null },
  expired: { status: 'draft', approval: null },
  rejected: { status: 'draft', approval: 'rejected' },
  cancelled: { status: 'cancelled', approval: null },
};

interface Booking {
  modelId: number;
  days: string[];
  shown: keyof typeof ORDER_OF;
  /** Hours after the first booking of the day: later options rank behind. */
  placedLag: number;
}

/** Per model, every few days a booking of 1–3 days; some days carry a second or third option. */
function plan(modelIds: number[], first: string, today: string, next: (n: number) => number): Booking[] {
  const bookings: Booking[] = [];
  for (const modelId of modelIds) {
    let day = first;
    for (let offset = next(4); offset < 92; offset += 2 + next(4)) {
      day = addDays(first, offset);
      const length = 1 + next(3);
      const days = Array.from({ length }, (_, index) => addDays(day, index));
      const past = day < today;
      const roll = next(100);
      const shown: Booking['shown'] = past
        ? roll < 80
          ? 'locked'
          : roll < 90
            ? 'cancelled'
            : 'expired'
        : roll < 40
          ? 'locked'
          : roll < 55
            ? 'pending'
            : roll < 88
              ? 'reserved'
              : roll < 94
                ? 'rejected'
                : 'cancelled';
      bookings.push({ modelId, days, shown, placedLag: 0 });
      // Options stacked on the same days: ranked 2nd, 3rd by when they were placed.
      if (!past && (shown === 'reserved' || shown === 'pending')) {
        for (let extra = 1; extra <= next(3); extra += 1) {
          bookings.push({ modelId, days, shown: 'reserved', placedLag: extra });
        }
      }
      offset += length;
    }
  }
  return bookings;
}

async function seed(handle: DatabaseHandle, teamId: number, ownerId: number) {
  const next = random();
  const now = new Date();
  const today = businessDate(now);
  const first = addDays(today, -30);
  const modelRows: (typeof models.$inferInsert)[] = Array.from({ length: MODELS }, (_, index) => {
    const name = `${pick(SURNAMES, next(97))}${pick(GIVEN, next(89))}${pick(GIVEN, next(83))}`;
    const pinyin = namePinyin(name);
    return {
      teamId,
      name,
      pinyinFull: pinyin.full,
      pinyinInitials: pinyin.initials,
      gender: index % 5 === 0 ? 'male' : 'female',
      status: 'active',
    };
  });
  const modelIds: number[] = [];
  for (let i = 0; i < modelRows.length; i += 250) {
    const inserted = await handle.db
      .insert(models)
      .values(modelRows.slice(i, i + 250))
      .returning({ id: models.id });
    modelIds.push(...inserted.map((row) => row.id));
  }

  const bookings = plan(modelIds, first, today, next);
  let entryCount = 0;
  for (let i = 0; i < bookings.length; i += 500) {
    const batch = bookings.slice(i, i + 500);
    const inserted = await handle.db
      .insert(orders)
      .values(
        batch.map((booking, index) => {
          const order = ORDER_OF[booking.shown] ?? { status: 'draft', approval: null };
          const number = i + index + 1;
          return {
            teamId,
            number: `BC${booking.days[0]?.replaceAll('-', '')}${String(number).padStart(6, '0')}`,
            status: order.status,
            approvalStatus: order.approval,
            jobType: pick(JOB_TYPES, number),
            title: pick(TITLES, number),
            days: booking.days.map((date) => ({ date, start_time: '09:00', end_time: '18:00' })),
            firstDate: booking.days[0] ?? null,
            lastDate: booking.days.at(-1) ?? null,
            ownerMembershipId: ownerId,
            createdByMembershipId: ownerId,
          };
        }),
      )
      .returning({ id: orders.id });
    await handle.db.insert(orderModels).values(
      batch.map((booking, index) => ({
        teamId,
        orderId: inserted[index]?.id ?? 0,
        modelId: booking.modelId,
        position: 0,
      })),
    );
    const entries = batch.flatMap((booking, index) =>
      booking.days.map((date) => {
        const placedAt = new Date(
          businessInstant(booking.days[0] ?? date).getTime() - (72 - booking.placedLag) * HOUR_MS,
        );
        const expired = booking.shown === 'expired';
        const status: CalendarBookingStatus = expired ? 'reserved' : (booking.shown as CalendarBookingStatus);
        const expiresAt =
          status === 'reserved'
            ? new Date(expired ? placedAt.getTime() + 72 * HOUR_MS : now.getTime() + 72 * HOUR_MS)
            : null;
        return {
          teamId,
          orderId: inserted[index]?.id ?? 0,
          modelId: booking.modelId,
          date,
          startAt: businessInstant(date, '09:00'),
          endAt: businessInstant(date, '18:00'),
          status,
          placedAt,
          expiresAt,
          releasedAt: expired
            ? expiresAt
            : booking.shown === 'rejected' || booking.shown === 'cancelled'
              ? placedAt
              : null,
        };
      }),
    );
    for (let j = 0; j < entries.length; j += 1000)
      await handle.db.insert(calendarEntries).values(entries.slice(j, j + 1000));
    entryCount += entries.length;
  }

  const trips = modelIds
    .filter((_, index) => index % 7 === 0)
    .map((modelId) => {
      const start = addDays(first, next(85));
      return {
        teamId,
        modelId,
        kind: pick(MODEL_TRIP_KINDS, next(3)),
        startDate: start,
        endDate: addDays(start, 2 + next(7)),
        place: pick(PLACES, next(6)),
      };
    });
  await handle.db.insert(modelTrips).values(trips);
  return { orders: bookings.length, entries: entryCount, trips: trips.length, today };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** p50/p99 and CPU per call of GET /v1/calendar for each range, with the answer's size and entries. */
async function timeApi(server: Awaited<ReturnType<typeof startServerProcess>>, today: string) {
  const monthStart = `${today.slice(0, 8)}01`;
  const gridFrom = addDays(monthStart, -new Date(`${monthStart}T00:00:00Z`).getUTCDay());
  const cases = [
    { label: 'month grid (35 days)', query: `from=${gridFrom}&to=${addDays(gridFrom, 34)}` },
    { label: 'resource month (31 days)', query: `from=${monthStart}&to=${addDays(monthStart, 30)}` },
    { label: 'week', query: `from=${addDays(gridFrom, 14)}&to=${addDays(gridFrom, 20)}` },
    {
      label: 'month, 20 models',
      query: `from=${gridFrom}&to=${addDays(gridFrom, 34)}&${Array.from({ length: 20 }, (_, i) => `model_id=${i * 25 + 1}`).join('&')}`,
    },
    {
      label: 'month, reserved + expired',
      query: `from=${gridFrom}&to=${addDays(gridFrom, 34)}&status=reserved&status=expired`,
    },
  ];
  for (const { label, query } of cases) {
    let size = '';
    const call = async () => {
      const res = await fetch(`${server.base}/calendar?${query}`, {
        headers: { ...server.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      });
      const text = await res.text();
      const body = JSON.parse(text) as { code: number; message: string; data: Calendar };
      if (body.code !== 0) throw new Error(`${label}: ${body.code} ${body.message}`);
      size = `${body.data.entries.length} entries, ${body.data.orders.length} orders, ${body.data.trips.length} trips, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB of JSON (${res.headers.get('content-encoding') ?? 'identity'} on the wire)`;
    };
    const { at, cpuPerCall } = await timeWithCpu(call, {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      warmUp: WARM_UP,
      cpuMillis: server.cpuMillis,
    });
    console.log(
      `  ${label.padEnd(28)} p50 ${ms(at(0.5)).padStart(9)}  p99 ${ms(at(0.99)).padStart(9)}  server cpu ${ms(cpuPerCall)}/call   ${size}`,
    );
  }
  // One call alone, nothing else in flight.
  const single = await timeConcurrently(
    async () =>
      void (
        await fetch(`${server.base}/calendar?${cases[0]?.query}`, { headers: server.headers })
      ).arrayBuffer(),
    { requests: 20, concurrency: 1 },
  );
  console.log(`  month grid, one at a time     p50 ${ms(single.at(0.5))}`);
}

interface ScrollFigures {
  frames: number[];
  longTasks: number[];
  nodes: number;
  rows: number;
}

/** Scrolls the resource view from the first row to the last in `steps` frames; frame times and long tasks. */
const scrollThrough = (page: Page, steps: number) =>
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  page.evaluate(async (count): Promise<ScrollFigures> => {
    const scroller = document.querySelector('[data-testid="calendar-resource-scroll"]');
    if (!scroller) throw new Error('no resource view');
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const max = scroller.scrollHeight - scroller.clientHeight;
    const frames: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    for (let step = 1; step <= count; step += 1) {
      scroller.scrollTop = (max * step) / count;
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      frames.push(now - last);
      last = now;
    }
    for (let settle = 0; settle < 3; settle += 1)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    observer.disconnect();
    return {
      frames,
      longTasks,
      nodes: document.getElementsByTagName('*').length,
      rows: document.querySelectorAll('[data-testid^="calendar-row-"]').length,
    };
  }, steps);

/** Waits until the toolbar's spinner has stopped (the calendar call answered and rendered). */
const settled = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('[data-testid="calendar-page"] .ant-spin-spinning'),
    null,
    {
      polling: 'raf',
      timeout: 60_000,
    },
  );

async function timeBrowser(origin: string, accessToken: string, today: string, cpuSlowdown: number) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      timezoneId: BUSINESS_TIME_ZONE,
      locale: 'zh-CN',
    });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${origin}/admin/login`);
    await page.evaluate((token) => {
      // The admin app's token record (packages/client/src/token-store.ts); the bench never refreshes.
      localStorage.setItem(
        'TRACK_IT_TOKEN',
        JSON.stringify({
          value: { access_token: token, refresh_token: 'bench' },
          time: Date.now(),
          expire: -1,
        }),
      );
    }, accessToken);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const label = cpuSlowdown > 1 ? `CPU ${cpuSlowdown}× slower` : 'CPU as is';

    await page.goto(`${origin}/admin/calendar?view=resource&span=month&date=${today}`);
    await page.waitForFunction(
      (models) =>
        document
          .querySelector('[data-testid="calendar-resource"]')
          ?.textContent?.includes(`模特（${models}）`),
      MODELS,
      { polling: 'raf', timeout: 60_000 },
    );
    await settled(page);
    const firstRender = await page.evaluate(() => performance.now());
    const dom = await page.evaluate(() => ({
      nodes: document.getElementsByTagName('*').length,
      rows: document.querySelectorAll('[data-testid^="calendar-row-"]').length,
      chips: document.querySelectorAll('[data-testid^="calendar-entry-"]').length,
    }));
    console.log(
      `  ${label}: resource month with ${MODELS} rows shown ${ms(firstRender)} after navigation ` +
        `(${dom.rows} rows rendered, ${dom.chips} chips, ${dom.nodes} DOM elements)`,
    );

    const switches: number[] = [];
    for (const button of ['calendar-next', 'calendar-previous', 'calendar-previous', 'calendar-next']) {
      const started = await page.evaluate(() => performance.now());
      await page.getByTestId(button).click();
      await page
        .waitForFunction(
          () => document.querySelector('[data-testid="calendar-page"] .ant-spin-spinning'),
          null,
          {
            polling: 'raf',
          },
        )
        .catch(() => undefined);
      await settled(page);
      switches.push((await page.evaluate(() => performance.now())) - started);
    }
    console.log(
      `  ${label}: month change (call + render) median ${ms(quantile(switches, 0.5))}, max ${ms(Math.max(...switches))}`,
    );

    for (const steps of [60, 240]) {
      const profileDir = process.env.BENCH_BROWSER_PROF;
      if (profileDir) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const figures = await scrollThrough(page, steps);
      if (profileDir) {
        const { profile } = await cdp.send('Profiler.stop');
        await mkdir(profileDir, { recursive: true });
        await writeFile(
          path.join(profileDir, `scroll-${steps}-cpu${cpuSlowdown}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      console.log(
        `  ${label}: scroll to the last row in ${steps} frames: frame p50 ${ms(quantile(figures.frames, 0.5))}, ` +
          `p95 ${ms(quantile(figures.frames, 0.95))}, max ${ms(Math.max(...figures.frames))}; ` +
          `${figures.longTasks.length} long tasks (${ms(figures.longTasks.reduce((sum, value) => sum + value, 0))}); ` +
          `${figures.rows} rows, ${figures.nodes} DOM elements at the end`,
      );
      await page.evaluate(() => {
        const scroller = document.querySelector('[data-testid="calendar-resource-scroll"]');
        if (scroller) scroller.scrollTop = 0;
      });
    }

    const monthStarted = await page.evaluate(() => performance.now());
    await page.getByTestId('calendar-view').getByText('月', { exact: true }).click();
    await page.waitForSelector('[data-testid="calendar-month"]');
    await settled(page);
    const monthMs = (await page.evaluate(() => performance.now())) - monthStarted;
    const monthNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(`  ${label}: month view from the resource view ${ms(monthMs)} (${monthNodes} DOM elements)`);
  } finally {
    await browser.close();
  }
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const appsDir = path.resolve(process.env.APPS_DIR ?? path.join(root, 'apps'));
  if (!existsSync(path.join(appsDir, 'admin/dist/index.html'))) {
    throw new Error(`the admin app is not built in ${appsDir}: run \`npm run build\` first`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-calendar-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await runMigrations(scratch.handle);
    const { team, membership } = await createTeamWithOwner(scratch.handle.db, {
      name: '压测团队',
      ownerMobile: OWNER_MOBILE,
      ownerNickname: '压测',
    });
    const seededAt = performance.now();
    const seeded = await seed(scratch.handle, team.id, membership.id);
    const seedSeconds = ((performance.now() - seededAt) / 1000).toFixed(1);
    await scratch.handle.db.execute(sql`vacuum analyze`);
    const driver = scratch.handle.driver;
    await scratch.release();
    server = await startServerProcess({ ...scratch.serverEnv, APPS_DIR: appsDir }, OWNER_MOBILE);
    console.log(
      `Calendar on ${driver}: ${MODELS} models, ${seeded.orders} orders, ${seeded.entries} entries, ` +
        `${seeded.trips} trips over 3 months (seeded in ${seedSeconds} s)`,
    );
    console.log(
      `GET /v1/calendar, ${REQUESTS} calls per line, ${CONCURRENCY} at a time, server in its own process:`,
    );
    await timeApi(server, seeded.today);
    const origin = server.base.replace('/storm_api/v1', '');
    const accessToken = server.headers.authorization.replace(/^Bearer /, '');
    console.log('Admin calendar in chromium, 1440×900:');
    for (const cpuSlowdown of [1, 4]) await timeBrowser(origin, accessToken, seeded.today, cpuSlowdown);
  } finally {
    await server?.stop();
    await scratch.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
