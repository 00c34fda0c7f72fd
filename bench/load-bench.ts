/**
 * Load and faults (issue 25, docs/benchmarks.md "Load"): the cluster suite's set-up (three built server
 * processes on one PostgreSQL database and an S3 store, behind nginx with the production snippets;
 * ops/cluster/cluster.ts) holding the demo agency, driven by autocannon with the mix an agency makes,
 * then the same mix while PostgreSQL is restarted once in the middle. Prints throughput, p50/p95/p99 per
 * route and errors; for the fault run, when errors happened against the restart, how long recovery took,
 * and whether every acknowledged write is in the database. Asserts nothing.
 *
 *   npm run bench:load                      # 200 virtual users, 5 minutes, then the fault run
 *   BENCH_LOAD_SECONDS=60 BENCH_FAULT_SECONDS=60 BENCH_LOAD_USERS=100 npm run bench:load
 *   BENCH_FAULT=0 npm run bench:load        # no PostgreSQL restart (it restarts the machine's server)
 *   CLUSTER_PG_URL=postgres://postgres@127.0.0.1:5433/postgres BENCH_PG_CLUSTER=bench npm run bench:load
 *                                           # restart a PostgreSQL cluster of its own (pg_createcluster)
 *
 * Each virtual user is a client address of its own (X-Forwarded-For, believed from nginx only), as
 * clients of an agency are: the share pages' per-address limit applies to each, not to the bench.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addDays, businessDate } from '@trackit/contract/business-time';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { teams } from '../apps/server/src/domains/team/team.tables';
import { DEMO_AGENCY_NAME, DEMO_MOBILES, seedDemo } from '../apps/server/src/seed/demo-seed';
import { type Cluster, startCluster } from '../ops/cluster/cluster';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 120);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const FAULT = process.env.BENCH_FAULT !== '0';
/** The Debian PostgreSQL cluster the fault run restarts (`pg_ctlcluster <version> <name> restart`). */
const PG_CLUSTER = process.env.BENCH_PG_CLUSTER ?? 'main';
/** How long autocannon waits for an answer before counting the request as lost (its default). */
const REQUEST_TIMEOUT_S = 10;

// autocannon ships no types: the little of it used here.
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'reqError', listener: (error: Error) => void): void;
  on(event: 'done', listener: () => void): void;
  stop(): void;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: AutocannonRequest[];
  headers?: Record<string, string>;
  setupClient?: (client: { setHeaders(headers: Record<string, string>): void }) => void;
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface RouteStats {
  name: string;
  users: number;
  times: number[];
  statuses: Map<number, number>;
  errors: number;
  /**
   * Each failed request (non-2xx, or no answer within autocannon's time-out): when it was sent, ms since
   * the run began, and what came back.
   */
  failedAt: { sentAt: number; what: string }[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
let addressSeed = 0;
/** A client address of its own for each connection (10.x.y.z). */
const nextAddress = () => {
  addressSeed += 1;
  return `10.${(addressSeed >> 16) & 255}.${(addressSeed >> 8) & 255}.${addressSeed & 255}`;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Fixtures {
  auth: Record<string, string>;
  modelIds: number[];
  orderIds: number[];
  editableOrderIds: number[];
  shareIds: string[];
  folderId: number;
  month: { from: string; to: string };
}

async function loadFixtures(cluster: Cluster): Promise<Fixtures> {
  const [first] = cluster.processes;
  if (!first) throw new Error('no process');
  const auth = await cluster.signIn(DEMO_MOBILES.owner, first);
  const team = cluster.teams[0]?.id;
  const ids = async (query: string) =>
    (await cluster.db.query<{ id: string }>(query, [team])).rows.map((row) => row.id);
  const modelIds = (await ids('select id from models where team_id = $1')).map(Number);
  const orderIds = (await ids('select id from orders where team_id = $1')).map(Number);
  const shareIds = await ids(
    `select id from share_links where team_id = $1 and kind = 'package' and revoked_at is null
       and (expires_at is null or expires_at > now())`,
  );
  // Orders whose notes may be edited now (a PATCH answered 200).
  const editableOrderIds: number[] = [];
  for (const id of orderIds) {
    const res = await fetch(`${cluster.url}/storm_api/v1/orders/${id}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: '压测备注' }),
    });
    if (res.status === 200) editableOrderIds.push(id);
    await res.arrayBuffer();
  }
  const folder = await fetch(`${cluster.url}/storm_api/v1/folders`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '压测上传' }),
  });
  const folderId = ((await folder.json()) as { data: { id: number } }).data.id;
  const today = businessDate(new Date());
  const from = `${today.slice(0, 7)}-01`;
  return {
    auth,
    modelIds,
    orderIds,
    editableOrderIds,
    shareIds,
    folderId,
    month: { from, to: addDays(from, 30) },
  };
}

/** The mix: each route with its share of the virtual users (uploads run beside, as a loop of their own). */
function routes(f: Fixtures, users: number) {
  const share = (part: number) => Math.max(1, Math.round(users * part));
  const json = { ...f.auth, 'content-type': 'application/json' };
  return [
    {
      name: 'GET /v1/models (filters)',
      users: share(0.14),
      request: () => ({
        path: `/storm_api/v1/models?page=1&per_page=20&gender=female&sort=${pick(['name', '-updated_at'])}`,
      }),
    },
    {
      name: 'GET /v1/orders (filters)',
      users: share(0.12),
      request: () => ({
        path: `/storm_api/v1/orders?page=1&per_page=20&from=${f.month.from}&to=${f.month.to}`,
      }),
    },
    {
      name: 'GET /v1/models/{id}',
      users: share(0.12),
      request: () => ({ path: `/storm_api/v1/models/${pick(f.modelIds)}` }),
    },
    {
      name: 'GET /v1/orders/{id}',
      users: share(0.12),
      request: () => ({ path: `/storm_api/v1/orders/${pick(f.orderIds)}` }),
    },
    {
      name: 'GET /v1/calendar (month)',
      users: share(0.1),
      request: () => ({ path: `/storm_api/v1/calendar?from=${f.month.from}&to=${f.month.to}` }),
    },
    { name: 'GET /v1/dashboard', users: share(0.08), request: () => ({ path: '/storm_api/v1/dashboard' }) },
    {
      name: 'share page /h5/s/{id}',
      users: share(0.08),
      public: true,
      request: () => ({ path: `/h5/s/${pick(f.shareIds)}` }),
    },
    {
      name: 'GET /v1/public/packages/{id}',
      users: share(0.1),
      public: true,
      request: () => ({ path: `/storm_api/v1/public/packages/${pick(f.shareIds)}` }),
    },
    {
      name: 'PATCH /v1/orders/{id} (notes)',
      users: share(0.06),
      request: () => ({
        method: 'PATCH',
        path: `/storm_api/v1/orders/${pick(f.editableOrderIds)}`,
        headers: json,
        body: JSON.stringify({ notes: `压测备注 ${Date.now()}` }),
      }),
    },
  ];
}

/** Runs the mix for `seconds`; `during` runs beside it (the fault). */
async function runMix(
  cluster: Cluster,
  f: Fixtures,
  seconds: number,
  during?: (startedAt: number) => Promise<void>,
) {
  const startedAt = Date.now();
  const stats: RouteStats[] = [];
  const acknowledged: { id: number; name: string }[] = [];
  const runs = routes(f, USERS - 10).map((route) => {
    const entry: RouteStats = {
      name: route.name,
      users: route.users,
      times: [],
      statuses: new Map(),
      errors: 0,
      failedAt: [],
    };
    stats.push(entry);
    const instance = autocannon({
      url: cluster.url,
      connections: route.users,
      duration: seconds,
      timeout: REQUEST_TIMEOUT_S,
      headers: route.public ? {} : f.auth,
      setupClient: (client) =>
        client.setHeaders({ ...(route.public ? {} : f.auth), 'x-forwarded-for': nextAddress() }),
      requests: [{ setupRequest: (request) => ({ ...request, ...route.request() }) }],
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      entry.times.push(ms);
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      if (status >= 400) entry.failedAt.push({ sentAt: Date.now() - ms - startedAt, what: String(status) });
    });
    instance.on('reqError', () => {
      entry.errors += 1;
      // No answer: the request went out a time-out ago.
      entry.failedAt.push({ sentAt: Date.now() - REQUEST_TIMEOUT_S * 1000 - startedAt, what: 'no answer' });
    });
    return new Promise<void>((resolve) => instance.on('done', resolve));
  });

  // Ten users beside: five uploading small images (announce, PUT to the bucket, add to a folder), five
  // creating clients (writes whose every acknowledgement is looked for afterwards).
  const deadline = startedAt + seconds * 1000;
  const uploads: RouteStats = {
    name: 'upload a small image (3 calls)',
    users: 5,
    times: [],
    statuses: new Map(),
    errors: 0,
    failedAt: [],
  };
  const creates: RouteStats = {
    name: 'POST /v1/companies',
    users: 5,
    times: [],
    statuses: new Map(),
    errors: 0,
    failedAt: [],
  };
  stats.push(uploads, creates);
  const count = (entry: RouteStats, status: number, began: number) => {
    entry.times.push(Date.now() - began);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    if (status >= 400 || status <= 0)
      entry.failedAt.push({
        sentAt: began - startedAt,
        what: status <= 0 ? 'connection lost' : String(status),
      });
  };
  const json = { ...f.auth, 'content-type': 'application/json' };
  const uploader = async (user: number) => {
    const address = nextAddress();
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      const began = Date.now();
      try {
        const bytes = await sharp({
          create: {
            width: 320,
            height: 400,
            channels: 3,
            background: { r: (user * 50 + n) % 256, g: n % 256, b: 90 },
          },
        })
          .jpeg()
          .toBuffer();
        const announced = await fetch(`${cluster.url}/storm_api/v1/direct_uploads`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': address },
          body: JSON.stringify({
            checksum: createHash('md5').update(bytes).digest('base64'),
            content_type: 'image/jpeg',
            byte_size: bytes.length,
            filename: `load-${user}-${n}.jpg`,
          }),
        });
        if (announced.status !== 200) {
          count(uploads, announced.status, began);
          continue;
        }
        const { data } = (await announced.json()) as {
          data: { signed_id: string; direct_upload: { url: string; headers: Record<string, string> } };
        };
        const stored = await fetch(data.direct_upload.url, {
          method: 'PUT',
          headers: data.direct_upload.headers,
          body: bytes,
        });
        await stored.arrayBuffer();
        const added = await fetch(`${cluster.url}/storm_api/v1/files`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': address },
          body: JSON.stringify({ folder_id: f.folderId, signed_id: data.signed_id }),
        });
        await added.arrayBuffer();
        count(uploads, stored.status === 200 ? added.status : stored.status, began);
      } catch {
        count(uploads, -1, began);
      }
    }
  };
  const creator = async (user: number) => {
    const address = nextAddress();
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      const began = Date.now();
      const name = `压测客户${startedAt.toString(36)}-${user}-${n}`;
      try {
        const res = await fetch(`${cluster.url}/storm_api/v1/companies`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': address },
          body: JSON.stringify({ name }),
        });
        const body = (await res.json().catch(() => null)) as { data?: { id: number } } | null;
        if (res.status === 200 && body?.data) acknowledged.push({ id: body.data.id, name });
        count(creates, res.status, began);
      } catch {
        count(creates, -1, began);
      }
    }
  };
  const beside = [...[0, 1, 2, 3, 4].map(uploader), ...[0, 1, 2, 3, 4].map(creator)];
  const fault = during?.(startedAt);
  await Promise.all([...runs, ...beside, fault]);
  return { stats, acknowledged, elapsedMs: Date.now() - startedAt };
}

function printStats(title: string, run: { stats: RouteStats[]; elapsedMs: number }) {
  const total = run.stats.reduce((sum, entry) => sum + entry.times.length + entry.errors, 0);
  console.log(
    `\n${title}: ${total} requests in ${(run.elapsedMs / 1000).toFixed(0)} s, ${(total / (run.elapsedMs / 1000)).toFixed(0)} per second`,
  );
  console.log('| Route | users | requests | per s | p50 | p95 | p99 | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const entry of run.stats) {
    const sorted = [...entry.times].sort((a, b) => a - b);
    const failures = [...entry.statuses].filter(([status]) => status >= 400 || status <= 0);
    const failed = failures.reduce((sum, [, n]) => sum + n, 0) + entry.errors;
    const detail = failures.map(([status, n]) => `${n}×${status <= 0 ? 'lost' : status}`).join(', ');
    console.log(
      `| ${entry.name} | ${entry.users} | ${entry.times.length} | ${(entry.times.length / (run.elapsedMs / 1000)).toFixed(1)} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${failed}${detail ? ` (${detail}${entry.errors ? `, ${entry.errors} lost` : ''})` : entry.errors ? ` (${entry.errors} lost)` : ''} |`,
    );
  }
}

async function main() {
  console.log(
    `bench:load: ${USERS} virtual users, ${SECONDS} s${FAULT ? `, then ${FAULT_SECONDS} s with PostgreSQL restarted in the middle` : ''}`,
  );
  const seeding = Date.now();
  const cluster = await startCluster({
    env: { LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '20' },
    prepare: async ({ db, storage }) => {
      await seedDemo(db, storage);
      const [agency] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, DEMO_AGENCY_NAME));
      return [{ id: Number(agency?.id), ownerMobile: DEMO_MOBILES.owner }];
    },
  });
  console.log(
    `three processes behind nginx on PostgreSQL, demo agency seeded, in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    const fixtures = await loadFixtures(cluster);
    console.log(
      `fixtures: ${fixtures.modelIds.length} models, ${fixtures.orderIds.length} orders (${fixtures.editableOrderIds.length} editable), ${fixtures.shareIds.length} package links`,
    );
    printStats('Load', await runMix(cluster, fixtures, SECONDS));
    if (!FAULT) return;

    const version = readdirSync('/etc/postgresql')[0];
    let restart = { from: 0, to: 0 };
    const faultRun = await runMix(cluster, fixtures, FAULT_SECONDS, async (startedAt) => {
      await new Promise((resolve) => setTimeout(resolve, (FAULT_SECONDS * 1000) / 2));
      const from = Date.now() - startedAt;
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version as string, PG_CLUSTER, 'restart']);
      restart = { from, to: Date.now() - startedAt };
    });
    printStats('Load while PostgreSQL restarts', faultRun);
    const failed = faultRun.stats.flatMap((entry) => entry.failedAt).sort((a, b) => a.sentAt - b.sentAt);
    const during = (at: number) => at >= restart.from - REQUEST_TIMEOUT_S * 1000 && at <= restart.to;
    const outside = failed.filter((failure) => !during(failure.sentAt));
    const lastFailure = failed.at(-1);
    const kinds = (list: typeof failed) => {
      const counts = new Map<string, number>();
      for (const failure of list) counts.set(failure.what, (counts.get(failure.what) ?? 0) + 1);
      return [...counts].map(([what, n]) => `${n}× ${what}`).join(', ');
    };
    console.log(
      `\nPostgreSQL restart from ${(restart.from / 1000).toFixed(1)} s to ${(restart.to / 1000).toFixed(1)} s of the run (${restart.to - restart.from} ms)`,
    );
    console.log(`failed requests: ${failed.length} (${kinds(failed)})`);
    const span = (list: typeof failed) =>
      list.length
        ? `sent from ${((list[0]?.sentAt ?? 0) / 1000).toFixed(1)} s to ${((list.at(-1)?.sentAt ?? 0) / 1000).toFixed(1)} s`
        : '';
    console.log(
      `sent outside the restart (from a time-out before it to its end): ${outside.length}${outside.length ? ` (${kinds(outside)}; ${span(outside)})` : ''}`,
    );
    // A process started more than once died during the run (the keeper starts it again, as systemd would).
    console.log(
      `process starts during both runs: ${cluster.processes.map((process) => process.starts()).join(', ')}`,
    );
    // Why a process died: its last words before the keeper started it again.
    for (const process of cluster.processes.filter((each) => each.starts() > 1)) {
      const lines = process
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)|Error|error:/.test(line));
      console.log(`process on port ${process.port}, errors logged (last 5 of ${lines.length}):`);
      for (const line of lines.slice(-5)) console.log(`  ${line.slice(0, 400)}`);
    }
    // What nginx saw: refused connections (a process down) or every process marked failed at once.
    const nginxLines = (await cluster.nginxLog()).split('\n');
    const nginxKinds = new Map<string, number>();
    for (const line of nginxLines) {
      // "… [error] 123#123: *456 connect() failed (111: Connection refused) while connecting to upstream, client: …"
      const kind = /\[(?:error|warn)\] \d+#\d+: \*\d+ ([^,]*)/.exec(line)?.[1];
      if (kind) nginxKinds.set(kind, (nginxKinds.get(kind) ?? 0) + 1);
    }
    console.log(`nginx errors: ${[...nginxKinds].map(([kind, n]) => `${n}× ${kind}`).join('; ') || 'none'}`);
    if (lastFailure !== undefined)
      console.log(
        lastFailure.sentAt > restart.to
          ? `last failed request sent ${((lastFailure.sentAt - restart.to) / 1000).toFixed(1)} s after PostgreSQL was back (${lastFailure.what}); every request sent later succeeded`
          : `last failed request sent ${((restart.to - lastFailure.sentAt) / 1000).toFixed(1)} s before PostgreSQL was back (${lastFailure.what}): every request sent after the restart succeeded`,
      );
    const names = faultRun.acknowledged.map((write) => write.name);
    const { rows } = await cluster.db.query<{ id: string; name: string }>(
      'select id, name from companies where name = any($1)',
      [names],
    );
    const stored = new Map(rows.map((row) => [row.name, Number(row.id)]));
    const missing = faultRun.acknowledged.filter((write) => stored.get(write.name) !== write.id);
    console.log(
      `acknowledged writes: ${faultRun.acknowledged.length}, missing afterwards: ${missing.length}`,
    );
  } finally {
    await cluster.stop();
  }
}

await main();
