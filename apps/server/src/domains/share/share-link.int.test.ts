import { rm } from 'node:fs/promises';
import type { Model } from '@trackit/contract/model.schema';
import type { FolderShare, Package } from '@trackit/contract/package.schema';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';
import { shareLinks } from './share.tables';
import { openShareLink } from './share-link.service';

/**
 * One share-link model for every kind (docs/product.md "Share links"): whatever the reason a link does not
 * open (unknown, revoked, expired, of another kind), the API and the share pages answer exactly alike, and
 * each kind's page carries its own link preview.
 */
describe('share links', () => {
  let appsDir: string;
  let t: TestApp;
  let owner: Record<string, string>;
  let model: Model;
  let folderId: number;

  const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
  const page = (path: string) => fetch(`${t.baseUrl}${path}`);
  const api = (path: string) => t.request('GET', `/storm_api/v1/public${path}`);
  const staff = <T>(method: string, path: string, body?: unknown) =>
    ok(t.request<T>(method, `/storm_api/v1${path}`, { headers: owner, body }));
  const newPackage = (title: string) =>
    staff<Package>('POST', '/packages', { title, models: [{ model_id: model.id }] });
  /** What a client gets for the id: the API's status and body, and the mobile page's status and title. */
  const answers = async (kind: 'packages' | 'folders', shareId: string) => {
    const res = await api(`/${kind}/${shareId}`);
    const html = await page(`/h5/${kind === 'packages' ? 's' : 'f'}/${shareId}`);
    const title = /<title>([^<]*)<\/title>/.exec(await html.text())?.[1];
    return { status: res.status, body: res.body, page: html.status, title };
  };
  const notFound = {
    status: 404,
    body: { code: 40400, message: SHARE_MESSAGES.notFound, data: null },
    page: 404,
    title: 'TrackIt 经纪管理',
  };

  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    t = await buildTestApp({ APPS_DIR: appsDir, LOG_LEVEL: 'error' });
    owner = (await signInTeamByLevel(t, 'data_management')).owner.headers;
    model = await staff<Model>('POST', '/models', { name: '林小溪', gender: 'female', height: 172 });
    folderId = (
      await staff<{ id: number }>('POST', '/folders', { name: '春季画册', kind: 'book', model_id: model.id })
    ).id;
    const bytes = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    await ok(uploadToFolder(t, owner, folderId, bytes, { name: 'a.jpg', type: 'image/jpeg' }));
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('answers a revoked or expired package link exactly as an unknown id', async () => {
    expect(await answers('packages', UNKNOWN)).toEqual(notFound);
    const revoked = await newPackage('已撤销的套餐');
    expect((await answers('packages', revoked.share_id)).status).toBe(200);
    await staff('POST', `/packages/${revoked.id}/revoke`);
    expect(await answers('packages', revoked.share_id)).toEqual(notFound);

    const expired = await newPackage('已过期的套餐');
    expect((await answers('packages', expired.share_id)).title).toBe('已过期的套餐');
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(shareLinks.id, expired.share_id));
    expect(await answers('packages', expired.share_id)).toEqual(notFound);
    // A later expiry reopens it (the list's 延期), on the same link.
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    await staff('PATCH', `/packages/${expired.id}`, { expires_at: later });
    expect((await answers('packages', expired.share_id)).status).toBe(200);
  });

  it('answers a revoked folder link exactly as an unknown id, and keeps one row per link', async () => {
    expect(await answers('folders', UNKNOWN)).toEqual(notFound);
    const shared = await staff<FolderShare>('POST', `/folders/${folderId}/share`);
    expect((await answers('folders', shared.share_id)).status).toBe(200);
    await staff('POST', `/folders/${folderId}/share/revoke`);
    expect(await answers('folders', shared.share_id)).toEqual(notFound);
    const again = await staff<FolderShare>('POST', `/folders/${folderId}/share`);
    const rows = await t.database.db
      .select({ id: shareLinks.id, revoked: shareLinks.revokedAt })
      .from(shareLinks)
      .where(and(eq(shareLinks.kind, 'folder'), eq(shareLinks.recordId, folderId)));
    expect(rows.map((row) => [row.id, row.revoked !== null]).sort()).toEqual(
      [
        [shared.share_id, true],
        [again.share_id, false],
      ].sort(),
    );
    await staff('POST', `/folders/${folderId}/share/revoke`);
  });

  it('never opens a record of another kind with a link of one kind', async () => {
    const pkg = await newPackage('只开套餐');
    const folder = await staff<FolderShare>('POST', `/folders/${folderId}/share`);
    expect(await answers('folders', pkg.share_id)).toEqual(notFound);
    expect(await answers('packages', folder.share_id)).toEqual(notFound);
    expect((await api(`/packages/${folder.share_id}/models/${model.id}`)).body).toEqual(notFound.body);
    expect((await page(`/h5/s/${folder.share_id}/${model.id}`)).status).toBe(404);
    // The one check refuses the kind itself, whatever record ids the kinds' tables happen to hold.
    const now = t.clock.now();
    await expect(openShareLink(t.database.db, 'folder', pkg.share_id, now)).rejects.toMatchObject({
      message: SHARE_MESSAGES.notFound,
    });
    await expect(openShareLink(t.database.db, 'package', folder.share_id, now)).rejects.toMatchObject({
      message: SHARE_MESSAGES.notFound,
    });
    expect((await openShareLink(t.database.db, 'package', pkg.share_id, now)).link.recordId).toBe(pkg.id);
    // Each still opens its own.
    expect((await answers('packages', pkg.share_id)).status).toBe(200);
    expect((await answers('folders', folder.share_id)).status).toBe(200);
    await staff('POST', `/folders/${folderId}/share/revoke`);
  });

  it('gives each kind its own link preview', async () => {
    const pkg = await newPackage('夏日大片');
    const folder = await staff<FolderShare>('POST', `/folders/${folderId}/share`);
    const head = async (path: string) => {
      const html = await (await page(path)).text();
      const meta = (name: string) =>
        new RegExp(`<meta property="og:${name}" content="([^"]*)" />`).exec(html)?.[1];
      return {
        title: meta('title'),
        description: meta('description'),
        image: meta('image')?.startsWith(t.baseUrl),
      };
    };
    expect(await head(`/h5/s/${pkg.share_id}`)).toEqual({
      title: '夏日大片',
      description: expect.stringContaining('为您推荐 1 位模特：林小溪'),
      image: true,
    });
    expect(await head(`/h5/s/${pkg.share_id}/${model.id}`)).toEqual({
      title: '林小溪 · 夏日大片',
      description: expect.stringContaining('身高 172cm'),
      image: true,
    });
    expect(await head(`/h5/f/${folder.share_id}`)).toEqual({
      title: '林小溪 · 春季画册',
      description: expect.stringContaining('分享的资源，共 1 个文件'),
      image: true,
    });
  });
});
