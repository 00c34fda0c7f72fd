import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import { BackupError } from './backup-error';
import {
  appVersion,
  COUNTED_TABLES,
  countRecords,
  DUMP_FILES,
  FILES_FOLDER,
  knownMigrations,
  lastMigration,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  manifestSchema,
  type RunQuery,
} from './manifest';
import { pgDump, pgRestore } from './pg-tools';

export { BackupError } from './backup-error';

/** Where a restore puts the database: a PostgreSQL database, or PGlite's data directory. */
export type RestoreTarget = { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir: string };

type Log = (line: string) => void;

/** Size and digests of what went through, counted on the way (nothing is held in memory). */
interface Digest {
  size: number;
  sha256: string;
  md5: string;
}

async function digestOf(source: Readable, target: Writable): Promise<Digest> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  await pipeline(
    source,
    async function* hash(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        sha256.update(chunk);
        md5.update(chunk);
        yield chunk;
      }
    },
    target,
  );
  return { size, sha256: sha256.digest('hex'), md5: md5.digest('base64') };
}

/** A sink that drops what it gets, to digest a file without writing it anywhere. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** `files/<key>` inside the backup, refusing a key that would climb out of it. */
function fileInBackup(dir: string, key: string): string {
  const folder = path.join(dir, FILES_FOLDER);
  const file = path.resolve(folder, key);
  if (!file.startsWith(`${folder}${path.sep}`))
    throw new BackupError(`存储中的对象名无法作为文件保存：${key}`);
  return file;
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}

const handleQuery =
  (handle: DatabaseHandle): RunQuery =>
  async (text) =>
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

const clientQuery =
  (client: pg.Client): RunQuery =>
  async (text) =>
    (await client.query(text)).rows as Record<string, unknown>[];

async function serverMajor(query: RunQuery): Promise<number> {
  const [row] = await query('show server_version_num');
  return Math.floor(Number(row?.server_version_num) / 10_000);
}

/**
 * Dumps the database into `file` and answers what the manifest says of it. On PostgreSQL the counts,
 * the migration and pg_dump read one exported snapshot, so they agree while the server keeps writing.
 */
async function dumpDatabase(
  database: DatabaseHandle,
  file: string,
): Promise<{ counts: Record<string, number>; migration: { tag: string; when: number } }> {
  if (database.driver === 'pglite') {
    if (!database.dumpSnapshot) throw new Error('PGlite handle without dumps');
    const counts = await countRecords(handleQuery(database));
    const migration = await lastMigration(handleQuery(database));
    const tarball = await database.dumpSnapshot('gzip');
    await pipeline(Readable.fromWeb(tarball.stream() as never), createWriteStream(file, { flags: 'wx' }));
    return { counts, migration };
  }
  if (!database.url) throw new Error('PostgreSQL handle without its URL');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const query = clientQuery(client);
    await query('begin isolation level repeatable read read only');
    const [row] = await query('select pg_export_snapshot() as snapshot');
    const counts = await countRecords(query);
    const migration = await lastMigration(query);
    await pgDump({
      url: database.url,
      serverMajor: await serverMajor(query),
      file,
      snapshot: String(row?.snapshot),
    });
    await query('commit');
    return { counts, migration };
  } finally {
    await client.end();
  }
}

/**
 * Backs up the database and every object of the store into `dir`, which must be empty or absent:
 * the dump, the objects under `files/<key>` (streamed), then `manifest.json`, written last, so a
 * backup without a manifest is an unfinished one. On failure what was written is removed.
 */
export async function createBackup(
  dir: string,
  options: { database: DatabaseHandle; storage: BlobStorage; buildVersion: string; log?: Log },
): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  if (!(await isEmptyFolder(dir))) throw new BackupError(`备份目录不是空的：${dir}（请指定一个新目录）`);
  await mkdir(dir, { recursive: true });
  const dumpName = DUMP_FILES[options.database.driver];
  try {
    const dumpFile = path.join(dir, dumpName);
    log(`database (${options.database.driver}) → ${dumpName}`);
    const { counts, migration } = await dumpDatabase(options.database, dumpFile);
    const dump = await digestOf(createReadStream(dumpFile), discard());

    const files: Manifest['files'] = [];
    for await (const object of options.storage.list()) {
      const target = fileInBackup(dir, object.key);
      await mkdir(path.dirname(target), { recursive: true });
      const stored = options.storage.driver === 's3' ? await options.storage.stat(object.key) : null;
      const digest = await digestOf(
        await options.storage.read(object.key),
        createWriteStream(target, { flags: 'wx' }),
      );
      files.push({
        key: object.key,
        size: digest.size,
        sha256: digest.sha256,
        ...(stored?.contentType ? { content_type: stored.contentType } : {}),
      });
    }
    log(`files: ${files.length}`);

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      app: 'trackit',
      version: appVersion(options.buildVersion),
      migration,
      driver: options.database.driver,
      storage: options.storage.driver,
      created_at: new Date().toISOString(),
      database: { file: dumpName, size: dump.size, sha256: dump.sha256 },
      counts,
      files,
    };
    const partial = path.join(dir, `${MANIFEST_FILE}.partial`);
    await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, path.join(dir, MANIFEST_FILE));
    return manifest;
  } catch (error) {
    // The folder was empty: everything in it is this backup's.
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      await rm(path.join(dir, name), { recursive: true, force: true });
    }
    if (error instanceof BackupError) throw error;
    throw new BackupError(`备份失败，已删除未完成的备份：${(error as Error).message}`);
  }
}

/** The manifest of a backup, checked against its schema and against this build's migrations. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} 中没有 ${MANIFEST_FILE}：不是备份目录，或备份没有完成`);
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new BackupError(`${MANIFEST_FILE} 格式不对，无法恢复：${parsed.error.issues[0]?.message}`);
  const manifest = parsed.data;
  if (!(await knownMigrations()).some((migration) => migration.tag === manifest.migration.tag)) {
    throw new BackupError(
      `备份的数据库迁移（${manifest.migration.tag}）比本版本新：请用 ${manifest.version} 或更新的版本恢复`,
    );
  }
  return manifest;
}

/**
 * Checks every file of the backup against the manifest (size and SHA-256) and answers each object's
 * MD5, which the store checks the restored bytes against.
 */
async function verifyBackup(dir: string, manifest: Manifest): Promise<Map<string, string>> {
  const bad: string[] = [];
  const digestOrNull = (file: string) => digestOf(createReadStream(file), discard()).catch(() => null);
  const dump = await digestOrNull(path.join(dir, manifest.database.file));
  if (dump?.sha256 !== manifest.database.sha256 || dump.size !== manifest.database.size) {
    bad.push(manifest.database.file);
  }
  const md5s = new Map<string, string>();
  for (const file of manifest.files) {
    const digest = await digestOrNull(fileInBackup(dir, file.key));
    if (digest?.sha256 !== file.sha256 || digest.size !== file.size) bad.push(`${FILES_FOLDER}/${file.key}`);
    else md5s.set(file.key, digest.md5);
  }
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).join('、');
    throw new BackupError(
      `备份已损坏，未做任何恢复：${bad.length} 个文件缺失或校验和不符（${shown}${bad.length > 5 ? ' 等' : ''}）`,
    );
  }
  return md5s;
}

/** Whether the target database holds nothing: no table at all in PostgreSQL, no data directory for PGlite. */
async function isEmptyDatabase(target: RestoreTarget): Promise<boolean> {
  if (target.driver === 'pglite') return isEmptyFolder(target.dataDir);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const [row] = await clientQuery(client)(
      "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(row?.n) === 0;
  } finally {
    await client.end();
  }
}

/** Runs `use` on the restored database, opened only for it. */
async function withTarget<T>(target: RestoreTarget, use: (query: RunQuery) => Promise<T>): Promise<T> {
  if (target.driver === 'pglite') {
    const handle = await openDatabase({ driver: 'pglite', dataDir: target.dataDir });
    try {
      return await use(handleQuery(handle));
    } finally {
      await handle.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await use(clientQuery(client));
  } finally {
    await client.end();
  }
}

const cleanDatabaseHint = (target: RestoreTarget) =>
  target.driver === 'pglite'
    ? `删除数据目录 ${target.dataDir}`
    : '删除并重新创建 DATABASE_URL 指向的数据库（DROP DATABASE / CREATE DATABASE）';

/**
 * Restores a backup into an empty database and an empty store. Nothing is written before every
 * checksum holds and both are found empty; the database goes in whole or not at all (one transaction
 * on PostgreSQL; PGlite's new data directory is removed on failure); a failure later says what to clean.
 * Answers the counts of the restored database, which must equal the manifest's.
 */
export async function restoreBackup(
  dir: string,
  options: { target: RestoreTarget; storage: BlobStorage; log?: Log },
): Promise<{ manifest: Manifest; counts: Record<string, number> }> {
  const log = options.log ?? (() => undefined);
  const { target, storage } = options;
  const manifest = await readManifest(dir);
  if (manifest.driver !== target.driver) {
    const name = { pglite: '内置数据库（PGlite）', postgres: 'PostgreSQL' };
    throw new BackupError(
      `这是 ${name[manifest.driver]} 的备份，不能恢复到 ${name[target.driver]}：请按备份时的数据库配置恢复`,
    );
  }
  log(`checking ${manifest.files.length + 1} checksums`);
  const md5s = await verifyBackup(dir, manifest);
  if (!(await isEmptyDatabase(target))) {
    throw new BackupError(
      `目标数据库不是空的，未做任何恢复：恢复只写入空数据库（${target.driver === 'pglite' ? `数据目录 ${target.dataDir} 已有内容` : '已有数据表'}）`,
    );
  }
  for await (const object of storage.list()) {
    throw new BackupError(`目标存储不是空的（已有 ${object.key} 等对象），未做任何恢复：恢复只写入空存储`);
  }

  const dumpFile = path.join(dir, manifest.database.file);
  log(`database (${target.driver}) ← ${manifest.database.file}`);
  try {
    if (target.driver === 'pglite') {
      await mkdir(target.dataDir, { recursive: true });
      const handle = await openDatabase({
        driver: 'pglite',
        dataDir: target.dataDir,
        loadDataDir: new Blob([await readFile(dumpFile)]),
      });
      await handle.close();
    } else {
      const major = await withTarget(target, serverMajor);
      await pgRestore({ url: target.url, serverMajor: major, file: dumpFile });
    }
  } catch (error) {
    if (target.driver === 'pglite') await rm(target.dataDir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`数据库恢复失败，目标数据库未写入任何数据：${reason}`);
  }

  let written = 0;
  try {
    for (const file of manifest.files) {
      await storage.write(file.key, createReadStream(fileInBackup(dir, file.key)), {
        byteSize: file.size,
        checksum: md5s.get(file.key) ?? '',
        contentType: file.content_type ?? 'application/octet-stream',
      });
      written += 1;
    }
  } catch (error) {
    throw new BackupError(
      `文件恢复失败（已写入 ${written}/${manifest.files.length} 个）：${(error as Error).message}。数据库已恢复但不完整，请${cleanDatabaseHint(target)}，并清空存储（${storage.driver === 's3' ? '存储桶中的全部对象' : 'DATA_DIR/files'}）后重新恢复`,
    );
  }
  log(`files: ${written}`);

  const counts = await withTarget(target, countRecords);
  const differing = COUNTED_TABLES.filter((table) => counts[table] !== manifest.counts[table]);
  if (differing.length > 0) {
    throw new BackupError(
      `恢复后的记录数与备份清单不符（${differing.map((table) => `${table}: ${counts[table]} ≠ ${manifest.counts[table]}`).join('，')}）：请${cleanDatabaseHint(target)}并清空存储后重新恢复`,
    );
  }
  return { manifest, counts };
}

/** Whether PGlite's data directory is open in a process (its postmaster.pid is there while it is). */
export async function pgliteInUse(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, 'postmaster.pid')).then(
    () => true,
    () => false,
  );
}
