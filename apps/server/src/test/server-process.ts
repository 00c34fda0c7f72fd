import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Envelope } from '@trackit/contract/envelope';
import { inject } from 'vitest';
import { openDatabase, pgliteDataDir } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createTeamWithOwner } from '../domains/team/team.service';
import { DEMO_AGENCY_NAME, DEMO_MOBILES } from '../seed/demo-seed';
import { pollUntil } from './poll';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/**
 * The server as production runs it (src/main.ts, signals, exit code), in a child process over an
 * embedded database in a fresh DATA_DIR. For what only a whole process shows: memory, shutdown.
 */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Bearer headers of the demo agency's owner, signed in with the code the console SMS driver printed. */
  signIn(): Promise<Record<string, string>>;
  /** JSON request; answers the status, headers and envelope. */
  api<T>(
    method: string,
    url: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: Envelope<T> }>;
  /** Peak resident memory in bytes (VmHWM) since start or the last resetPeakMemory(). */
  peakMemory(): Promise<number>;
  resetPeakMemory(): Promise<void>;
  /** SIGTERM (unless already exited), then removes the data directory. */
  stop(): Promise<void>;
}

/**
 * Fills DATA_DIR with a migrated embedded database holding the demo owner's team and nothing else: the
 * server then skips initdb (seconds, from the suite's snapshot on a PGlite run) and the demo seed (tens of
 * seconds on a busy machine), which only an empty database gets. The child always runs on its own
 * embedded database, whatever the suite's driver.
 */
async function prepareDataDir(dataDir: string) {
  const target = inject('testDatabase');
  const handle = await openDatabase({
    driver: 'pglite',
    dataDir: pgliteDataDir(dataDir),
    ...(target.driver === 'pglite' ? { loadDataDir: new Blob([await readFile(target.snapshotPath)]) } : {}),
  });
  try {
    if (target.driver !== 'pglite') await runMigrations(handle);
    await createTeamWithOwner(handle.db, {
      name: DEMO_AGENCY_NAME,
      ownerMobile: DEMO_MOBILES.owner,
      ownerNickname: '林晓',
    });
  } finally {
    await handle.close();
  }
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-process-'));
  await prepareDataDir(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      SMS_DRIVER: 'console',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid;
  if (pid === undefined) throw new Error('server process did not start');

  // Fastify logs the address it listens on (PORT=0 picks a free one).
  const origin = await pollUntil(() => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  });

  const api: ServerProcess['api'] = async (method, url, options = {}) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const status = () => readFile(`/proc/${pid}/status`, 'utf8');

  return {
    baseUrl: origin,
    pid,
    dataDir,
    child,
    exited,
    output: () => output,
    api,
    async signIn() {
      const mobile = DEMO_MOBILES.owner;
      const requested = await api('POST', '/storm_api/v1/mobile_codes', { body: { mobile } });
      if (requested.body.code !== 0) throw new Error(`mobile code: ${requested.body.message}`);
      const code = await pollUntil(
        () => new RegExp(`\\[sms\\] mobile=${mobile} code=(\\d{4})`).exec(output)?.[1],
      );
      const session = await api<{ token: { access_token: string } }>('POST', '/storm_api/v1/sessions', {
        body: { mobile, code },
      });
      if (session.body.code !== 0) throw new Error(`sign-in: ${session.body.message}`);
      return { authorization: `Bearer ${session.body.data.token.access_token}` };
    },
    async peakMemory() {
      const kb = /VmHWM:\s+(\d+) kB/.exec(await status())?.[1];
      if (!kb) throw new Error('no VmHWM in /proc status');
      return Number(kb) * 1024;
    },
    async resetPeakMemory() {
      // Linux: writing 5 to clear_refs resets the peak resident set size to the current one.
      await writeFile(`/proc/${pid}/clear_refs`, '5');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A body of `size` bytes that never sits whole in memory: a 1 MiB block of arbitrary bytes repeated
 * (the first bytes are no known image signature), with its MD5, to announce and PUT large uploads.
 */
export function repeatedBody(size: number) {
  const block = Buffer.alloc(1 << 20);
  for (let i = 0; i < block.length; i += 1) block[i] = (i * 2654435761) >>> 24;
  block.write('not an image: ', 0);
  function* chunks() {
    for (let sent = 0; sent < size; sent += block.length)
      yield block.subarray(0, Math.min(block.length, size - sent));
  }
  const md5 = createHash('md5');
  for (const chunk of chunks()) md5.update(chunk);
  return { size, checksum: md5.digest('base64'), stream: () => Readable.from(chunks()) };
}

/** PUTs a stream with its length (fetch would send it chunked), and answers the status. */
export function putStream(
  url: string,
  headers: Record<string, string>,
  body: Readable,
  length: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(length) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    body.pipe(request);
  });
}
