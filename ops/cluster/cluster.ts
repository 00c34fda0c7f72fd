/**
 * The cluster suite's set-up (issue 25, docs/deployment.md): three processes of the built server
 * (apps/server/dist/main.js, as systemd runs them) on one PostgreSQL database and one S3-compatible
 * store (s3rver), behind nginx from Debian's packages with the production snippets of ops/nginx. Each
 * process is kept running as systemd's `Restart=always` keeps it: one that dies is started again on its
 * port. The rolling restart is ops/rolling-restart.sh itself, told how this set-up reloads nginx and
 * restarts a process.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { createTeamWithOwner } from '../../apps/server/src/domains/team/team.service';
import type { BlobStorage } from '../../apps/server/src/domains/upload/storage/blob-storage';
import { demoStorage } from '../../apps/server/src/seed/demo-seed';
import { startS3rver } from '../../apps/server/src/test/s3rver';

const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** The PostgreSQL server the suite makes its database on (.ci/run's CI_DATABASE_URL, else the local one). */
const PG_SERVER = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for `probe` to answer something other than undefined; the test's time-out ends a wait for ever. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  everyMs = 100,
): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
};

/** One server process, on its own port and data directory, started again whenever it exits. */
export interface ClusterProcess {
  port: number;
  baseUrl: string;
  /** The running child's pid. */
  pid(): number;
  /** How many times it was started (1 at first). */
  starts(): number;
  /** Everything every run of it printed. */
  output(): string;
  /** Sends a signal to the running child; the keeper starts a new one once it has exited. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves when /storm_api/health/ready answers 200. */
  ready(): Promise<void>;
}

export interface Team {
  id: number;
  ownerMobile: string;
}

export interface Cluster {
  /** nginx, in front of the three. */
  url: string;
  processes: ClusterProcess[];
  teams: Team[];
  /** A connection pool to the cluster's database, for the tests' checks. */
  db: pg.Pool;
  databaseUrl: string;
  /** Keys of objects written to the store so far, in order (s3rver's ObjectCreated events). */
  storedKeys: string[];
  /** Signs the number in on one process (its console SMS driver prints the code); answers bearer headers. */
  signIn(mobile: string, on: ClusterProcess): Promise<Record<string, string>>;
  /** ops/rolling-restart.sh over the three, as production runs it. */
  rollingRestart(): Promise<{ code: number; output: string }>;
  nginxLog(): Promise<string>;
  stop(): Promise<void>;
}

async function waitReady(baseUrl: string) {
  await waitFor(async () => {
    try {
      const res = await fetch(`${baseUrl}/storm_api/health/ready`);
      return res.status === 200 ? true : undefined;
    } catch {
      return undefined;
    }
  });
}

/** What fills the migrated database before the processes start: answers the teams made. */
export type Prepare = (deps: { db: Database; storage: BlobStorage }) => Promise<Team[]>;

/** `count` empty teams, each with its owner (the cluster suite's default). */
export const createTeams =
  (count: number): Prepare =>
  async ({ db }) => {
    const teams: Team[] = [];
    for (let i = 0; i < count; i += 1) {
      const ownerMobile = `1390000${String(1000 + i).padStart(4, '0')}`;
      const created = await createTeamWithOwner(db, {
        name: `集群测试经纪${i + 1}`,
        ownerMobile,
        ownerNickname: `店长${i + 1}`,
      });
      teams.push({ id: created.team.id, ownerMobile });
    }
    return teams;
  };

export async function startCluster(
  options: { prepare?: Prepare; env?: Record<string, string> } = {},
): Promise<Cluster> {
  if (!existsSync(SERVER))
    throw new Error('the cluster suite runs the built server: run `npm run build` first');
  if (!existsSync(NGINX))
    throw new Error(`no nginx at ${NGINX}: apt-get install nginx libnginx-mod-http-brotli-static`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'trackit-cluster-'));

  // One S3-compatible store.
  const s3 = await startS3rver('trackit-cluster');
  const storageEnv = s3.env;
  const storedKeys: string[] = [];
  s3.onObjectCreated((key) => storedKeys.push(key));

  // One PostgreSQL database, migrated, with the teams, before any process starts: the processes then
  // start at the same moment on a database that has work for their daily jobs.
  const dbName = `trackit_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = databaseUrl(dbName);
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
  let teams: Team[];
  try {
    await runMigrations(handle);
    teams = await (options.prepare ?? createTeams(3))({
      db: handle.db,
      storage: demoStorage(loadConfig({ ...process.env, ...storageEnv, DATABASE_URL: url, DATA_DIR: work })),
    });
  } finally {
    await handle.close();
  }
  const db = new pg.Pool({ connectionString: url, max: 4 });

  // Three processes, started at the same moment.
  let stopping = false;
  const ports = [await freePort(), await freePort(), await freePort()];
  const processes = ports.map((port, index) => {
    const dataDir = path.join(work, `process-${index + 1}`);
    let child: ChildProcess;
    let output = '';
    let starts = 0;
    const start = () => {
      starts += 1;
      child = spawn(process.execPath, [SERVER], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          DATABASE_POOL_SIZE: '8',
          TRUST_PROXY: '127.0.0.1',
          SMS_DRIVER: 'console',
          LOG_LEVEL: 'info',
          ...storageEnv,
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void writeFile(path.join(work, `${port}.pid`), String(child.pid));
      child.once('exit', () => {
        // systemd's Restart=always (ops/systemd/trackit@.service), after its RestartSec.
        if (!stopping) setTimeout(start, 200);
      });
    };
    start();
    const baseUrl = `http://127.0.0.1:${port}`;
    const managed: ClusterProcess & { stop(): Promise<void> } = {
      port,
      baseUrl,
      pid: () => child.pid ?? 0,
      starts: () => starts,
      output: () => output,
      kill: (signal) => child.kill(signal),
      ready: () => waitReady(baseUrl),
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
    return managed;
  });
  await Promise.all(processes.map((p) => p.ready()));

  // nginx with the production snippets, in a prefix of its own.
  const prefix = path.join(work, 'nginx');
  await mkdir(path.join(prefix, 'conf/snippets'), { recursive: true });
  await mkdir(path.join(prefix, 'logs'), { recursive: true });
  for (const snippet of ['trackit-locations.conf', 'trackit-assets.conf']) {
    await copyFile(path.join(ROOT, 'ops/nginx', snippet), path.join(prefix, 'conf/snippets', snippet));
  }
  await copyFile('/etc/nginx/mime.types', path.join(prefix, 'conf/mime.types'));
  const upstreamFile = path.join(prefix, 'conf/trackit-upstream.conf');
  await writeFile(
    upstreamFile,
    ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  const nginxPort = await freePort();
  const brotli = existsSync(BROTLI_MODULE);
  await writeFile(
    path.join(prefix, 'conf/nginx.conf'),
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}user root;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  include mime.types;
  default_type application/octet-stream;
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream trackit {
    include trackit-upstream.conf;
    keepalive 32;
    keepalive_timeout 30s;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    set $trackit_apps ${ROOT}/apps;
    include snippets/trackit-locations.conf;
  }
}
`,
  );
  const nginxArgs = ['-p', prefix, '-c', path.join(prefix, 'conf/nginx.conf')];
  if (!brotli) {
    // Without the module, the assets snippet's brotli_static is unknown: drop that one line.
    const assets = path.join(prefix, 'conf/snippets/trackit-assets.conf');
    await writeFile(assets, (await readFile(assets, 'utf8')).replace(/^brotli_static on;\n/m, ''));
  }
  await run(NGINX, [...nginxArgs, '-t']);
  await run(NGINX, nginxArgs);
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await waitReady(nginxUrl);

  return {
    url: nginxUrl,
    processes,
    teams,
    db,
    databaseUrl: url,
    storedKeys,
    async signIn(mobile, on) {
      const before = [...on.output().matchAll(new RegExp(`\\[sms\\] mobile=${mobile} code=`, 'g'))].length;
      const requested = await fetch(`${on.baseUrl}/storm_api/v1/mobile_codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile }),
      });
      const requestedBody = (await requested.json()) as { code: number; message: string };
      if (requestedBody.code !== 0) throw new Error(`mobile code: ${requestedBody.message}`);
      const code = await waitFor(() => {
        const codes = [...on.output().matchAll(new RegExp(`\\[sms\\] mobile=${mobile} code=(\\d{4})`, 'g'))];
        return codes.length > before ? codes.at(-1)?.[1] : undefined;
      });
      const session = await fetch(`${on.baseUrl}/storm_api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, code }),
      });
      const body = (await session.json()) as {
        code: number;
        message: string;
        data: { token: { access_token: string } };
      };
      if (body.code !== 0) throw new Error(`sign-in: ${body.message}`);
      return { authorization: `Bearer ${body.data.token.access_token}` };
    },
    async rollingRestart() {
      return new Promise((resolve) => {
        const script = spawn('bash', [path.join(ROOT, 'ops/rolling-restart.sh')], {
          env: {
            ...process.env,
            TRACKIT_UPSTREAM_FILE: upstreamFile,
            TRACKIT_NGINX: `${NGINX} ${nginxArgs.join(' ')}`,
            TRACKIT_NGINX_PID: `${prefix}/nginx.pid`,
            TRACKIT_RESTART: `pid=$(cat ${work}/{port}.pid); kill -TERM "$pid"; while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done`,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        script.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        script.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        script.once('exit', (code) => resolve({ code: code ?? -1, output }));
      });
    },
    nginxLog: () => readFile(path.join(prefix, 'logs/error.log'), 'utf8'),
    async stop() {
      stopping = true;
      await run(NGINX, [...nginxArgs, '-s', 'quit']).catch(() => undefined);
      await Promise.all(processes.map((p) => p.stop()));
      await db.end();
      await s3.close();
      const cleanup = new pg.Client({ connectionString: PG_SERVER });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
      await rm(work, { recursive: true, force: true });
    },
  };
}
