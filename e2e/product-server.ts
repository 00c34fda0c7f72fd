import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A TCP port nothing listens on now (the product server's, a browser's debugging port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/storm_api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

export interface ProductServer {
  baseUrl: string;
  /** The server's standard output and error (SMS codes of the console driver, logs). */
  logFile: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The built product (built first when needed) listening on a free local port over a fresh embedded
 * database; `prepare` may fill the data directory before the server opens it. Used by the browser
 * journeys and the benchmarks.
 */
export async function startProductServer(
  prepare?: (dataDir: string) => Promise<void>,
): Promise<ProductServer> {
  const built = ['admin', 'share-mobile', 'share-desktop'].every((app) =>
    existsSync(path.join(root, 'apps', app, 'dist', 'index.html')),
  );
  if (!built || !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    // A production build whoever asks: under Vitest NODE_ENV is `test`, which would build React and antd's
    // development code (its console warnings fail the journeys' error watch).
    execFileSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-product-'));
  await prepare?.(dataDir);
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // Every journey, staff and the clients they share with alike, comes from 127.0.0.1: one address
      // would pass the share pages' 300 calls a minute (the limit has its own tests: share-guard, cluster).
      SHARE_RATE_LIMIT_PER_MINUTE: '100000',
      // Sign-ins through the API name their member's own address (e2e/session.ts), as behind nginx.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  return {
    baseUrl,
    logFile,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
