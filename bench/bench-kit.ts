/**
 * What the API benches share: a scratch database (PGlite, or a fresh database on the PostgreSQL server
 * DATABASE_URL names, dropped after), the real server on it with one member signed in (in this process,
 * or as production runs it in a child process), and timing of a request run several at a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase, pgliteDataDir } from '../apps/server/src/db/client';

export interface ScratchDatabase {
  handle: DatabaseHandle;
  /** What a server process needs in its environment to serve this database with `dataDir` as DATA_DIR. */
  serverEnv: Record<string, string>;
  /**
   * Closes the bench's handle when only one process may hold the database (PGlite's directory), so a
   * server process can open it; `reopen` gives the bench a handle again once that process has stopped.
   */
  release(): Promise<void>;
  reopen(): Promise<DatabaseHandle>;
  /** Closes the bench's handle unless `release` already has (PGlite's cannot close twice). */
  close(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database a bench kept (BENCH_KEEP) opened again to time a change without seeding anew;
 * never dropped.
 */
export async function openKeptDatabase(
  url: string,
  options: { dataDir?: string } = {},
): Promise<ScratchDatabase> {
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 10 });
  return {
    handle,
    serverEnv: { DATABASE_URL: url, ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}) },
    release: async () => {},
    reopen: async () => handle,
    close: () => handle.close(),
    drop: async () => {},
  };
}

/**
 * With `dataDir`, PGlite keeps its files where a server process with that DATA_DIR finds them;
 * without it, PGlite stays in memory (a server in this process only).
 */
export async function openScratchDatabase(options: { dataDir?: string } = {}): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = options.dataDir;
  if (!serverUrl) {
    const open = () =>
      openDatabase({ driver: 'pglite', ...(dataDir ? { dataDir: pgliteDataDir(dataDir) } : {}) });
    let held = true;
    const scratch: ScratchDatabase = {
      handle: await open(),
      serverEnv: { DATABASE_URL: '', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
      release: async () => {
        held = false;
        await scratch.handle.close();
      },
      reopen: async () => {
        scratch.handle = await open();
        held = true;
        return scratch.handle;
      },
      close: async () => {
        if (held) await scratch.release();
      },
      drop: async () => {},
    };
    return scratch;
  }
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
    serverEnv: { DATABASE_URL: url.toString(), ...(dataDir ? { DATA_DIR: dataDir } : {}) },
    // PostgreSQL takes any number of clients: the bench keeps its pool open.
    release: async () => {},
    reopen: async () => handle,
    close: () => handle.close(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Signs `mobile` in through the real code and session endpoints; `codeSent` reads the code the SMS driver got. */
async function signIn(base: string, mobile: string, codeSent: () => string | undefined) {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/mobile_codes', { mobile });
  let code = codeSent();
  for (let tries = 0; !code && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    code = codeSent();
  }
  const session = (await (await post('/sessions', { mobile, code })).json()) as {
    data: { token: { access_token: string } };
  };
  return { authorization: `Bearer ${session.data.token.access_token}` };
}

/**
 * The server on the database, in this process, listening on a free port, with `mobile` (a member
 * already) signed in. `base` ends in /storm_api/v1. Only bench:import still uses it: it times a few
 * long calls, which a load generator on the same event loop barely skews; timed request rates need
 * startServerProcess.
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
  const headers = await signIn(base, mobile, () => sent[0]);
  return { app, base, headers };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves once the server answers its health check; throws if it exits or takes over a minute. */
async function whenListening(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output()}`);
    try {
      if ((await fetch(`${origin}/storm_api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU time (user + system, all threads) a process has used, from /proc (Linux; 100 ticks a second). */
async function processCpuMillis(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The server as production runs it (src/main.ts through tsx, NODE_ENV production) in a child process,
 * so the bench's own requests and JSON parsing do not share its event loop. `env` names the database
 * (ScratchDatabase.serverEnv); with PGlite the bench must have released its handle first. Logs only
 * warnings, like the in-process server logged nothing. BENCH_CPU_PROF=<dir> writes the server's CPU
 * profile there when it stops.
 */
export async function startServerProcess(env: Record<string, string>, mobile: string) {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SMS_DRIVER: 'console',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const origin = `http://127.0.0.1:${port}`;
    await whenListening(origin, child, () => output);
    const base = `${origin}/storm_api/v1`;
    const codeLine = new RegExp(`\\[sms\\] mobile=${mobile} code=(\\d+)`);
    const headers = await signIn(base, mobile, () => codeLine.exec(output)?.[1]);
    const pid = child.pid ?? 0;
    return { base, headers, cpuMillis: () => processCpuMillis(pid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What a browser asks for (Chrome, Firefox); Node's fetch alone would ask only gzip and deflate. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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

/**
 * timeConcurrently after `warmUp` untimed calls (so the figures do not carry the JIT's warm-up, caches
 * or the pool filling), with the CPU `cpuMillis` counts per timed call.
 */
export async function timeWithCpu(
  run: () => Promise<void>,
  options: { requests: number; concurrency: number; warmUp: number; cpuMillis: () => Promise<number> },
) {
  const { requests, concurrency, warmUp, cpuMillis } = options;
  await timeConcurrently(run, { requests: warmUp, concurrency });
  const cpuBefore = await cpuMillis();
  const timing = await timeConcurrently(run, { requests, concurrency });
  return { ...timing, cpuPerCall: ((await cpuMillis()) - cpuBefore) / requests };
}

/** Common Chinese surnames and given-name characters, for the names of generated models. */
export const BENCH_SURNAMES = [
  '刘',
  '王',
  '李',
  '张',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
export const BENCH_GIVEN_NAMES = [
  '晓',
  '阳',
  '娜',
  '芳',
  '婷',
  '雪',
  '琳',
  '欣',
  '怡',
  '静',
  '宇',
  '浩',
  '杰',
  '涛',
  '明',
  '丽',
];
