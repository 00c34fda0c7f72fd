import type { Folder } from '@trackit/contract/folder.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import type { FolderShare } from '@trackit/contract/package.schema';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import type { FileItem } from '@trackit/contract/upload.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createMember, signIn, signInMemberWith } from '../../test/factories';
import { uploadBlob, uploadToFolder } from '../../test/uploads';
import { operationLogs } from '../operation-log/operation-log.tables';
import { shareLinks } from '../share/share.tables';
import { folders } from './folder.tables';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('folders', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let teamId: number;

  const create = (name: string, as = headers) =>
    t.request<Folder>('POST', '/storm_api/v1/folders', { body: { name }, headers: as });
  const list = (query: string, as = headers) =>
    t.request<Folder[]>('GET', `/storm_api/v1/folders${query}`, { headers: as });

  beforeAll(async () => {
    t = await buildTestApp();
    const me = await createMember(t.database.db);
    teamId = me.team.id;
    headers = bearer((await signIn(t, me.mobile)).token);
  });
  afterAll(() => t.close());

  it('creates a folder and logs it in the same transaction', async () => {
    const res = await create('  2025 春夏画册  ');
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ name: '2025 春夏画册', file_count: 0, model_id: null });
    const [logged] = await t.database.db
      .select({ total: count() })
      .from(operationLogs)
      .where(eq(operationLogs.targetId, String(res.body.data.id)));
    expect(logged?.total).toBe(1);
  });

  it('searches by part of the name, treating % and _ as themselves', async () => {
    for (const name of ['Anna 拍立得', 'Anna 画册', '100% 原片', 'Bella_视频']) await create(name);
    const anna = await list('?keyword=anna');
    expect(anna.body.data.map((folder) => folder.name).sort()).toEqual(['Anna 拍立得', 'Anna 画册']);
    expect(anna.headers.get('x-total')).toBe('2');
    expect((await list('?keyword=%25')).body.data.map((folder) => folder.name)).toEqual(['100% 原片']);
    expect((await list('?keyword=_')).body.data.map((folder) => folder.name)).toEqual(['Bella_视频']);
  });

  it('sorts by name, creation or update time, each way, and pages without repeats', async () => {
    const byName = await list('?sort=name&per_page=100');
    const names = byName.body.data.map((folder) => folder.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newest = await list('?per_page=100');
    const ids = newest.body.data.map((folder) => folder.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const oldestFirst = await list('?sort=created_at&per_page=100');
    expect(oldestFirst.body.data.map((folder) => folder.id)).toEqual([...ids].reverse());
    const pageOne = await list('?sort=name&per_page=2');
    const pageTwo = await list('?sort=name&per_page=2&page=2');
    expect([...pageOne.body.data, ...pageTwo.body.data].map((folder) => folder.name)).toEqual(
      names.slice(0, 4),
    );
  });

  it('moves a folder to the top of “recently updated” when a file is added', async () => {
    const target = (await create('稍后更新')).body.data;
    await create('最新创建');
    t.clock.advance(1000);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const added = await uploadToFolder(t, headers, target.id, png, { name: 'a.png', type: 'image/png' });
    expect(added.body.code, added.body.message).toBe(0);
    const recent = await list('?sort=-updated_at&per_page=1');
    expect(recent.body.data[0]).toMatchObject({ id: target.id, file_count: 1 });
    const files = await t.request<FileItem[]>('GET', `/storm_api/v1/folders/${target.id}/files`, { headers });
    expect(files.body.data.map((file) => file.name)).toEqual(['a.png']);
  });

  it('lists a folder’s files by position then name, not in the order their uploads finished, and pages them', async () => {
    const folder = (await create('按名称排列')).body.data;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    // Finished out of order, as a batch of parallel uploads does; two files share a name.
    for (const [index, name] of ['c-03.png', 'a-01.png', 'b-02.png', 'a-01.png'].entries()) {
      // Bytes after the image's end make each file distinct; decoders ignore them.
      const bytes = Buffer.concat([png, Buffer.from([index])]);
      const added = await uploadToFolder(t, headers, folder.id, bytes, { name, type: 'image/png' });
      expect(added.body.code, added.body.message).toBe(0);
    }
    const path = `/storm_api/v1/folders/${folder.id}/files`;
    const all = await t.request<FileItem[]>('GET', path, { headers });
    expect(all.body.data.map((file) => file.name)).toEqual(['a-01.png', 'a-01.png', 'b-02.png', 'c-03.png']);
    const [first, second] = all.body.data;
    expect(first && second && first.id < second.id).toBe(true);
    const pageOne = await t.request<FileItem[]>('GET', `${path}?per_page=2`, { headers });
    const pageTwo = await t.request<FileItem[]>('GET', `${path}?per_page=2&page=2`, { headers });
    expect([...pageOne.body.data, ...pageTwo.body.data].map((file) => file.id)).toEqual(
      all.body.data.map((file) => file.id),
    );
    expect(pageOne.headers.get('x-total')).toBe('4');
  });

  it('refuses an unknown order or an over-long keyword with a Chinese message', async () => {
    for (const query of ['?sort=size', '?sort=-', `?keyword=${'长'.repeat(51)}`]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('keeps every folder to its team: another team’s is not found and never listed', async () => {
    const stranger = await createMember(t.database.db);
    const theirHeaders = bearer((await signIn(t, stranger.mobile)).token);
    const theirs = (await create('别人的资源', theirHeaders)).body.data;
    expect((await list('?keyword=别人')).body.data).toEqual([]);
    for (const path of [`/v1/folders/${theirs.id}`, `/v1/folders/${theirs.id}/files`]) {
      const res = await t.request('GET', `/storm_api${path}`, { headers });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('资源夹不存在');
    }
    const [mine] = await t.database.db
      .select({ total: count() })
      .from(folders)
      .where(eq(folders.teamId, teamId));
    expect((await list('?per_page=100')).headers.get('x-total')).toBe(String(mine?.total));
  });
  describe('deleting a folder', () => {
    const remove = (id: number, as = headers) =>
      t.request<null>('DELETE', `/storm_api/v1/folders/${id}`, { headers: as });
    const deletion = (id: number, as = headers) =>
      t.request<RecordDeletion>('GET', `/storm_api/v1/folders/${id}/deletion`, { headers: as });
    const stored = async (id: number) =>
      (await t.database.db.select({ total: count() }).from(folders).where(eq(folders.id, id)))[0]?.total;
    let byte = 0;
    /** A distinct little picture each time (bytes after the image's end are ignored by decoders). */
    const picture = () => {
      byte += 1;
      return Buffer.concat([PNG, Buffer.from([100, byte])]);
    };

    it('deletes an empty folder with its share link, for a manager only, logged', async () => {
      const folder = (await create('误建的资源夹')).body.data;
      const share = await ok(
        t.request<FolderShare>('POST', `/storm_api/v1/folders/${folder.id}/share`, { headers }),
      );
      expect(await ok(deletion(folder.id))).toEqual({ can: true, reason: null });
      const editor = await signInMemberWith(t, teamId, [{ key: 'data_management', level: 'edit' }]);
      expect((await remove(folder.id, editor.headers)).status).toBe(403);
      expect(await stored(folder.id)).toBe(1);

      expect((await remove(folder.id)).status).toBe(200);
      expect(await stored(folder.id)).toBe(0);
      const [shares] = await t.database.db
        .select({ total: count() })
        .from(shareLinks)
        .where(and(eq(shareLinks.kind, 'folder'), eq(shareLinks.recordId, folder.id)));
      expect(shares?.total).toBe(0);
      expect((await t.request('GET', `/storm_api/v1/public/folders/${share.share_id}`)).status).toBe(404);
      const [entry] = await ok(
        t.request<OperationLog[]>('GET', '/storm_api/v1/operation_logs?action=folder_delete', { headers }),
      );
      expect(entry).toMatchObject({ sentence: '删除了资源夹「误建的资源夹」', link: null });
    });

    it('refuses a folder holding files, saying how many (409), and another team’s is not found', async () => {
      const folder = (await create('有文件的资源夹')).body.data;
      for (let index = 0; index < 2; index += 1) {
        await ok(
          uploadToFolder(t, headers, folder.id, picture(), { name: `${index}.png`, type: 'image/png' }),
        );
      }
      const expected = '该资源夹已有 2 个文件，不能删除';
      expect(await ok(deletion(folder.id))).toEqual({ can: false, reason: expected });
      const refused = await remove(folder.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(expected);
      expect(await stored(folder.id)).toBe(1);

      const stranger = await createMember(t.database.db);
      const theirs = (await create('外队的空资源夹', bearer((await signIn(t, stranger.mobile)).token))).body
        .data;
      for (const res of [await remove(theirs.id), await deletion(theirs.id)]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('资源夹不存在');
      }
      expect(await stored(theirs.id)).toBe(1);
    });

    it('never loses a file uploaded while the folder is being deleted', async () => {
      for (let round = 0; round < 6; round += 1) {
        const folder = (await create(`并发删除${round}`)).body.data;
        const signedId = await uploadBlob(t, headers, picture(), { name: `${round}.png`, type: 'image/png' });
        const [deleted, added] = await Promise.all([
          remove(folder.id),
          t.request<FileItem>('POST', '/storm_api/v1/files', {
            body: { folder_id: folder.id, signed_id: signedId },
            headers,
          }),
        ]);
        if (deleted.status === 200) {
          expect(added.status).toBe(404);
          expect(added.body.message).toBe('资源夹不存在');
        } else {
          expect(deleted.status).toBe(409);
          expect(deleted.body.message).toBe('该资源夹已有 1 个文件，不能删除');
          expect(added.status).toBe(200);
        }
      }
    });
  });
});
