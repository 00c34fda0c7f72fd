import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileItem } from '@trackit/contract/upload.schema';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../jobs/job-queue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createRole, createUser, signIn } from '../../test/factories';
import { pollUntil } from '../../test/poll';
import { operationLogs } from '../operation-log/operation-log.tables';
import { createDiskStorage } from './storage/disk-storage';
import { THUMBNAIL_QUEUE } from './thumbnail-queue';
import { purgeStaleBlobs } from './upload.service';
import { blobs, files } from './upload.tables';
import { ffmpegAvailable } from './video-poster';

interface Direct {
  direct_upload: { url: string; headers: Record<string, string>; preview_url: string };
  signed_id: string;
}

/** The same files folder the server uses; purging needs only stat and delete, no signing. */
const diskOf = (t: TestApp) =>
  createDiskStorage({ root: path.join(t.config.dataDir, 'files'), signingKey: Buffer.alloc(32) });
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
const png = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('uploading files into folders (disk storage)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let folderId: number;
  let other: { headers: Record<string, string>; folderId: number; mobile: string };
  let myMobile: string;
  /** After the clock jumps past the access tokens' 2 hours, both members sign in again. */
  const signInAgain = async () => {
    headers = bearer((await signIn(t, myMobile)).token);
    other.headers = bearer((await signIn(t, other.mobile)).token);
  };

  const announce = (bytes: Buffer, overrides: Record<string, unknown> = {}, as = headers) =>
    t.request<Direct>('POST', '/storm_api/v1/direct_uploads', {
      body: {
        checksum: md5(bytes),
        content_type: 'image/png',
        byte_size: bytes.length,
        filename: '封面.png',
        suffix: 'png',
        ...overrides,
      },
      headers: as,
    });
  const put = (
    direct: Direct,
    body: Buffer,
    extraHeaders: Record<string, string> = {},
    url = direct.direct_upload.url,
  ) =>
    fetch(`${t.baseUrl}${url}`, {
      method: 'PUT',
      headers: { ...direct.direct_upload.headers, ...extraHeaders },
      body,
    });
  const attach = (signedId: string, folder = folderId, as = headers) =>
    t.request<FileItem>('POST', '/storm_api/v1/files', {
      body: { folder_id: folder, signed_id: signedId },
      headers: as,
    });
  const countRows = async () => {
    const [fileRows] = await t.database.db.select({ total: count() }).from(files);
    return fileRows?.total ?? 0;
  };
  async function createFolder(as: Record<string, string>, name = '画册') {
    const res = await t.request<{ id: number }>('POST', '/storm_api/v1/folders', {
      body: { name },
      headers: as,
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const me = await createMember(t.database.db);
    myMobile = me.mobile;
    headers = bearer((await signIn(t, me.mobile)).token);
    folderId = await createFolder(headers);
    const stranger = await createMember(t.database.db);
    const strangerHeaders = bearer((await signIn(t, stranger.mobile)).token);
    other = {
      headers: strangerHeaders,
      folderId: await createFolder(strangerHeaders, '别人的资源'),
      mobile: stranger.mobile,
    };
  });
  afterAll(() => t.close());

  it('uploads directly, attaches to the folder, then makes a thumbnail and a preview', async () => {
    const bytes = await png('#d4380d');
    const announced = await announce(bytes);
    expect(announced.body.code).toBe(0);
    expect(announced.body.data.direct_upload.headers).toEqual({
      'Content-Type': 'image/png',
      'Content-MD5': md5(bytes),
    });
    const stored = await put(announced.body.data, bytes);
    expect(stored.status).toBe(200);

    const attached = await attach(announced.body.data.signed_id);
    expect(attached.body.code, attached.body.message).toBe(0);
    expect(attached.body.data).toMatchObject({
      folder_id: folderId,
      name: '封面.png',
      content_type: 'image/png',
      byte_size: bytes.length,
      checksum: md5(bytes),
      kind: 'image',
      thumbnail_state: 'pending',
    });

    const item = await pollUntil(async () => {
      const list = await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${folderId}/files`, { headers });
      const found = list.body.data.find((file) => file.id === attached.body.data.id);
      return found?.thumbnail_state === 'pending' ? undefined : found;
    });
    expect(item?.thumbnail_state).toBe('ready');
    const thumb = await fetch(`${t.baseUrl}${item?.thumb_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480);
    const original = await fetch(`${t.baseUrl}${item?.url}`);
    expect(md5(Buffer.from(await original.arrayBuffer()))).toBe(md5(bytes));
    expect(original.headers.get('content-disposition')).toContain("filename*=UTF-8''%E5%B0%81%E9%9D%A2.png");

    const folder = await t.request<{ file_count: number }>('GET', `/storm_api/v1/folders/${folderId}`, {
      headers,
    });
    expect(folder.body.data.file_count).toBe(1);
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'file_upload'));
    expect(log).toHaveLength(1);

    // Made through the queue, once: one thumbnail job for the file, completed; sending it again (the
    // catch-up at a restart) finds the thumbnails made and changes nothing.
    await t.app.jobs.idle([THUMBNAIL_QUEUE]);
    const jobsOfFile = async () =>
      (
        await t.database.jobDatabase.executeSql(
          `SELECT state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2`,
          [THUMBNAIL_QUEUE, String(attached.body.data.id)],
        )
      ).rows.map((row: { state: string }) => row.state);
    expect(await jobsOfFile()).toEqual(['completed']);
    const fileRow = async () =>
      (await t.database.db.select().from(files).where(eq(files.id, attached.body.data.id)))[0];
    const made = await fileRow();
    t.clock.advance(60_000);
    const fileId = attached.body.data.id;
    await t.app.jobs.send(THUMBNAIL_QUEUE, { fileId }, { singletonKey: String(fileId) });
    await t.app.jobs.idle([THUMBNAIL_QUEUE]);
    expect(await jobsOfFile()).toEqual(['completed', 'completed']);
    expect((await fileRow())?.updatedAt).toEqual(made?.updatedAt);
  });

  it('previews a PDF inline, framable by our own pages only, still sandboxed; its download stays unframable', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const announced = await announce(pdf, {
      content_type: 'application/pdf',
      filename: '合同.pdf',
      suffix: 'pdf',
    });
    expect(announced.body.code, announced.body.message).toBe(0);
    await put(announced.body.data, pdf);
    const attached = await attach(announced.body.data.signed_id);
    expect(attached.body.data).toMatchObject({ kind: 'document', thumbnail_state: 'none' });
    expect(attached.body.data.preview_url).toBeTruthy();

    const preview = await fetch(`${t.baseUrl}${attached.body.data.preview_url}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toBe('inline');
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(md5(Buffer.from(await preview.arrayBuffer()))).toBe(md5(pdf));

    const download = await fetch(`${t.baseUrl}${attached.body.data.url}`);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(download.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a corrupted body, a wrong size, an expired or forged address, and keeps nothing', async () => {
    const bytes = await png('#389e0d');
    const announced = (await announce(bytes)).body.data;
    const corrupted = Buffer.from(bytes);
    const at = corrupted.length - 5;
    corrupted.writeUInt8(corrupted.readUInt8(at) ^ 0xff, at);
    expect((await put(announced, corrupted)).status).toBe(400);
    expect((await put(announced, bytes.subarray(0, bytes.length - 1))).status).toBe(400);
    expect((await put(announced, bytes, { 'Content-Type': 'image/jpeg' })).status).toBe(403);
    const forged = announced.direct_upload.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await put(announced, bytes, {}, forged)).status).toBe(403);
    const otherKey = announced.direct_upload.url.replace(/\/teams\/\d+\//, '/teams/999/');
    expect((await put(announced, bytes, {}, otherKey)).status).toBe(403);
    // Nothing was stored: attaching says the upload is not done.
    const notYet = await attach(announced.signed_id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('文件尚未上传完成');

    t.clock.advance(11 * 60_000);
    const expired = await put(announced, bytes);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toBe('上传地址无效或已过期，请重新上传');
  });

  it('refuses a second PUT to the same address, keeping the first bytes', async () => {
    const bytes = await png('#1d39c4');
    const announced = (await announce(bytes)).body.data;
    expect((await put(announced, bytes)).status).toBe(200);
    const again = await put(announced, bytes);
    expect(again.status).toBe(409);
    expect((await attach(announced.signed_id)).body.code).toBe(0);
  });

  it('refuses foreign, forged, reused and unfinished references, and foreign folders, creating nothing', async () => {
    const bytes = await png('#722ed1');
    const mine = (await announce(bytes)).body.data;
    await put(mine, bytes);
    const theirs = (await announce(bytes, {}, other.headers)).body.data;
    await put(theirs, bytes);
    const before = await countRows();

    const foreign = await attach(theirs.signed_id);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('文件引用无效，请重新上传');
    const [blobId, , mac] = theirs.signed_id.split('.');
    const moved = await attach(`${blobId}.${String(headers.authorization).length}.${mac}`);
    expect(moved.status).toBe(400);
    expect((await attach('not-a-reference')).status).toBe(400);
    const foreignFolder = await attach(mine.signed_id, other.folderId);
    expect(foreignFolder.status).toBe(404);
    expect(foreignFolder.body.message).toBe('资源夹不存在');
    expect((await attach(mine.signed_id, 99_999_999)).status).toBe(404);
    expect(await countRows()).toBe(before);

    expect((await attach(mine.signed_id)).body.code).toBe(0);
    const twice = await attach(mine.signed_id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('该文件已添加，请勿重复提交');
    expect(await countRows()).toBe(before + 1);
  });

  it('validates what is announced', async () => {
    const bytes = Buffer.from('MZ fake program');
    const badChecksum = await announce(bytes, { checksum: 'abc' });
    expect(badChecksum.status).toBe(400);
    const program = await announce(bytes, { content_type: 'application/x-msdownload', filename: 'a.exe' });
    expect(program.status).toBe(400);
    expect(program.body.message).toBe('不支持的文件类型');
    const huge = await announce(bytes, { byte_size: 3 * 1024 ** 3 });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('文件大小超过上限');
    const pdf = await announce(bytes, { content_type: 'application/pdf', filename: '合同.pdf' });
    expect(pdf.body.code).toBe(0);
  });

  it('serves downloads only with a valid, unexpired signature, and sandboxes them', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const announced = (await announce(svg, { content_type: 'image/svg+xml', filename: 'x.svg' })).body.data;
    await put(announced, svg);
    const preview = await fetch(`${t.baseUrl}${announced.direct_upload.preview_url}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    const tampered = announced.direct_upload.preview_url.replace(
      'type=image%2Fsvg%2Bxml',
      'type=text%2Fhtml',
    );
    expect((await fetch(`${t.baseUrl}${tampered}`)).status).toBe(403);
    t.clock.advance(11 * 60_000);
    expect((await fetch(`${t.baseUrl}${announced.direct_upload.preview_url}`)).status).toBe(403);
  });

  it('purges blobs never attached after a day, with their bytes, and keeps attached ones', async () => {
    const bytes = await png('#fadb14');
    const orphan = (await announce(bytes)).body.data;
    await put(orphan, bytes);
    const [orphanId] = orphan.signed_id.split('.');
    const kept = (await announce(bytes)).body.data;
    await put(kept, bytes);
    await attach(kept.signed_id);
    t.clock.advance(25 * 3_600_000);
    await signInAgain();
    const purged = await purgeStaleBlobs({ db: t.database.db, storage: diskOf(t), clock: t.clock.now });
    expect(purged).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(blobs)
      .where(eq(blobs.id, orphanId as string));
    expect(row).toBeUndefined();
    const still = await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${folderId}/files?per_page=100`, {
      headers,
    });
    for (const file of still.body.data) expect((await fetch(`${t.baseUrl}${file.url}`)).status).toBe(200);
  });

  it('keeps folders to their team and to members with the right', async () => {
    expect((await t.request('GET', `/storm_api/v1/folders/${other.folderId}`, { headers })).status).toBe(404);
    expect(
      (await t.request('GET', `/storm_api/v1/folders/${other.folderId}/files`, { headers })).status,
    ).toBe(404);
    const mine = await t.request<{ id: number; file_count: number }[]>('GET', '/storm_api/v1/folders', {
      headers,
    });
    expect(mine.body.data.map((folder) => folder.id)).toEqual([folderId]);
    const listed = await t.request<unknown[]>('GET', `/storm_api/v1/folders/${folderId}/files?per_page=100`, {
      headers,
    });
    expect(mine.body.data[0]?.file_count).toBe(listed.body.data.length);
    expect(listed.body.data.length).toBeGreaterThan(2);
    const theirs = await t.request<{ file_count: number }[]>('GET', '/storm_api/v1/folders', {
      headers: other.headers,
    });
    expect(theirs.body.data[0]?.file_count).toBe(0);

    const owner = await createMember(t.database.db);
    const role = await createRole(t.database.db, owner.team.id, [{ key: 'calendar', level: 'manage' }]);
    const limited = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: owner.team.id, userId: limited.id, roleId: role.id });
    const limitedHeaders = bearer((await signIn(t, limited.mobile)).token);
    expect((await t.request('GET', '/storm_api/v1/folders', { headers: limitedHeaders })).status).toBe(403);
    const create = await t.request('POST', '/storm_api/v1/folders', {
      body: { name: 'x' },
      headers: limitedHeaders,
    });
    expect(create.status).toBe(403);
    const empty = await t.request('POST', '/storm_api/v1/folders', { body: { name: '  ' }, headers });
    expect(empty.status).toBe(400);
  });
});

describe('video files', () => {
  it('get a poster frame when ffmpeg is on the machine, else an icon', async () => {
    const t = await buildTestApp();
    try {
      const me = await createMember(t.database.db);
      const headers = bearer((await signIn(t, me.mobile)).token);
      const folder = await t.request<{ id: number }>('POST', '/storm_api/v1/folders', {
        body: { name: '视频' },
        headers,
      });
      const withFfmpeg = ffmpegAvailable();
      const video = withFfmpeg
        ? execFileSync('ffmpeg', [
            ...[
              '-hide_banner',
              '-loglevel',
              'error',
              '-f',
              'lavfi',
              '-i',
              'testsrc=size=640x360:rate=10',
              '-t',
              '2',
            ],
            ...['-pix_fmt', 'yuv420p', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov', 'pipe:1'],
          ])
        : Buffer.from('not really a video, and no ffmpeg to look at it');
      const announced = await t.request<Direct>('POST', '/storm_api/v1/direct_uploads', {
        body: {
          checksum: md5(video),
          content_type: 'video/mp4',
          byte_size: video.length,
          filename: '走秀.mp4',
        },
        headers,
      });
      const { url, headers: putHeaders } = announced.body.data.direct_upload;
      expect(
        (await fetch(`${t.baseUrl}${url}`, { method: 'PUT', headers: putHeaders, body: video })).status,
      ).toBe(200);
      const attached = await t.request<FileItem>('POST', '/storm_api/v1/files', {
        body: { folder_id: folder.body.data.id, signed_id: announced.body.data.signed_id },
        headers,
      });
      expect(attached.body.data.kind).toBe('video');
      if (!withFfmpeg) {
        expect(attached.body.data).toMatchObject({ thumbnail_state: 'none', thumb_url: null });
        return;
      }
      const item = await pollUntil(async () => {
        const list = await t.request<FileItem[]>(
          'GET',
          `/storm_api/v1/folders/${folder.body.data.id}/files`,
          { headers },
        );
        const first = list.body.data[0];
        return first?.thumbnail_state === 'pending' ? undefined : first;
      });
      expect(item?.thumbnail_state).toBe('ready');
      const poster = await fetch(`${t.baseUrl}${item?.thumb_url}`);
      const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 270]);
    } finally {
      await t.close();
    }
  });
});

describe('partial uploads a crash left behind', () => {
  it('are removed at start once too old for any upload to be still writing them', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trackit-partial-'));
    const incoming = path.join(dataDir, 'files', '.incoming');
    await mkdir(incoming, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const name of ['crashed', 'crashed.md5']) {
      await writeFile(path.join(incoming, name), 'half a file');
      await utimes(path.join(incoming, name), twoHoursAgo, twoHoursAgo);
    }
    // Another process sharing the data directory may be writing this one right now.
    await writeFile(path.join(incoming, 'being-written'), 'bytes still coming');
    const t = await buildTestApp({ DATA_DIR: dataDir });
    try {
      await pollUntil(async () => ((await readdir(incoming)).length > 1 ? undefined : true));
      expect(await readdir(incoming)).toEqual(['being-written']);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
