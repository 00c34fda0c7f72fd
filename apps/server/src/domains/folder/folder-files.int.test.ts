import type { Folder } from '@trackit/contract/folder.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStorage } from '../../seed/demo-seed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, createMembership, createRole, createUser, signIn } from '../../test/factories';
import { pollUntil } from '../../test/poll';
import { startTestBucket } from '../../test/s3rver';
import { uploadBlob } from '../../test/uploads';
import { models } from '../model/model.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { blobs, files } from '../upload/upload.tables';
import { folders } from './folder.tables';

type Headers = Record<string, string>;

/** Distinct small JPEGs (the colour makes each file's bytes its own). */
let colour = 0;
const jpeg = () => {
  colour += 1;
  return sharp({
    create: { width: 64, height: 80, channels: 3, background: { r: (colour * 40) % 256, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
};

/** Announces, PUTs (to our disk or to the bucket) and adds the file to the folder. */
async function addFile(t: TestApp, headers: Headers, folderId: number, name: string): Promise<FileItem> {
  const signedId = await uploadBlob(t, headers, await jpeg(), { name, type: 'image/jpeg' });
  const added = await t.request<FileItem>('POST', '/storm_api/v1/files', {
    body: { folder_id: folderId, signed_id: signedId },
    headers,
  });
  expect(added.body.code, added.body.message).toBe(0);
  return added.body.data;
}

/** Sets up a team: an owner, a read-only and an edit member, a model of the team. */
async function team(t: TestApp) {
  const owner = await createMember(t.database.db);
  const headers = bearer((await signIn(t, owner.mobile)).token);
  const member = async (level: 'read' | 'edit') => {
    const role = await createRole(t.database.db, owner.team.id, [{ key: 'data_management', level }]);
    const user = await createUser(t.database.db);
    await createMembership(t.database.db, { teamId: owner.team.id, userId: user.id, roleId: role.id });
    return bearer((await signIn(t, user.mobile)).token);
  };
  const model = async (name: string) => {
    const res = await t.request<{ id: number }>('POST', '/storm_api/v1/models', {
      body: { name, gender: 'female' },
      headers,
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.id;
  };
  const folder = async (body: { name: string; kind?: string; model_id?: number | null }, as = headers) => {
    const res = await t.request<Folder>('POST', '/storm_api/v1/folders', { body, headers: as });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  return { owner, headers, member, model, folder };
}

const logCount = async (t: TestApp, action: string) => {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(operationLogs)
    .where(eq(operationLogs.action, action as never));
  return row?.total ?? 0;
};

const namesIn = async (t: TestApp, headers: Headers, folderId: number) =>
  (await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${folderId}/files`, { headers })).body.data.map(
    (file) => file.name,
  );

describe('folders: kind, model, rename, list filters and first thumbnails', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof team>>;

  beforeAll(async () => {
    t = await buildTestApp();
    ctx = await team(t);
  });
  afterAll(() => t.close());

  it('creates with a kind and a model of the team; another team’s model is not found', async () => {
    const modelId = await ctx.model('刘晓阳');
    const created = await ctx.folder({ name: '画册', kind: 'book', model_id: modelId });
    expect(created).toMatchObject({ kind: 'book', model_id: modelId, model_name: '刘晓阳', previews: [] });
    expect((await ctx.folder({ name: '杂项' })).kind).toBe('other');
    const stranger = await team(t);
    const theirModel = await stranger.model('别人的模特');
    const refused = await t.request('POST', '/storm_api/v1/folders', {
      body: { name: 'x', model_id: theirModel },
      headers: ctx.headers,
    });
    expect(refused.status).toBe(404);
    const bad = await t.request('POST', '/storm_api/v1/folders', {
      body: { name: 'x', kind: 'album' },
      headers: ctx.headers,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('renames and changes the kind, logging the changed fields; an unchanged PATCH writes nothing', async () => {
    const folder = await ctx.folder({ name: '旧名' });
    const before = await logCount(t, 'folder_update');
    const res = await t.request<Folder>('PATCH', `/storm_api/v1/folders/${folder.id}`, {
      body: { name: '  新名  ', kind: 'polaroid' },
      headers: ctx.headers,
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ name: '新名', kind: 'polaroid' });
    expect(await logCount(t, 'folder_update')).toBe(before + 1);
    const logs = await t.request<{ sentence: string; changes: unknown[] }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=folder_update',
      { headers: ctx.headers },
    );
    expect(logs.body.data[0]).toMatchObject({
      sentence: '修改了资源夹「新名」',
      changes: [
        { field: '名称', before: '旧名', after: '新名' },
        { field: '类型', before: '其他', after: '拍立得' },
      ],
    });
    await t.request('PATCH', `/storm_api/v1/folders/${folder.id}`, {
      body: { name: '新名' },
      headers: ctx.headers,
    });
    expect(await logCount(t, 'folder_update')).toBe(before + 1);
    for (const body of [{ name: '' }, { name: '长'.repeat(51) }, { kind: 'album' }]) {
      const bad = await t.request('PATCH', `/storm_api/v1/folders/${folder.id}`, {
        body,
        headers: ctx.headers,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('filters by model and kind, and answers each folder’s first four files in order, in one list', async () => {
    const modelId = await ctx.model('王雨桐');
    const book = await ctx.folder({ name: '王雨桐 画册', kind: 'book', model_id: modelId });
    await ctx.folder({ name: '王雨桐 拍立得', kind: 'polaroid', model_id: modelId });
    for (const name of ['e.jpg', 'b.jpg', 'a.jpg', 'd.jpg', 'c.jpg'])
      await addFile(t, ctx.headers, book.id, name);
    const list = async (query: string) =>
      (await t.request<Folder[]>('GET', `/storm_api/v1/folders${query}`, { headers: ctx.headers })).body.data;
    expect((await list(`?model_id=${modelId}`)).map((folder) => folder.name).sort()).toEqual([
      '王雨桐 拍立得',
      '王雨桐 画册',
    ]);
    const books = await list(`?model_id=${modelId}&kind=book`);
    expect(books).toHaveLength(1);
    const ids = (
      await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${book.id}/files`, { headers: ctx.headers })
    ).body.data.map((file) => file.id);
    expect(books[0]?.file_count).toBe(5);
    expect(books[0]?.previews.map((preview) => preview.id)).toEqual(ids.slice(0, 4));
    expect(books[0]?.previews.every((preview) => preview.kind === 'image')).toBe(true);
    expect((await list('?kind=video')).length).toBe(0);
    expect(
      (await t.request('GET', '/storm_api/v1/folders?kind=album', { headers: ctx.headers })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', '/storm_api/v1/folders?model_id=x', { headers: ctx.headers })).status,
    ).toBe(400);
  });

  it('lets read see and only edit change; another team’s folder is not found and unchanged', async () => {
    const folder = await ctx.folder({ name: '权限' });
    const reader = await ctx.member('read');
    const editor = await ctx.member('edit');
    expect((await t.request('GET', `/storm_api/v1/folders/${folder.id}`, { headers: reader })).status).toBe(
      200,
    );
    const patch = (headers: Headers, id = folder.id) =>
      t.request<Folder>('PATCH', `/storm_api/v1/folders/${id}`, { body: { name: '改名' }, headers });
    expect((await patch(reader)).status).toBe(403);
    expect((await patch(editor)).status).toBe(200);
    const stranger = await team(t);
    const theirs = await stranger.folder({ name: '别人的' });
    const refused = await patch(ctx.headers, theirs.id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('资源夹不存在');
    const [stored] = await t.database.db.select().from(folders).where(eq(folders.id, theirs.id));
    expect(stored?.name).toBe('别人的');
  });
});

describe('files: order, move, delete', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof team>>;

  beforeAll(async () => {
    t = await buildTestApp();
    ctx = await team(t);
  });
  afterAll(() => t.close());

  const order = (folderId: number, fileIds: unknown, headers = ctx.headers) =>
    t.request('PATCH', `/storm_api/v1/folders/${folderId}/files/order`, {
      body: { file_ids: fileIds },
      headers,
    });
  const move = (fileIds: unknown, folderId: unknown, headers = ctx.headers) =>
    t.request('POST', '/storm_api/v1/files/move', {
      body: { file_ids: fileIds, folder_id: folderId },
      headers,
    });

  it('orders a folder’s files as listed, persisted and logged; a list that is not the folder’s is refused', async () => {
    const folder = await ctx.folder({ name: '排序' });
    const a = await addFile(t, ctx.headers, folder.id, 'a.jpg');
    const b = await addFile(t, ctx.headers, folder.id, 'b.jpg');
    const c = await addFile(t, ctx.headers, folder.id, 'c.jpg');
    const before = await logCount(t, 'file_reorder');
    const res = await order(folder.id, [c.id, a.id, b.id]);
    expect(res.body.code, res.body.message).toBe(0);
    expect(await namesIn(t, ctx.headers, folder.id)).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    expect(await logCount(t, 'file_reorder')).toBe(before + 1);
    // The folder list's first thumbnails follow the new order too.
    const listed = await t.request<Folder>('GET', `/storm_api/v1/folders/${folder.id}`, {
      headers: ctx.headers,
    });
    expect(listed.body.data.previews.map((preview) => preview.id)).toEqual([c.id, a.id, b.id]);

    const other = await ctx.folder({ name: '别的' });
    const elsewhere = await addFile(t, ctx.headers, other.id, 'x.jpg');
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, elsewhere.id],
      [c.id, a.id, elsewhere.id],
    ]) {
      const refused = await order(folder.id, ids);
      expect(refused.status, JSON.stringify(ids)).toBe(409);
      expect(refused.body.message).toBe('文件列表已变化，请刷新后重新排序');
    }
    for (const ids of [[], [a.id, a.id, b.id], ['x'], [0], 'x']) {
      const bad = await order(folder.id, ids);
      expect(bad.status, JSON.stringify(ids)).toBe(400);
      expect(bad.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await namesIn(t, ctx.headers, folder.id)).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    expect(await logCount(t, 'file_reorder')).toBe(before + 1);
    expect((await order(folder.id, [a.id, b.id, c.id], await ctx.member('read'))).status).toBe(403);
    // A file uploaded afterwards has no place yet: it comes after the ordered ones, not first.
    await addFile(t, ctx.headers, folder.id, '0-new.jpg');
    expect(await namesIn(t, ctx.headers, folder.id)).toEqual(['c.jpg', 'a.jpg', 'b.jpg', '0-new.jpg']);
  });

  it('moves files to the end of another folder of the same model, in their order, and logs it', async () => {
    const modelId = await ctx.model('陈思琪');
    const book = await ctx.folder({ name: '画册', kind: 'book', model_id: modelId });
    const polaroid = await ctx.folder({ name: '拍立得', kind: 'polaroid', model_id: modelId });
    const kept = await addFile(t, ctx.headers, polaroid.id, 'p1.jpg');
    const one = await addFile(t, ctx.headers, book.id, 'b1.jpg');
    const two = await addFile(t, ctx.headers, book.id, 'b2.jpg');
    const three = await addFile(t, ctx.headers, book.id, 'b3.jpg');
    await order(book.id, [three.id, one.id, two.id]);
    const res = await move([one.id, three.id], polaroid.id, await ctx.member('edit'));
    expect(res.body.code, res.body.message).toBe(0);
    expect(await namesIn(t, ctx.headers, book.id)).toEqual(['b2.jpg']);
    expect(await namesIn(t, ctx.headers, polaroid.id)).toEqual([kept.name, 'b3.jpg', 'b1.jpg']);
    const logs = await t.request<{ sentence: string }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=file_move',
      {
        headers: ctx.headers,
      },
    );
    expect(logs.body.data[0]?.sentence).toBe('把 2 个文件从资源夹「画册」移到了「拍立得」');
  });

  it('refuses a move to another model’s folder, a folder of no model, the same folder or from two folders', async () => {
    const first = await ctx.model('杨一诺');
    const second = await ctx.model('赵可欣');
    const mine = await ctx.folder({ name: 'A', model_id: first });
    const sibling = await ctx.folder({ name: 'A2', model_id: first });
    const theirs = await ctx.folder({ name: 'B', model_id: second });
    const loose = await ctx.folder({ name: '无模特' });
    const file = await addFile(t, ctx.headers, mine.id, 'm.jpg');
    const other = await addFile(t, ctx.headers, sibling.id, 'n.jpg');
    const before = await logCount(t, 'file_move');
    for (const [ids, target, message] of [
      [[file.id], theirs.id, '只能移动到同一模特的资源夹'],
      [[file.id], loose.id, '只能移动到同一模特的资源夹'],
      [[file.id], mine.id, '文件已在该资源夹中'],
      [[file.id, other.id], theirs.id, '一次只能移动同一资源夹中的文件'],
    ] as const) {
      const refused = await move(ids, target);
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    for (const body of [
      [[], mine.id],
      [[file.id], 'x'],
      [[file.id, file.id], sibling.id],
    ] as const) {
      expect((await move(body[0], body[1])).status, JSON.stringify(body)).toBe(400);
    }
    expect(await namesIn(t, ctx.headers, mine.id)).toEqual(['m.jpg']);
    expect(await logCount(t, 'file_move')).toBe(before);
    expect((await move([file.id], sibling.id, await ctx.member('read'))).status).toBe(403);
  });

  it('keeps moves to the team: another team’s file or folder is not found and nothing moves', async () => {
    const mine = await ctx.folder({ name: '我的' });
    const mineToo = await ctx.folder({ name: '我的2' });
    const file = await addFile(t, ctx.headers, mine.id, 'mine.jpg');
    const stranger = await team(t);
    const theirFolder = await stranger.folder({ name: '别人的' });
    const theirFile = await addFile(t, stranger.headers, theirFolder.id, 'theirs.jpg');
    const toTheirs = await move([file.id], theirFolder.id);
    expect(toTheirs.status).toBe(404);
    expect(toTheirs.body.message).toBe('资源夹不存在');
    for (const ids of [[theirFile.id], [file.id, theirFile.id]]) {
      const refused = await move(ids, mineToo.id);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('文件不存在');
    }
    expect(await namesIn(t, ctx.headers, mine.id)).toEqual(['mine.jpg']);
    expect(await namesIn(t, stranger.headers, theirFolder.id)).toEqual(['theirs.jpg']);
    // Ordering another team's folder, or listing its files in mine, is refused the same way.
    expect((await order(theirFolder.id, [theirFile.id])).status).toBe(404);
    expect((await order(mine.id, [theirFile.id])).status).toBe(409);
  });

  it('deletes a file for another team as not found, for read as forbidden, and writes nothing', async () => {
    const stranger = await team(t);
    const theirFolder = await stranger.folder({ name: '别人的' });
    const theirFile = await addFile(t, stranger.headers, theirFolder.id, 'theirs.jpg');
    const refused = await t.request('DELETE', `/storm_api/v1/files/${theirFile.id}`, {
      headers: ctx.headers,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('文件不存在');
    const reader = await ctx.member('read');
    const mine = await ctx.folder({ name: '删除权限' });
    const file = await addFile(t, ctx.headers, mine.id, 'keep.jpg');
    expect((await t.request('DELETE', `/storm_api/v1/files/${file.id}`, { headers: reader })).status).toBe(
      403,
    );
    expect((await t.request('DELETE', '/storm_api/v1/files/x', { headers: ctx.headers })).status).toBe(400);
    expect(await namesIn(t, stranger.headers, theirFolder.id)).toEqual(['theirs.jpg']);
    expect(await namesIn(t, ctx.headers, mine.id)).toEqual(['keep.jpg']);
  });
});

/** What the storage holds for a file: its bytes, thumbnail and preview keys. */
async function storedKeys(t: TestApp, fileId: number) {
  const [row] = await t.database.db
    .select({ key: blobs.key, thumb: files.thumbKey, preview: files.previewKey, blobId: blobs.id })
    .from(files)
    .innerJoin(blobs, eq(blobs.id, files.blobId))
    .where(eq(files.id, fileId));
  if (!row) throw new Error('file not found');
  return row;
}

function waitForThumbnails(t: TestApp, headers: Headers, folderId: number) {
  return pollUntil(async () => {
    const listed = await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${folderId}/files`, { headers });
    return listed.body.data.every((file) => file.thumbnail_state !== 'pending')
      ? listed.body.data
      : undefined;
  });
}

describe.each(['disk', 's3'] as const)('deleting a file (%s storage)', (driver) => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof team>>;
  let stop = async () => {};

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (driver === 's3') {
      const bucket = await startTestBucket();
      env = bucket.env;
      stop = bucket.stop;
    }
    t = await buildTestApp(env);
    ctx = await team(t);
  });
  afterAll(async () => {
    await t?.close();
    await stop();
  });

  it('removes the record, the cover that named it, and then its bytes, thumbnail and preview; others stay', async () => {
    const modelId = await ctx.model('黄欣怡');
    const folder = await ctx.folder({ name: '画册', model_id: modelId });
    const cover = await addFile(t, ctx.headers, folder.id, 'cover.jpg');
    const other = await addFile(t, ctx.headers, folder.id, 'other.jpg');
    await waitForThumbnails(t, ctx.headers, folder.id);
    const setCover = await t.request('PATCH', `/storm_api/v1/models/${modelId}`, {
      body: { cover_file_id: cover.id },
      headers: ctx.headers,
    });
    expect(setCover.body.code, setCover.body.message).toBe(0);
    const storage = demoStorage(t.config);
    const gone = await storedKeys(t, cover.id);
    const stays = await storedKeys(t, other.id);
    const keys = (row: typeof gone) =>
      [row.key, row.thumb, row.preview].filter((key): key is string => Boolean(key));
    expect(keys(gone)).toHaveLength(3);
    for (const key of keys(gone)) expect(await storage.stat(key), key).not.toBeNull();

    const before = await logCount(t, 'file_delete');
    const res = await t.request('DELETE', `/storm_api/v1/files/${cover.id}`, {
      headers: await ctx.member('edit'),
    });
    expect(res.body.code, res.body.message).toBe(0);
    expect(await namesIn(t, ctx.headers, folder.id)).toEqual(['other.jpg']);
    expect(await logCount(t, 'file_delete')).toBe(before + 1);
    const [model] = await t.database.db.select().from(models).where(eq(models.id, modelId));
    expect(model?.coverFileId).toBeNull();
    expect(await t.database.db.select().from(blobs).where(eq(blobs.id, gone.blobId))).toEqual([]);
    for (const key of keys(gone)) expect(await storage.stat(key), key).toBeNull();
    for (const key of keys(stays)) expect(await storage.stat(key), key).not.toBeNull();

    const again = await t.request('DELETE', `/storm_api/v1/files/${cover.id}`, { headers: ctx.headers });
    expect(again.status).toBe(404);
  });
});
