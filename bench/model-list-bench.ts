/**
 * The model list on 100,000 models of one team: for each filter, p50/p99 of the API (8 requests at a
 * time, to a server in its own process, signed in as an agent) beside the same SQL run directly (the
 * repository's query, 8 at a time, no HTTP), with the CPU each used per call. Prints figures; asserts
 * nothing. BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_EXPLAIN=1, BENCH_CPU_PROF=<dir>: docs/benchmarks.md.
 *
 *   npm run bench:models                                                  # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432 npm run bench:models  # a scratch database on that server
 */

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { businessDate } from '@trackit/contract/business-time';
import { GENDERS, SIZES } from '@trackit/contract/enums';
import { parseRange } from '@trackit/contract/model.schema';
import { birthdayBounds, yearsBefore } from '@trackit/contract/model-age';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { models } from '../apps/server/src/domains/model/model.tables';
import {
  listModels,
  type ModelListFilter,
  modelListQueries,
} from '../apps/server/src/domains/model/model-list.repository';
import { namePinyin } from '../apps/server/src/domains/model/model-pinyin';
import {
  memberships,
  rolePermissions,
  roles,
} from '../apps/server/src/domains/organization/organization.tables';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { users } from '../apps/server/src/domains/user/user.tables';
import {
  BROWSER_ACCEPT_ENCODING,
  BENCH_GIVEN_NAMES as GIVEN,
  openScratchDatabase,
  type ScratchDatabase,
  BENCH_SURNAMES as SURNAMES,
  startServerProcess,
  timeConcurrently,
  timeWithCpu,
} from './bench-kit';

const MODELS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Untimed calls first, so the first line does not carry the server's warm-up (JIT, caches, pool). */
const WARM_UP = 100;

const TAGS = ['时装', '广告', '泳装', '运动', '美妆', '走秀', '平面', '影视', '网拍', '高定'];
const CITIES = ['上海', '北京', '广州', '深圳', '杭州', '成都'];

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

/** The CPU this process has used so far (with PGlite, the database's too: it runs in this process). */
const ownCpuMillis = async () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** p50 / p99 of `run`, CONCURRENCY at a time, and the CPU `cpuMillis` counted per call (warm-up left out). */
async function timed(run: () => Promise<void>, cpuMillis: () => Promise<number>) {
  const { at, cpuPerCall } = await timeWithCpu(run, {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    warmUp: WARM_UP,
    cpuMillis,
  });
  return `p50 ${at(0.5).toFixed(1).padStart(6)} ms  p99 ${at(0.99).toFixed(1).padStart(6)} ms  cpu ${cpuPerCall.toFixed(2)} ms`;
}

async function seed(handle: DatabaseHandle, teamId: number) {
  const next = random();
  const today = businessDate(new Date());
  const pinyinOf = new Map<string, { full: string; initials: string }>();
  const rows: (typeof models.$inferInsert)[] = [];
  const at = Date.now();
  for (let i = 0; i < MODELS; i += 1) {
    const name = `${SURNAMES[next(SURNAMES.length)]}${GIVEN[next(GIVEN.length)]}${next(3) ? (GIVEN[next(GIVEN.length)] ?? '') : ''}`;
    let pinyin = pinyinOf.get(name);
    if (!pinyin) {
      pinyin = namePinyin(name);
      pinyinOf.set(name, pinyin);
    }
    const birthday = yearsBefore(today, 16 + next(30));
    rows.push({
      teamId,
      name,
      pinyinFull: pinyin.full,
      pinyinInitials: pinyin.initials,
      gender: GENDERS[next(2)] ?? 'female',
      birthday: `${birthday.slice(0, 5)}${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`,
      city: CITIES[next(CITIES.length)] ?? null,
      height: 155 + next(46),
      weight: 40 + next(40),
      clothingSize: SIZES[next(SIZES.length)] ?? null,
      tags: Array.from({ length: next(4) }, () => TAGS[next(TAGS.length)] ?? '时装').filter(
        (tag, index, all) => all.indexOf(tag) === index,
      ),
      mobile: `15${String(i).padStart(9, '0')}`,
      createdAt: new Date(at - i * 60_000),
      updatedAt: new Date(at - i * 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 2000) await handle.db.insert(models).values(rows.slice(i, i + 2000));
}

/** The query with its parameters written in, for EXPLAIN (bench data only: numbers and plain text). */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value)) return `array[${value.map((item) => `'${String(item)}'`).join(',')}]::text[]`;
    return `'${String(value).replaceAll("'", "''")}'`;
  });

/** Who browses the list: an agent whose role reads models, not the owner (who holds every key without a query). */
const AGENT_MOBILE = '13600000001';

async function addAgent(handle: DatabaseHandle, teamId: number) {
  const [user] = await handle.db.insert(users).values({ mobile: AGENT_MOBILE }).returning();
  const [role] = await handle.db.insert(roles).values({ teamId, name: '经纪人' }).returning();
  if (!user || !role) throw new Error('agent not created');
  await handle.db
    .insert(rolePermissions)
    .values({ roleId: role.id, permissionKey: 'data_management', level: 'read' });
  await handle.db
    .insert(memberships)
    .values({ teamId, userId: user.id, roleId: role.id, nickname: '经纪人', baseColor: '#1677ff' });
}

interface ListCase {
  label: string;
  query: string;
  filter: ModelListFilter;
  page: number;
}

function listCases(): ListCase[] {
  const today = businessDate(new Date());
  const ranges = (...values: string[]) => values.map((value) => parseRange(value) ?? {});
  return [
    { label: 'no filter, page 1', query: '', filter: {}, page: 1 },
    {
      label: 'height + age ranges',
      query: 'height=168-173&height=174-179&age=18-21&age=22-25',
      filter: {
        height: ranges('168-173', '174-179'),
        birthday: ranges('18-21', '22-25').map((range) => birthdayBounds(today, range)),
      },
      page: 1,
    },
    { label: 'pinyin keyword "lxy"', query: 'keyword=lxy', filter: { keyword: 'lxy' }, page: 1 },
    { label: 'tags 泳装', query: `tags=${encodeURIComponent('泳装')}`, filter: { tags: ['泳装'] }, page: 1 },
    { label: 'no filter, page 2000', query: 'page=2000', filter: {}, page: 2000 },
  ];
}

/** Every case through the API of a server in its own process (its CPU per call); the totals and encoded sizes. */
async function timeApi(scratch: ScratchDatabase, dataDir: string, cases: ListCase[]) {
  await scratch.release();
  const server = await startServerProcess({ ...scratch.serverEnv, DATA_DIR: dataDir }, AGENT_MOBILE);
  try {
    const answers = cases.map(() => ({ total: '', bytes: '' }));
    const calls = cases.map(({ label, query }, index) => async () => {
      const res = await fetch(`${server.base}/models?per_page=20&${query}`, {
        headers: { ...server.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== 0) throw new Error(`${label}: code ${body.code}`);
      answers[index] = {
        total: res.headers.get('x-total') ?? '',
        bytes: `${res.headers.get('content-encoding') ?? 'identity'} ${res.headers.get('content-length') ?? 'chunked'}`,
      };
    });
    // Every case once before any is timed: the first line must not carry the JIT's warm-up.
    for (const call of calls) await timeConcurrently(call, { requests: WARM_UP, concurrency: CONCURRENCY });
    const figures: { api: string; total: string; bytes: string }[] = [];
    for (const [index, call] of calls.entries()) {
      const api = await timed(call, server.cpuMillis);
      figures.push({ api, ...(answers[index] ?? { total: '', bytes: '' }) });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

async function explain(handle: DatabaseHandle, teamId: number, { filter, page }: ListCase) {
  const queries = modelListQueries(handle.db, teamId, filter, { limit: 20, offset: (page - 1) * 20 });
  for (const query of [queries.rows, queries.total]) {
    const { sql: text, params } = query.toSQL();
    const plan = (await handle.db.execute(
      sql.raw(`explain (analyze) ${inline(text, params)}`),
    )) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-bench-'));
  const scratch = await openScratchDatabase({ dataDir });
  try {
    await runMigrations(scratch.handle);
    const { team } = await createTeamWithOwner(scratch.handle.db, {
      name: '压测团队',
      ownerMobile: '13600000000',
      ownerNickname: '压测',
    });
    await addAgent(scratch.handle, team.id);
    const seeded = performance.now();
    await seed(scratch.handle, team.id);
    const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1);
    // Steady state: PostgreSQL's autovacuum would have done this after a bulk load (PGlite runs none).
    await scratch.handle.db.execute(sql`vacuum analyze models`);
    const driver = scratch.handle.driver;

    const cases = listCases();
    // The API first, its server alone with the database; then the same SQL from this process, the
    // server stopped (PGlite's directory opens in one process at a time).
    const apiFigures = await timeApi(scratch, dataDir, cases);
    const handle = await scratch.reopen();
    console.log(
      `Model list on ${driver}: ${MODELS} models in one team (seeded in ${seedSeconds} s); ` +
        `${REQUESTS} calls per line, ${CONCURRENCY} at a time; server in its own process`,
    );
    for (const [index, listCase] of cases.entries()) {
      const { filter, page, label } = listCase;
      const direct = await timed(async () => {
        await listModels(handle.db, team.id, filter, { limit: 20, offset: (page - 1) * 20 });
      }, ownCpuMillis);
      const { api, total, bytes } = apiFigures[index] ?? { api: '', total: '', bytes: '' };
      console.log(`${label.padEnd(24)} API ${api}   SQL ${direct}   x-total ${total}   ${bytes} bytes`);
      if (process.env.BENCH_EXPLAIN) await explain(handle, team.id, listCase);
    }
  } finally {
    await scratch.handle.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
