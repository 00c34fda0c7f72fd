import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { SESSION_POLICY } from '../domains/session/session.policy';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import { createDiskStorage } from '../domains/upload/storage/disk-storage';
import { createS3Storage } from '../domains/upload/storage/s3-storage';
import { DEMO_MOBILES, demoStorage, seedDemo } from '../seed/demo-seed';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signIn } from '../test/factories';
import { startS3rver } from '../test/s3rver';
import { createTestDatabase } from '../test/test-database';
import { createBackup, type RestoreTarget, restoreBackup } from './backup';
import type { Manifest } from './manifest';

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

/**
 * What the demo checks look at: counts through the API, a stored file's bytes, a package's share page.
 * (Not the orders: the restored server's first daily run renews a licence into a new draft order.)
 */
async function demoView(t: TestApp) {
  const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
  const total = async (url: string) =>
    (await t.request('GET', `/storm_api/v1/${url}`, { headers })).headers.get('x-total');
  const [book] = (
    await t.request<{ id: number }[]>('GET', '/storm_api/v1/folders?kind=book&per_page=1', { headers })
  ).body.data;
  const files = await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${book?.id}/files`, { headers });
  const file = files.body.data[0];
  if (!file) throw new Error('the demo book has no file');
  // A signed address: the server's own (disk) or the bucket's (S3).
  const download = await fetch(file.url.startsWith('http') ? file.url : `${t.baseUrl}${file.url}`);
  expect(download.status).toBe(200);
  const packages = await t.request<{ title: string; share_id: string; view_count: number }[]>(
    'GET',
    '/storm_api/v1/packages',
    { headers },
  );
  const opened = packages.body.data.find((pkg) => pkg.view_count > 0);
  const shared = await t.request<{ title: string; models: { name: string }[] }>(
    'GET',
    `/storm_api/v1/public/packages/${opened?.share_id}`,
  );
  expect(shared.status).toBe(200);
  return {
    models: await total('models'),
    invoices: await total('invoices?per_page=1'),
    file: { name: file.name, size: file.byte_size, sha256: sha256(await download.arrayBuffer()) },
    sharedPackage: {
      title: shared.body.data.title,
      models: shared.body.data.models.map((model) => model.name),
    },
  };
}

/** An empty database to restore into, of the suite's driver, and a new DATA_DIR for its files. */
interface EmptyTarget {
  dataDir: string;
  restore: RestoreTarget;
  disk: BlobStorage;
  /** The restored database, opened (PGlite) or the empty one's own handle (PostgreSQL). */
  open(): Promise<DatabaseHandle>;
  /** Whether nothing has been written into the database. */
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}

async function emptyTarget(driver: DatabaseHandle['driver'], work: string): Promise<EmptyTarget> {
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const disk = createDiskStorage({ root: path.join(dataDir, 'files'), signingKey: randomBytes(32) });
  if (driver === 'pglite') {
    const pglite = path.join(dataDir, 'pglite');
    let opened: DatabaseHandle | undefined;
    return {
      dataDir,
      disk,
      restore: { driver: 'pglite', dataDir: pglite },
      open: async () => (opened = await openDatabase({ driver: 'pglite', dataDir: pglite })),
      isEmpty: async () => (await readdir(pglite).catch(() => [])).length === 0,
      close: async () => {
        await opened?.close().catch(() => undefined);
      },
    };
  }
  const database = await createTestDatabase({ empty: true });
  if (!database.url) throw new Error('PostgreSQL handle without its URL');
  return {
    dataDir,
    disk,
    restore: { driver: 'postgres', url: database.url },
    open: async () => database,
    isEmpty: async () => {
      const result = (await database.db.execute(
        "select count(*) as n from information_schema.tables where table_schema = 'public'",
      )) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n) === 0;
    },
    close: () => database.close(),
  };
}

describe('backup and restore of the demo agency', () => {
  let source: TestApp;
  let work: string;
  let backupDir: string;
  let manifest: Manifest;
  let expected: Awaited<ReturnType<typeof demoView>>;
  const cleanUps: (() => Promise<void>)[] = [];

  // The demo seed takes minutes on a busy two-core machine: one seed for the whole file.
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'trackit-backup-'));
    source = await buildTestApp();
    await seedDemo(source.database.db, demoStorage(source.config));
    expected = await demoView(source);
    backupDir = path.join(work, 'backup');
    manifest = await createBackup(backupDir, {
      database: source.database,
      storage: demoStorage(source.config),
      buildVersion: source.config.version,
    });
  }, 900_000);
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
    await source?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('writes the dump, every stored file and a manifest of them', async () => {
    expect(manifest).toMatchObject({
      format: 1,
      app: 'trackit',
      driver: source.database.driver,
      storage: 'disk',
      migration: { tag: expect.stringMatching(/^\d{4}_/) },
      counts: { teams: 2, users: 4, models: 80, orders: 37, settlements: 7 },
    });
    expect(manifest.counts.files).toBeGreaterThan(100);
    expect(manifest.counts.invoices).toBeGreaterThanOrEqual(15);
    // Every object of the store: each file and its thumbnails, none of the .md5 sidecars.
    const stored: string[] = [];
    for await (const object of demoStorage(source.config).list()) stored.push(object.key);
    expect(manifest.files.map((file) => file.key).sort()).toEqual(stored.sort());
    expect(stored.some((key) => key.endsWith('.md5'))).toBe(false);
    const [first] = manifest.files;
    const bytes = await readFile(path.join(backupDir, 'files', first?.key ?? ''));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first?.sha256);
    const dump = await readFile(path.join(backupDir, manifest.database.file));
    expect(createHash('sha256').update(dump).digest('hex')).toBe(manifest.database.sha256);
  });

  it('restores into an empty database and disk store, where the app answers as before', async () => {
    const target = await emptyTarget(source.database.driver, work);
    cleanUps.push(target.close);
    const restored = await restoreBackup(backupDir, { target: target.restore, storage: target.disk });
    expect(restored.counts).toEqual(manifest.counts);

    const app = await buildTestApp({ DATA_DIR: target.dataDir }, undefined, {
      database: await target.open(),
    });
    cleanUps.push(app.close);
    // The restored database holds the code the source app sent the owner (its test clock stands still at its
    // start, before this app's): the next one may be sent once the resend interval has passed.
    app.clock.advance(SESSION_POLICY.resendIntervalMs);
    expect(await demoView(app)).toEqual(expected);
  });

  it('restores into an S3 bucket, and backs up from it the same files', { timeout: 300_000 }, async () => {
    const bucket = await startS3rver('trackit-files');
    cleanUps.push(bucket.close);
    const s3 = createS3Storage(bucket.settings);
    const target = await emptyTarget(source.database.driver, work);
    cleanUps.push(target.close);
    const restored = await restoreBackup(backupDir, { target: target.restore, storage: s3 });
    expect(restored.counts).toEqual(manifest.counts);

    const app = await buildTestApp({ DATA_DIR: target.dataDir, ...bucket.env }, undefined, {
      database: await target.open(),
    });
    cleanUps.push(app.close);
    // The restored database holds the code the source app sent the owner (its test clock stands still at its
    // start, before this app's): the next one may be sent once the resend interval has passed.
    app.clock.advance(SESSION_POLICY.resendIntervalMs);
    expect(await demoView(app)).toEqual(expected);

    const again = await createBackup(path.join(work, 'from-s3'), {
      database: app.database,
      storage: s3,
      buildVersion: app.config.version,
    });
    expect(again).toMatchObject({ storage: 's3', migration: manifest.migration });
    // Only the daily renewal's new draft order (demoView) differs.
    expect(again.counts).toEqual({ ...manifest.counts, orders: expect.any(Number) });
    const digests = (files: Manifest['files']) =>
      files.map((file) => `${file.key} ${file.size} ${file.sha256}`).sort();
    expect(digests(again.files)).toEqual(digests(manifest.files));
  });

  it('refuses a corrupted backup before writing anything', async () => {
    const corrupted = path.join(work, 'corrupted');
    await cp(backupDir, corrupted, { recursive: true });
    const victim = manifest.files[manifest.files.length - 1];
    const file = path.join(corrupted, 'files', victim?.key ?? '');
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    await writeFile(file, bytes);

    const target = await emptyTarget(source.database.driver, work);
    cleanUps.push(target.close);
    await expect(restoreBackup(corrupted, { target: target.restore, storage: target.disk })).rejects.toThrow(
      `备份已损坏，未做任何恢复：1 个文件缺失或校验和不符（files/${victim?.key}）`,
    );
    expect(await target.isEmpty()).toBe(true);
    expect(await readdir(target.dataDir)).toEqual([]);
  });

  it('refuses a folder that is not empty, and a store or database that is not', async () => {
    await expect(
      createBackup(backupDir, {
        database: source.database,
        storage: demoStorage(source.config),
        buildVersion: 'dev',
      }),
    ).rejects.toThrow(`备份目录不是空的：${backupDir}`);

    const target = await emptyTarget(source.database.driver, work);
    cleanUps.push(target.close);
    // The source's store has the demo's files.
    await expect(
      restoreBackup(backupDir, { target: target.restore, storage: demoStorage(source.config) }),
    ).rejects.toThrow(/^目标存储不是空的（已有 .+ 等对象），未做任何恢复/);
    expect(await target.isEmpty()).toBe(true);

    const used =
      target.restore.driver === 'pglite'
        ? { driver: 'pglite' as const, dataDir: path.join(target.dataDir, 'used') }
        : { driver: 'postgres' as const, url: source.database.url ?? '' };
    if (used.driver === 'pglite') {
      await mkdir(used.dataDir);
      await writeFile(path.join(used.dataDir, 'PG_VERSION'), '17');
    }
    await expect(restoreBackup(backupDir, { target: used, storage: target.disk })).rejects.toThrow(
      /^目标数据库不是空的，未做任何恢复/,
    );
    expect(await readdir(target.dataDir)).toEqual(target.restore.driver === 'pglite' ? ['used'] : []);
  });
});
