import { execFile, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './backup-error';

const run = promisify(execFile);

/** Debian keeps each major version's client tools under /usr/lib/postgresql/<major>/bin. */
const DEBIAN_PG_FOLDER = '/usr/lib/postgresql';

export type PgTool = 'pg_dump' | 'pg_restore';

async function majorOf(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout) ?? /(\d+)(?:\.\d+)+/.exec(stdout);
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The newest `pg_dump` / `pg_restore` on this machine (PATH, then Debian's per-version folders), which
 * must be at least the server's major version: pg_dump refuses a newer server.
 */
export async function findPgTool(tool: PgTool, serverMajor: number): Promise<string> {
  const versions = await readdir(DEBIAN_PG_FOLDER).catch(() => [] as string[]);
  const candidates = [tool, ...versions.map((version) => path.join(DEBIAN_PG_FOLDER, version, 'bin', tool))];
  let best: { binary: string; major: number } | null = null;
  for (const binary of candidates) {
    const major = await majorOf(binary);
    if (major !== null && (!best || major > best.major)) best = { binary, major };
  }
  if (!best) {
    throw new BackupError(
      `找不到 ${tool}：请安装 PostgreSQL ${serverMajor} 或更新版本的客户端工具（如 apt-get install postgresql-client-${serverMajor}），并放在 PATH 上`,
    );
  }
  if (best.major < serverMajor) {
    throw new BackupError(
      `${tool} 的版本（${best.major}）比数据库服务器（${serverMajor}）旧，无法使用：请安装 PostgreSQL ${serverMajor} 或更新版本的客户端工具`,
    );
  }
  return best.binary;
}

/**
 * The URL without its password, and the environment that passes the password instead: a password on
 * the command line would show in the process list.
 */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a client tool; its error output is the message when it fails. */
function runTool(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (errors.length < 8000) errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(binary)} 失败（退出码 ${code}）：${errors.trim()}`));
    });
  });
}

/** pg_dump in its custom format, of the given exported snapshot (so the manifest's counts match it). */
export async function pgDump(options: {
  url: string;
  serverMajor: number;
  file: string;
  snapshot?: string;
}): Promise<void> {
  const binary = await findPgTool('pg_dump', options.serverMajor);
  const { url, env } = connection(options.url);
  const args = ['--format=custom', `--file=${options.file}`];
  if (options.snapshot) args.push(`--snapshot=${options.snapshot}`);
  await runTool(binary, [...args, `--dbname=${url}`], env);
}

/**
 * pg_restore in one transaction: on any error nothing is left in the database. Owners and grants are
 * not restored: the objects belong to the user of DATABASE_URL, as the server's migrations make them.
 */
export async function pgRestore(options: { url: string; serverMajor: number; file: string }): Promise<void> {
  const binary = await findPgTool('pg_restore', options.serverMajor);
  const { url, env } = connection(options.url);
  await runTool(
    binary,
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', `--dbname=${url}`, options.file],
    env,
  );
}
