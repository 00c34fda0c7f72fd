/**
 * The largest order an agency may book (ORDER_LIMITS in packages/contract/src/order.schema.ts: every
 * model, as many days and fee lines as the order may hold) beside a small one, on a server in its own
 * process signed in as the owner: the save (POST), a change of every day's hours (PATCH), the read
 * (GET /v1/orders/{id}) and the confirmation PDF, one call at a time; the PDF drawn alone; how long
 * `/health` waits while the PDF and the read run; then the read's queries (the repository's) run directly
 * on the same database, one after another. The models have covers, and other drafts hold options on the
 * same days (every model once, half twice, a fifth three times), so the order's entries rank behind them.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:order                                            # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:order
 *   BENCH_ORDER=50x60x20 npm run bench:order                       # models × days × fee lines a model
 *
 * BENCH_REQUESTS sets the timed calls per line (default 20); BENCH_CPU_PROF=<dir> writes the server's
 * CPU profile there (read it with bench/cpu-profile-top.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Order } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { approvalHistory } from '../apps/server/src/domains/approval/approval.service';
import { listEntriesOfOrders } from '../apps/server/src/domains/calendar/calendar.service';
import { folders } from '../apps/server/src/domains/folder/folder.tables';
import { models } from '../apps/server/src/domains/model/model.tables';
import { namePinyin } from '../apps/server/src/domains/model/model-pinyin';
import { renderOrderConfirmation } from '../apps/server/src/domains/order/documents/order-confirmation.pdf';
import {
  findOrder,
  listAttachments,
  listFeeLinesOfOrders,
  listModelsOfOrders,
} from '../apps/server/src/domains/order/order.repository';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { blobs, files } from '../apps/server/src/domains/upload/upload.tables';
import {
  BROWSER_ACCEPT_ENCODING,
  BENCH_GIVEN_NAMES as GIVEN,
  openScratchDatabase,
  BENCH_SURNAMES as SURNAMES,
  startServerProcess,
  timeWithCpu,
} from './bench-kit';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARM_UP = 3;
const OWNER_MOBILE = '13600000000';

/**
 * The largest order the limits allow (every model, as many days and fee lines as it may hold), or the
 * shape BENCH_ORDER names (`50x60x20`: models × days × fee lines a model, e.g. the limits before issue 21).
 */
const LARGEST = (() => {
  const named = /^(\d+)x(\d+)x(\d+)$/.exec(process.env.BENCH_ORDER ?? '');
  if (named) return { models: Number(named[1]), days: Number(named[2]), feesPerModel: Number(named[3]) };
  return {
    models: ORDER_LIMITS.models,
    days: Math.min(ORDER_LIMITS.days, Math.floor(ORDER_LIMITS.modelDays / ORDER_LIMITS.models)),
    feesPerModel: Math.min(
      ORDER_LIMITS.feesPerModel,
      Math.floor(ORDER_LIMITS.feeLines / ORDER_LIMITS.models),
    ),
  };
})();
/** Other drafts on the same days: on the first 100 %, 50 % and 20 % of the models. */
const RIVAL_SHARES = [1, 0.5, 0.2];

const pick = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The models, each with a cover whose thumbnail is ready (the read signs it). */
async function seedModels(handle: DatabaseHandle, teamId: number, ownerId: number, count: number) {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `${pick(SURNAMES, index * 7)}${pick(GIVEN, index * 5)}${pick(GIVEN, index * 3 + 1)}`;
    const pinyin = namePinyin(name);
    const [model] = await handle.db
      .insert(models)
      .values({
        teamId,
        name,
        englishName: `Model ${index + 1}`,
        pinyinFull: pinyin.full,
        pinyinInitials: pinyin.initials,
        gender: 'female',
        status: 'active',
      })
      .returning({ id: models.id });
    if (!model) throw new Error('model not inserted');
    const [folder] = await handle.db
      .insert(folders)
      .values({ teamId, name: `${name} 画册`, kind: 'book', modelId: model.id })
      .returning({ id: folders.id });
    const key = `bench/${randomUUID()}`;
    const [blob] = await handle.db
      .insert(blobs)
      .values({
        teamId,
        key,
        filename: 'cover.jpg',
        contentType: 'image/jpeg',
        byteSize: 200_000,
        checksum: 'AAAAAAAAAAAAAAAAAAAAAA==',
        state: 'attached',
        uploadedByMembershipId: ownerId,
      })
      .returning({ id: blobs.id });
    const [file] = await handle.db
      .insert(files)
      .values({
        teamId,
        folderId: folder?.id ?? 0,
        blobId: blob?.id ?? '',
        name: 'cover.jpg',
        contentType: 'image/jpeg',
        byteSize: 200_000,
        checksum: 'AAAAAAAAAAAAAAAAAAAAAA==',
        kind: 'image',
        thumbnailState: 'ready',
        thumbKey: `${key}.thumb.webp`,
        previewKey: `${key}.preview.webp`,
      })
      .returning({ id: files.id });
    await handle.db
      .update(models)
      .set({ coverFileId: file?.id ?? null })
      .where(eq(models.id, model.id));
    ids.push(model.id);
  }
  return ids;
}

const fee = (index: number) => ({
  kind: 'ModelFee',
  amount: 100_000 + index * 1_000,
  unit: 'day',
  quantity: 1 + (index % 3),
  tax_rate: 6,
  note: `第 ${index + 1} 项`,
});

/** `count` working days from `first`, with these hours. */
const daysFrom = (first: string, count: number, start = '09:00') =>
  Array.from({ length: count }, (_, index) => ({
    date: addDays(first, index),
    start_time: start,
    end_time: '18:00',
  }));

/** An order's body: `modelIds` with `fees` fee lines each, on `days` days from `first`. */
const orderBody = (modelIds: number[], first: string, days: number, fees: number) => ({
  title: '大型发布会',
  brand: 'Bench',
  job_type: 'ad',
  place: '上海',
  days: daysFrom(first, days),
  models: modelIds.map((model_id) => ({
    model_id,
    fees: Array.from({ length: fees }, (_, index) => fee(index)),
  })),
});

type Server = Awaited<ReturnType<typeof startServerProcess>>;

async function call(server: Server, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...server.headers,
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${bytes.toString().slice(0, 300)}`);
  return { bytes, json: <T>() => (JSON.parse(bytes.toString()) as { data: T }).data };
}

/** This process's CPU (user + system), for the lines timed here. */
const ownCpuMillis = async () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** p50 / max of `requests` calls, one at a time, after a warm-up; with `cpuMillis`, the CPU per call. */
async function timed(run: () => Promise<unknown>, cpuMillis?: () => Promise<number>) {
  const call = async () => void (await run());
  const options = { requests: REQUESTS, concurrency: 1, warmUp: WARM_UP };
  const { at, cpuPerCall } = await timeWithCpu(call, { ...options, cpuMillis: cpuMillis ?? ownCpuMillis });
  return {
    p50: at(0.5),
    text: `p50 ${ms(at(0.5))} (max ${ms(at(1))}, cpu ${ms(cpuPerCall)})`,
  };
}

const once = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/** The longest `/health` wait while `work` runs (one health call at a time, back to back). */
async function healthDuring(server: Server, work: () => Promise<unknown>) {
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  const waits: number[] = [];
  const origin = server.base.replace(/\/v1$/, '');
  while (!done) {
    const started = performance.now();
    await (await fetch(`${origin}/health`)).arrayBuffer();
    waits.push(performance.now() - started);
  }
  await running;
  return `longest ${ms(Math.max(0, ...waits))} over ${waits.length} calls`;
}

async function timeServer(server: Server, modelIds: number[], today: string) {
  const first = addDays(today, 20);
  const { models: modelCount, days, feesPerModel } = LARGEST;
  for (const share of RIVAL_SHARES) {
    const ids = modelIds.slice(0, Math.round(modelCount * share));
    await call(server, 'POST', '/orders', orderBody(ids, first, days, 1));
  }
  let large = { id: 0 };
  const saveLarge = await once(async () => {
    large = (await call(server, 'POST', '/orders', orderBody(modelIds, first, days, feesPerModel))).json();
  });
  let small = { id: 0 };
  const saveSmall = await once(async () => {
    small = (await call(server, 'POST', '/orders', orderBody(modelIds.slice(0, 2), first, 2, 1))).json();
  });
  const moveLarge = await once(() =>
    call(server, 'PATCH', `/orders/${large.id}`, { days: daysFrom(first, days, '10:00') }),
  );
  console.log(
    `Largest order: ${modelCount} models × ${days} days (${modelCount * days} calendar entries), ` +
      `${feesPerModel} fee lines a model (${modelCount * feesPerModel}); small: 2 models × 2 days, 1 fee line; ` +
      `rival drafts on ${RIVAL_SHARES.map((share) => `${Math.round(modelCount * share)}`).join(', ')} of the models`,
  );
  console.log(
    `  save (POST)                  largest ${ms(saveLarge)}   small ${ms(saveSmall)}   every day's hours changed (PATCH) ${ms(moveLarge)}`,
  );
  let answerBytes = 0;
  const readLarge = await timed(async () => {
    answerBytes = (await call(server, 'GET', `/orders/${large.id}`)).bytes.length;
  }, server.cpuMillis);
  const readSmall = await timed(() => call(server, 'GET', `/orders/${small.id}`), server.cpuMillis);
  console.log(
    `  read (GET /v1/orders/{id})   largest ${readLarge.text}   small ${readSmall.text}   ratio ${(readLarge.p50 / readSmall.p50).toFixed(1)}   (${(answerBytes / 1024).toFixed(0)} KB of JSON)`,
  );
  let pdf = Buffer.alloc(0);
  const pdfLarge = await timed(async () => {
    pdf = (await call(server, 'GET', `/orders/${large.id}/confirmation`)).bytes;
  }, server.cpuMillis);
  const pdfSmall = await timed(
    () => call(server, 'GET', `/orders/${small.id}/confirmation`),
    server.cpuMillis,
  );
  console.log(
    `  PDF (…/confirmation)         largest ${pdfLarge.text}   small ${pdfSmall.text}   (${(pdf.length / 1024).toFixed(0)} KB)`,
  );
  const order = (await call(server, 'GET', `/orders/${large.id}`)).json<Order>();
  const drawn = await timed(() =>
    renderOrderConfirmation(order, { name: '压测团队', payee: null }, new Date()),
  );
  console.log(`  the largest PDF drawn alone, in this process: ${drawn.text}`);
  console.log(
    `  /health during the largest PDF: ${await healthDuring(server, () => call(server, 'GET', `/orders/${large.id}/confirmation`))}; ` +
      `during its read: ${await healthDuring(server, () => call(server, 'GET', `/orders/${large.id}`))}`,
  );
  return { large: large.id, small: small.id };
}

/** The read's queries (order-view.service.ts loadOrderView) run directly, one after another. */
async function timeSql(handle: DatabaseHandle, teamId: number, orderId: number) {
  const { db } = handle;
  const queries: [string, () => Promise<unknown>][] = [
    ['order', () => findOrder(db, teamId, orderId)],
    ['models', () => listModelsOfOrders(db, teamId, [orderId], true)],
    ['fee lines', () => listFeeLinesOfOrders(db, teamId, [orderId])],
    ['approvals', () => approvalHistory(db, { teamId, kind: 'order', recordId: orderId })],
    ['attachments', () => listAttachments(db, teamId, orderId)],
    ['ranked entries', () => listEntriesOfOrders(db, teamId, [orderId], new Date())],
  ];
  const each: string[] = [];
  for (const [label, run] of queries) each.push(`${label} ${ms((await timed(run)).p50)}`);
  // PGlite runs in this process: its CPU is the statement's; PostgreSQL's is another process's.
  const all = await timed(async () => {
    for (const [, run] of queries) await run();
  });
  return `${all.text} (${each.join(', ')})`;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  try {
    await runMigrations(scratch.handle);
    const { team, membership } = await createTeamWithOwner(scratch.handle.db, {
      name: '压测团队',
      ownerMobile: OWNER_MOBILE,
      ownerNickname: '压测',
    });
    const modelIds = await seedModels(scratch.handle, team.id, membership.id, LARGEST.models);
    const driver = scratch.handle.driver;
    const today = businessDate(new Date());
    await scratch.release();
    const server = await startServerProcess({ ...scratch.serverEnv, DATA_DIR: dataDir }, OWNER_MOBILE);
    console.log(
      `Orders on ${driver}, server in its own process; ${REQUESTS} timed calls per line, one at a time`,
    );
    let ids: { large: number; small: number };
    try {
      ids = await timeServer(server, modelIds, today);
    } finally {
      await server.stop();
    }
    // The server stopped (PGlite's directory opens in one process at a time): the same SQL from here.
    const handle = await scratch.reopen();
    console.log(`  the read's SQL run directly, largest: ${await timeSql(handle, team.id, ids.large)}`);
    console.log(`  the read's SQL run directly, small:   ${await timeSql(handle, team.id, ids.small)}`);
  } finally {
    await scratch.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
