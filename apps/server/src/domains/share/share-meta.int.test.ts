import { rm } from 'node:fs/promises';
import type { Model } from '@trackit/contract/model.schema';
import type { Package } from '@trackit/contract/package.schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';

describe('share pages’ HTML', () => {
  let appsDir: string;
  let t: TestApp;
  let pkg: Package;
  let model: Model;
  let owner: Record<string, string>;

  const page = (path: string) => fetch(`${t.baseUrl}${path}`);

  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    t = await buildTestApp({ APPS_DIR: appsDir, LOG_LEVEL: 'error' });
    const { headers } = (await signInTeamByLevel(t, 'data_management')).owner;
    owner = headers;
    model = await ok(
      t.request<Model>('POST', '/storm_api/v1/models', {
        headers,
        body: { name: '刘晓阳', gender: 'female', height: 178, mobile: '13912345678' },
      }),
    );
    const folder = await ok(
      t.request<{ id: number }>('POST', '/storm_api/v1/folders', {
        headers,
        body: { name: '画册', kind: 'book', model_id: model.id },
      }),
    );
    const bytes = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    await ok(uploadToFolder(t, headers, folder.id, bytes, { name: 'a.jpg', type: 'image/jpeg' }));
    pkg = await ok(
      t.request<Package>('POST', '/storm_api/v1/packages', {
        headers,
        body: { title: '夏季<大片>', message: '为您挑选的 3 位模特', models: [{ model_id: model.id }] },
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('serves a package page with its link-preview tags, escaped, never cached, out of search engines', async () => {
    const res = await page(`/h5/s/${pkg.share_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<title>夏季&#60;大片&#62;</title>');
    expect(html).toContain('<meta property="og:title" content="夏季&#60;大片&#62;" />');
    expect(html).toContain('<meta property="og:description" content="为您挑选的 3 位模特" />');
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="${t.baseUrl}/storm_api/v1/blobs/[^"]+" />`),
    );
    expect(html).not.toContain('TrackIt 经纪管理</title>');
    expect(html).not.toContain('13912345678');
  });

  it('names the model on a model page, and answers 404 without a preview for an unknown or revoked id', async () => {
    const modelPage = await (await page(`/h5/s/${pkg.share_id}/${model.id}`)).text();
    expect(modelPage).toContain('<title>刘晓阳 · 夏季&#60;大片&#62;</title>');
    expect(modelPage).toContain('身高 178cm');
    const unknown = await page('/h5/s/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<title>TrackIt 经纪管理</title>');
    // Malformed ids, and model ids that are no id, are unknown ids like any other.
    for (const path of [
      `/h5/s/${'A'.repeat(300)}`,
      `/h5/s/${encodeURIComponent('夏季大片')}`,
      `/h5/s/${pkg.share_id}/abc`,
      `/h5/s/${pkg.share_id}/0`,
      `/h5/s/${pkg.share_id}/99999999999999999999`,
      `/h5/photo/${pkg.share_id}/x`,
      `/h5/files/${pkg.share_id}/${model.id + 1000}`,
      `/h5/f/${encodeURIComponent('资源夹')}`,
      '/h5/f/%E4%B8',
      `/h5/photo/${'A'.repeat(5000)}/1`,
    ]) {
      const res = await page(path);
      expect(res.status, path.slice(0, 60)).toBe(404);
      expect(res.headers.get('x-robots-tag'), path.slice(0, 60)).toContain('noindex');
    }
    const other = await page('/h5/about');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-robots-tag')).toContain('noindex');
  });

  it("puts a title and message with replacement patterns ($' $` $& $$ $1) in the head as typed", async () => {
    const dollars = await ok(
      t.request<Package>('POST', '/storm_api/v1/packages', {
        headers: owner,
        body: { title: "报价$'尾$`头$&配$$元$1", message: "留言$'$`$&", models: [{ model_id: model.id }] },
      }),
    );
    const html = await (await page(`/h5/s/${dollars.share_id}`)).text();
    const title = '报价$&#39;尾$`头$&#38;配$$元$1';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain('<meta property="og:description" content="留言$&#39;$`$&#38;" />');
    // The page around the head is left whole: one head, one title, one script, in their places.
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<script /g)).toHaveLength(1);
    expect(html.endsWith('</head><body></body></html>')).toBe(true);
  });

  it('cuts a long description to one line by characters, never through an emoji', async () => {
    const long = await ok(
      t.request<Package>('POST', '/storm_api/v1/packages', {
        headers: owner,
        body: { title: '长留言', message: `${'好'.repeat(78)}😀😀😀`, models: [{ model_id: model.id }] },
      }),
    );
    const html = await (await page(`/h5/s/${long.share_id}`)).text();
    expect(html).toContain(`<meta name="description" content="${'好'.repeat(78)}😀…" />`);
    expect(html).not.toContain('\ufffd');
  });
});
