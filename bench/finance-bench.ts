/**
 * Receivables at an agency's scale (docs/product.md "费用"): one team with 100,000 billed orders over two
 * years, 300,000 fee lines, 120,000 issued invoices and 150,000 receipts allocated to them (their payments
 * spread over the lines in the payments ledger, as the allocation service writes it), and a neighbouring
 * team a tenth its size. Each line times the API (a server in its own process, signed in as the owner)
 * and then the same repository SQL run directly on the same database, p50 and p99 of each and their ratio.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:finance                                          # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:finance
 *   BENCH_SCALE=0.1 npm run bench:finance                          # a tenth of the data
 *
 * BENCH_REQUESTS sets the timed calls per line (default 30); BENCH_EXPLAIN prints the list's and the
 * dashboard's plans; BENCH_KEEP keeps the seeded PostgreSQL database and prints its address, which
 * BENCH_REUSE=<address> times again without seeding.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spreadOverInvoice } from '@trackit/contract/allocations';
import { addDays, businessDate, businessInstant } from '@trackit/contract/business-time';
import { lineTotals } from '@trackit/contract/money';
import { feeFilterSchema } from '@trackit/contract/receivable.schema';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { companies } from '../apps/server/src/domains/company/company.tables';
import { findFeeStatement } from '../apps/server/src/domains/fee-statement/fee-statement.repository';
import { loadStatementView } from '../apps/server/src/domains/fee-statement/fee-statement-view.service';
import {
  feeRowsPage,
  listFeeRows,
  outstandingGroupsQuery,
  sumFeeRows,
} from '../apps/server/src/domains/finance/fee-list.repository';
import { getFinanceDashboard } from '../apps/server/src/domains/finance/finance-dashboard.service';
import { invoiceLines, invoices } from '../apps/server/src/domains/invoice/invoice.tables';
import { models } from '../apps/server/src/domains/model/model.tables';
import { feeLines, orderModels, orders } from '../apps/server/src/domains/order/order.tables';
import { memberships } from '../apps/server/src/domains/organization/organization.tables';
import { allocations, feeLinePayments } from '../apps/server/src/domains/payment/payment.tables';
import { receipts } from '../apps/server/src/domains/receipt/receipt.tables';
import { listReadyToSettle } from '../apps/server/src/domains/settlement/settlement.service';
import { payableToModels } from '../apps/server/src/domains/settlement/settlement-summary.service';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { teamRecipients } from '../apps/server/src/domains/team-recipient/team-recipient.tables';
import { users } from '../apps/server/src/domains/user/user.tables';
import type { AuthContext } from '../apps/server/src/http/auth-context';
import { openKeptDatabase, openScratchDatabase, startServerProcess, timeConcurrently } from './bench-kit';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const SIZE = { orders: Math.round(100_000 * SCALE) };
const OWNER_MOBILE = '13600000011';
const NEIGHBOUR_MOBILE = '13600000012';

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

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function insertIds<T>(rows: T[], insert: (chunk: T[]) => Promise<{ id: number }[]>, size = 2000) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size)
    ids.push(...(await insert(rows.slice(i, i + size))).map((row) => row.id));
  return ids;
}

const TERMS = [null, 15, 30, 30, 45, 60, 90];

/** One team's finance history, `orders` billed orders of three fee lines each, inserted in bulk. */
async function seedTeam(
  handle: DatabaseHandle,
  teamId: number,
  ownerId: number,
  orderCount: number,
  seed: number,
) {
  const { db } = handle;
  const next = random(seed);
  const today = businessDate(new Date());
  const companyIds = await insertIds(
    Array.from({ length: Math.max(10, Math.round(orderCount / 250)) }, (_, index) => ({
      teamId,
      name: `客户公司${index}`,
      paymentTermsDays: TERMS[index % TERMS.length] ?? null,
    })),
    (chunk) => db.insert(companies).values(chunk).returning({ id: companies.id }),
  );
  const recipientIds = await insertIds(
    [
      {
        name: '上海星辰模特经纪有限公司',
        shortName: '星辰经纪',
        creditCode: '91310106MA1FY4XK3E',
        taxpayerType: 'general' as const,
      },
      {
        name: '上海静安区星光摄影工作室',
        shortName: '星光工作室',
        creditCode: '92310104MA1KB6T08Y',
        taxpayerType: 'small_scale' as const,
      },
    ].map((entity, index) => ({
      ...entity,
      teamId,
      bank: 'cmb' as const,
      branch: '上海静安支行',
      accountNumber: `12190987651020${index}`,
      isDefault: index === 0,
    })),
    (chunk) => db.insert(teamRecipients).values(chunk).returning({ id: teamRecipients.id }),
  );
  const modelIds = await insertIds(
    Array.from({ length: Math.max(10, Math.round(orderCount / 100)) }, (_, index) => ({
      teamId,
      name: `模特${index}`,
      pinyinFull: `mote${index}`,
      pinyinInitials: 'mt',
      gender: 'female' as const,
      // 待结算 works its figures out only for a model with a commission rate.
      commissionRate: 1500 + (index % 4) * 500,
    })),
    (chunk) => db.insert(models).values(chunk).returning({ id: models.id }),
  );

  const orderRows = Array.from({ length: orderCount }, (_, index) => {
    const billedOn = addDays(today, -next(730));
    const last = addDays(billedOn, -next(10));
    return {
      teamId,
      number: `BD${billedOn.replaceAll('-', '')}${String(index).padStart(6, '0')}`,
      status: 'billed' as const,
      approvalStatus: 'passed' as const,
      jobType: 'ad' as const,
      title: `拍摄${index}`,
      days: [{ date: last, start_time: '09:00', end_time: '18:00' }],
      firstDate: last,
      lastDate: last,
      companyId: companyIds[next(companyIds.length)] ?? null,
      teamRecipientId: recipientIds[next(4) === 0 ? 1 : 0] ?? null,
      ownerMembershipId: ownerId,
      createdByMembershipId: ownerId,
      billedAt: new Date(businessInstant(billedOn, '18:00')),
    };
  });
  const orderIds = await insertIds(
    orderRows,
    (chunk) => db.insert(orders).values(chunk).returning({ id: orders.id }),
    1000,
  );

  const links: (typeof orderModels.$inferInsert)[] = [];
  const lineRows: (typeof feeLines.$inferInsert)[] = [];
  orderRows.forEach((_, index) => {
    const orderId = orderIds[index] ?? 0;
    const modelId = modelIds[next(modelIds.length)] ?? 0;
    links.push({ teamId, orderId, modelId, position: 0 });
    for (let position = 0; position < 3; position += 1) {
      const amount = (5 + next(50)) * 10_000;
      lineRows.push({
        teamId,
        orderId,
        modelId,
        position,
        kind: 'ModelFee',
        amount,
        unit: 'day',
        quantityHundredths: 100,
        taxRate: 6,
        ...lineTotals({ kind: 'ModelFee', amount, quantity: 1, tax_rate: 6 }),
      });
    }
  });
  await insertChunked(links, (chunk) => db.insert(orderModels).values(chunk));
  const lineIds = await insertIds(lineRows, (chunk) =>
    db.insert(feeLines).values(chunk).returning({ id: feeLines.id }),
  );

  // Invoices: most orders one invoice of their three lines, a quarter two (line 1; lines 2 and 3), 5 %
  // none yet (120,000 invoices for 100,000 orders at full size).
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const invoiceLineSets: { lines: number[]; on: string; orderIndex: number }[] = [];
  let numberSeq = 0;
  orderRows.forEach((order, orderIndex) => {
    const roll = next(100);
    if (roll < 5) return;
    const lines = [0, 1, 2].map((position) => orderIndex * 3 + position);
    const sets = roll < 30 ? [lines.slice(0, 1), lines.slice(1)] : [lines];
    for (const set of sets) {
      const on = addDays(order.lastDate, 1 + next(10));
      const figures = set.reduce(
        (sum, line) => {
          const row = lineRows[line];
          return {
            amount: sum.amount + (row?.subtotal ?? 0),
            tax: sum.tax + (row?.tax ?? 0),
            total: sum.total + (row?.total ?? 0),
          };
        },
        { amount: 0, tax: 0, total: 0 },
      );
      numberSeq += 1;
      invoiceRows.push({
        teamId,
        teamRecipientId: order.teamRecipientId ?? 0,
        companyId: order.companyId ?? 0,
        type: next(3) === 0 ? 'special' : 'ordinary',
        buyerName: `客户公司${orderIndex % 97}`,
        buyerTaxId: '91310115MA1H7R2Q5C',
        status: 'issued',
        number: `2631${String(teamId).padStart(3, '0')}${String(numberSeq).padStart(13, '0')}`,
        issuedOn: on > today ? today : on,
        issuedAt: new Date(),
        ...figures,
      });
      invoiceLineSets.push({ lines: set, on: on > today ? today : on, orderIndex });
    }
  });
  const invoiceIds = await insertIds(invoiceRows, (chunk) =>
    db.insert(invoices).values(chunk).returning({ id: invoices.id }),
  );
  const invoiceLineRows: (typeof invoiceLines.$inferInsert)[] = [];
  invoiceLineSets.forEach((set, index) => {
    for (const line of set.lines) {
      const row = lineRows[line];
      invoiceLineRows.push({
        teamId,
        invoiceId: invoiceIds[index] ?? 0,
        feeLineId: lineIds[line] ?? 0,
        kind: 'ModelFee',
        item: 'service_fee',
        taxRate: 6,
        amount: row?.subtotal ?? 0,
        tax: row?.tax ?? 0,
        total: row?.total ?? 0,
      });
    }
  });
  await insertChunked(invoiceLineRows, (chunk) => db.insert(invoiceLines).values(chunk));

  // Receipts: an invoice paid in full at once (50 %), in two payments (35 %), in part (10 %), or not yet;
  // and a few receipts left as credit. Allocations dated the receipt's day; the ledger spread as the
  // allocation service spreads it.
  const receiptRows: (typeof receipts.$inferInsert)[] = [];
  const receiptTargets: { invoice: number; amount: number }[] = [];
  const ledger: (typeof feeLinePayments.$inferInsert)[] = [];
  invoiceLineSets.forEach((set, index) => {
    const total = invoiceRows[index]?.total ?? 0;
    const roll = next(100);
    const parts =
      roll < 50
        ? [total]
        : roll < 85
          ? [Math.floor(total / 2), total - Math.floor(total / 2)]
          : roll < 95
            ? [Math.floor((total * 2) / 5)]
            : [];
    let day = set.on;
    let lastPaid = day;
    let paid = 0;
    for (const amount of parts) {
      day = addDays(day, 5 + next(60));
      if (day > today) break;
      lastPaid = day;
      receiptRows.push({
        teamId,
        teamRecipientId: invoiceRows[index]?.teamRecipientId ?? 0,
        receivedOn: day,
        amount,
        payerName: invoiceRows[index]?.buyerName ?? '',
        reference: `CMB${day.replaceAll('-', '')}${String(receiptRows.length).padStart(8, '0')}`,
      });
      receiptTargets.push({ invoice: index, amount });
      paid += amount;
    }
    if (paid > 0) {
      const spread = spreadOverInvoice(
        paid,
        set.lines.map((line) => ({ fee_line_id: line, total: lineRows[line]?.total ?? 0 })),
      );
      for (const share of spread)
        if (share.paid > 0)
          ledger.push({
            teamId,
            feeLineId: lineIds[share.fee_line_id] ?? 0,
            orderId: orderIds[set.orderIndex] ?? 0,
            paidOn: lastPaid,
            amount: share.paid,
          });
    }
  });
  for (let credit = 0; credit < Math.round(orderCount / 50); credit += 1) {
    receiptRows.push({
      teamId,
      teamRecipientId: recipientIds[0] ?? 0,
      receivedOn: addDays(today, -next(300)),
      amount: (1 + next(20)) * 100_000,
      payerName: `客户公司${next(97)}`,
      reference: '',
    });
  }
  const receiptIds = await insertIds(receiptRows, (chunk) =>
    db.insert(receipts).values(chunk).returning({ id: receipts.id }),
  );
  await insertChunked(
    receiptTargets.map((target, index) => ({
      teamId,
      receiptId: receiptIds[index] ?? 0,
      invoiceId: invoiceIds[target.invoice] ?? 0,
      amount: target.amount,
      allocatedOn: receiptRows[index]?.receivedOn ?? today,
    })),
    (chunk) => db.insert(allocations).values(chunk),
  );
  await insertChunked(ledger, (chunk) => db.insert(feeLinePayments).values(chunk));
  return {
    orders: orderRows.length,
    lines: lineRows.length,
    invoices: invoiceRows.length,
    receipts: receiptRows.length,
    ledger: ledger.length,
    companyIds,
  };
}

/** A query's text with its parameters written in (for EXPLAIN). */
const inline = ({ sql: text, params }: { sql: string; params: unknown[] }) =>
  text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The bench's team and its neighbour, seeded; the figures seedTeam counted. */
async function seedTeams(handle: DatabaseHandle) {
  const mine = await createTeamWithOwner(handle.db, {
    name: '压测团队',
    ownerMobile: OWNER_MOBILE,
    ownerNickname: '压测',
  });
  const seeded = await seedTeam(handle, mine.team.id, mine.membership.id, SIZE.orders, 0x2545f491);
  const neighbour = await createTeamWithOwner(handle.db, {
    name: '邻居团队',
    ownerMobile: NEIGHBOUR_MOBILE,
    ownerNickname: '邻居',
  });
  await seedTeam(
    handle,
    neighbour.team.id,
    neighbour.membership.id,
    Math.round(SIZE.orders / 10),
    0x1b873593,
  );
  // What the services keep on orders, lines, invoices and receipts, worked out as migrations 0031 and 0033 do.
  for (const migration of ['0031_order_money.sql', '0033_allocated_kept.sql']) {
    const text = await readFile(
      path.join(import.meta.dirname, '../apps/server/src/db/migrations', migration),
      'utf8',
    );
    for (const statement of text.split('--> statement-breakpoint').filter((part) => part.includes('UPDATE')))
      await handle.db.execute(sql.raw(statement));
  }
  return { teamId: mine.team.id, seeded };
}

/** BENCH_REUSE: the team a kept database was seeded with, counted again. */
async function readKeptTeam(handle: DatabaseHandle) {
  const { db } = handle;
  const [owner] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(users.mobile, OWNER_MOBILE));
  const teamId = owner?.teamId ?? 0;
  const count = async (table: typeof orders | typeof feeLines | typeof invoices | typeof receipts) =>
    (await db.$count(table, eq(table.teamId, teamId))) as number;
  const companyIds = (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.teamId, teamId))
      .orderBy(companies.id)
  ).map((row) => row.id);
  return {
    teamId,
    seeded: {
      orders: await count(orders),
      lines: await count(feeLines),
      invoices: await count(invoices),
      receipts: await count(receipts),
      ledger: await db.$count(feeLinePayments, eq(feeLinePayments.teamId, teamId)),
      companyIds,
    },
  };
}

interface Line {
  label: string;
  /** The API path below /storm_api/v1 (known once the server has made what it reads). */
  path: () => string;
  /** The same SQL, run directly. */
  direct: (handle: DatabaseHandle) => Promise<unknown>;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-finance-bench-'));
  const kept = process.env.BENCH_REUSE;
  const scratch = kept ? await openKeptDatabase(kept, { dataDir }) : await openScratchDatabase({ dataDir });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await runMigrations(scratch.handle);
    const started = performance.now();
    const { teamId, seeded } = kept ? await readKeptTeam(scratch.handle) : await seedTeams(scratch.handle);
    const seedSeconds = ((performance.now() - started) / 1000).toFixed(0);
    await scratch.handle.db.execute(sql`vacuum analyze`);
    const driver = scratch.handle.driver;
    const today = businessDate(new Date());
    const monthEnd = addDays(`${addDays(today, -182).slice(0, 7)}-01`, -1);
    const now = { asOf: today, today };
    const client = seeded.companyIds[7] ?? 0;
    const page = { limit: 20, offset: 0 };
    const filter = (query: Record<string, unknown>) => feeFilterSchema.parse(query);
    const lines: Line[] = [
      {
        label: '费用, no filter',
        path: () => '/finance/fees',
        direct: ({ db }) => listFeeRows(db, teamId, filter({}), now, page),
      },
      {
        label: '费用, aging 31–60',
        path: () => '/finance/fees?aging_bucket=d31_60',
        direct: ({ db }) => listFeeRows(db, teamId, filter({ aging_bucket: ['d31_60'] }), now, page),
      },
      {
        label: '费用, one client',
        path: () => `/finance/fees?company_id=${client}`,
        direct: ({ db }) => listFeeRows(db, teamId, filter({ company_id: client }), now, page),
      },
      {
        label: `费用, as of ${monthEnd}`,
        path: () => `/finance/fees?as_of=${monthEnd}`,
        direct: ({ db }) =>
          listFeeRows(db, teamId, filter({ as_of: monthEnd }), { asOf: monthEnd, today }, page),
      },
      {
        label: '费用 totals by bucket',
        path: () => '/finance/fees/totals',
        direct: ({ db }) => sumFeeRows(db, teamId, filter({}), now),
      },
      {
        label: '看板 (finance dashboard)',
        path: () => '/finance/dashboard',
        direct: ({ db }) => getFinanceDashboard({ db, clock: () => new Date() }, { teamId } as AuthContext),
      },
      {
        label: '待结算, first page of models',
        path: () => '/settlements/ready',
        direct: ({ db }) =>
          listReadyToSettle({ db, clock: () => new Date() }, { teamId } as AuthContext, {
            page: 1,
            per_page: 20,
          }),
      },
      {
        label: '应付模特 (待结算 over every model)',
        path: () => '/settlements/ready/totals',
        direct: ({ db }) => payableToModels({ db, clock: () => new Date() }, teamId),
      },
      {
        label: "a client's statement, 1 year",
        path: () => `/public/fee_statements/${statement.shareId}`,
        direct: async ({ db }) => {
          const record = await findFeeStatement(db, teamId, statement.id);
          if (record) await loadStatementView(db, record, new Date());
        },
      },
    ];
    const statement = { id: 0, shareId: '' };
    if (process.env.BENCH_EXPLAIN) {
      // The plan of the list's page query, to see where its time goes.
      const { db } = scratch.handle;
      for (const probe of [
        feeRowsPage(db, teamId, filter({}), now, page),
        outstandingGroupsQuery(db, teamId, now),
      ]) {
        const plan = await db.execute(sql`explain (analyze, buffers) ${sql.raw(inline(probe.toSQL()))}`);
        console.log(
          (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n'),
        );
      }
    }
    await scratch.release();
    server = await startServerProcess(scratch.serverEnv, OWNER_MOBILE);
    console.log(
      `Finance on ${driver}: ${seeded.orders} billed orders, ${seeded.lines} fee lines, ${seeded.invoices} invoices, ` +
        `${seeded.receipts} receipts (${seeded.ledger} ledger rows), and a neighbour a tenth the size; seeded in ${seedSeconds} s. ` +
        `${REQUESTS} timed calls per line, one at a time.`,
    );
    const created = await fetch(`${server.base}/fee_statements`, {
      method: 'POST',
      headers: { ...server.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ company_id: client, from: addDays(today, -364), to: today }),
    });
    const { data } = (await created.json()) as { data: { id: number; share_id: string } };
    statement.id = data.id;
    statement.shareId = data.share_id;
    const apiTimes: { p50: number; p99: number }[] = [];
    for (const line of lines) {
      const call = async () => {
        const res = await fetch(`${server?.base}${line.path()}`, { headers: server?.headers ?? {} });
        const body = (await res.json()) as { code: number; message: string };
        if (body.code !== 0) throw new Error(`${line.path()}: ${body.code} ${body.message}`);
      };
      await timeConcurrently(call, { requests: 3, concurrency: 1 });
      const { at } = await timeConcurrently(call, { requests: REQUESTS, concurrency: 1 });
      apiTimes.push({ p50: at(0.5), p99: at(0.99) });
    }
    // What any signed-in call costs before its own SQL (session, routing, JSON): a call that reads nothing.
    const bare = async () => {
      const res = await fetch(`${server?.base}/permissions/my`, { headers: server?.headers ?? {} });
      await res.arrayBuffer();
    };
    await timeConcurrently(bare, { requests: 3, concurrency: 1 });
    const fixed = await timeConcurrently(bare, { requests: REQUESTS, concurrency: 1 });
    console.log(
      `  a signed-in call reading nothing (GET /permissions/my): p50 ${ms(fixed.at(0.5))} p99 ${ms(fixed.at(0.99))}`,
    );
    await server.stop();
    server = undefined;
    // The server stopped (PGlite's directory opens in one process at a time): the same SQL from here.
    const handle = await scratch.reopen();
    for (const [index, line] of lines.entries()) {
      const run = async () => void (await line.direct(handle));
      await timeConcurrently(run, { requests: 3, concurrency: 1 });
      const { at } = await timeConcurrently(run, { requests: REQUESTS, concurrency: 1 });
      const api = apiTimes[index] ?? { p50: 0, p99: 0 };
      console.log(
        `  ${line.label.padEnd(26)} API p50 ${ms(api.p50)} p99 ${ms(api.p99)}   SQL p50 ${ms(at(0.5))} p99 ${ms(at(0.99))}` +
          `   ratio p50 ${(api.p50 / at(0.5)).toFixed(2)} p99 ${(api.p99 / at(0.99)).toFixed(2)}`,
      );
    }
  } finally {
    await server?.stop();
    await scratch.close();
    // BENCH_KEEP=1 keeps the seeded database to try queries on it (its name is printed).
    if (process.env.BENCH_KEEP) console.log(`kept: ${scratch.serverEnv.DATABASE_URL ?? dataDir}`);
    else await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
