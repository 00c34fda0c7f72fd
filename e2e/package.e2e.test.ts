import { BUSINESS_TIME_ZONE } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import type { Package } from '@trackit/contract/package.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { drawPortrait } from '../apps/server/src/seed/demo-models';
import { callApi, uploadPicture } from './api';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const MODELS = [
  { name: '沈知夏', english_name: 'Summer Shen', height: 177, bust: 82, waist: 60, hips: 88, shoe_size: 39 },
  { name: '顾南乔', english_name: 'Joe Gu', height: 180, bust: 84, waist: 61, hips: 90, shoe_size: 40 },
  { name: '林语桐', english_name: 'Tina Lin', height: 175, bust: 80, waist: 59, hips: 87, shoe_size: 38 },
];
const PHOTOS_PER_MODEL = 3;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';

/** A model with a book of drawn photos, the first its cover. */
async function createModelWithBook(token: TokenPair, fields: (typeof MODELS)[number], seed: number) {
  const model = await callApi<Model>('POST', '/v1/models', token, {
    ...fields,
    gender: 'female',
    mobile: `1390000000${seed}`,
    notes: '内部备注：不对客户展示',
  });
  const book = await callApi<{ id: number }>('POST', '/v1/folders', token, {
    name: `${fields.name} 画册`,
    kind: 'book',
    model_id: model.id,
  });
  const ids: number[] = [];
  for (let number = 1; number <= PHOTOS_PER_MODEL; number += 1) {
    ids.push(
      await uploadPicture(token, book.id, await drawPortrait(fields.name, number, seed), `${number}.jpg`),
    );
  }
  await callApi('PATCH', `/v1/models/${model.id}`, token, { cover_file_id: ids[0] });
  return model;
}

/** Waits until every picture shown has loaded (a screenshot of grey tiles shows nothing). */
async function picturesLoaded(page: Page, selector = 'img') {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .evaluateAll((nodes) =>
          nodes
            .filter(
              (node) =>
                (node as HTMLImageElement).loading !== 'lazy' ||
                node.getBoundingClientRect().top < innerHeight,
            )
            .every(
              (node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0,
            ),
        ),
    )
    .toBe(true);
}

describe('packages and the share pages', () => {
  let browser: Browser;
  let phone: BrowserContext;
  let token: TokenPair;
  let models: Model[];
  let pkg: Package;
  const base = () => inject('e2eBaseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.packageOwner);
    models = [];
    for (const [index, fields] of MODELS.entries())
      models.push(await createModelWithBook(token, fields, index + 1));
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: IPHONE,
      locale: 'zh-CN',
      timezoneId: BUSINESS_TIME_ZONE,
    });
  });
  afterAll(() => browser.close());

  it('sends three models from the model list as a package with its links and QR code', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/model');
    const errors = watchErrors(page);
    for (const model of models) {
      await page.getByTestId(`model-card-${model.id}`).getByRole('checkbox').check();
    }
    const bar = page.getByTestId('list-selection-bar');
    await bar.getByText('已选 3 项').waitFor();
    await bar.getByRole('button', { name: '发套餐' }).click();
    await page.getByTestId('package-title-input').fill('秋冬大片 · 三位候选');
    await page
      .getByLabel('给客户的留言')
      .fill('您好，这是为本次大片挑选的三位模特，欢迎点爱心告诉我们您的选择。');
    for (const model of models) await page.getByTestId(`package-model-${model.id}`).waitFor();
    await screenshot(page, 'package-editor');
    await page.getByTestId('package-submit').click();
    const created = page.getByTestId('package-created');
    await created.waitFor();
    await created.locator('canvas, svg').first().waitFor();
    await screenshot(page, 'package-created');

    const list = await callApi<Package[]>('GET', '/v1/packages', token);
    const found = list.find((item) => item.title === '秋冬大片 · 三位候选');
    if (!found) throw new Error('the package was not created');
    pkg = found;
    // In the order they were ticked (a selection may gather several searches).
    expect(pkg.models.map((model) => model.model_id)).toEqual(models.map((model) => model.id));
    expect(await created.textContent()).toContain(`${base()}${pkg.mobile_url}`);
    expect(errors).toEqual([]);
  });

  it('opens the mobile link: the grid, a model, the swipe gallery, and a pick with a comment', async () => {
    const page = await phone.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base()}${pkg.mobile_url}`);
    await page.getByText('秋冬大片 · 三位候选').waitFor();
    for (const model of MODELS) await page.getByText(model.name, { exact: true }).waitFor();
    await page.getByText('身高').first().waitFor();
    expect(await page.content()).not.toContain('内部备注');
    await picturesLoaded(page);
    await screenshot(page, 'package-h5-grid');

    await page.getByText(MODELS[0]?.name ?? '', { exact: true }).click();
    await page.waitForURL(`**/h5/s/${pkg.share_id}/${models[0]?.id}`);
    await page.getByText('Summer Shen').first().waitFor();
    await page.getByRole('img', { name: `${MODELS[0]?.name} 照片 1` }).waitFor();
    await picturesLoaded(page);
    await screenshot(page, 'package-h5-model');

    // The gallery: full screen, swiped to the second photo.
    await page.getByRole('img', { name: `${MODELS[0]?.name} 照片 1` }).click();
    await page.waitForURL(`**/h5/photo/${pkg.share_id}/${models[0]?.id}**`);
    const viewer = page.locator('.adm-image-viewer-slides');
    await viewer.waitFor();
    const box = await viewer.boundingBox();
    if (!box) throw new Error('the gallery has no size');
    // A finger swiping right to left, as a phone sends it (touch events, not a mouse).
    const cdp = await phone.newCDPSession(page);
    const y = box.y + box.height / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', box.x + box.width * 0.85);
    for (let step = 1; step <= 12; step += 1) {
      await touch('touchMove', box.x + box.width * (0.85 - step * 0.06));
      await page.waitForTimeout(16);
    }
    await touch('touchEnd', box.x + box.width * 0.13);
    await expect.poll(() => new URL(page.url()).searchParams.get('i')).toBe('1');
    await page.waitForTimeout(400);
    await screenshot(page, 'package-h5-gallery');
    await page.goBack();
    await page.waitForURL(`**/h5/s/${pkg.share_id}/${models[0]?.id}`);

    // A heart asks the name once; the comment goes with it.
    await page
      .getByRole('button', { name: `选中 ${MODELS[0]?.name}` })
      .first()
      .click();
    await page.getByLabel('您的称呼或公司').fill('王珊');
    await page.getByRole('button', { name: '确定' }).click();
    await page
      .getByRole('button', { name: `取消选中 ${MODELS[0]?.name}` })
      .first()
      .waitFor();
    await page.getByLabel('留言').fill('很适合这次的主题，想约周五试镜');
    await page.getByRole('button', { name: '发送留言' }).click();
    await page.getByText('留言已发送').waitFor();
    await screenshot(page, 'package-h5-picked');
    // Leaving the page reports how long it stayed visible.
    await page.goto(`${base()}${pkg.mobile_url}`);
    await page.getByText('已选 1 位').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the desktop link at 1440×900', async () => {
    const page = await openPage(browser);
    const errors = watchErrors(page);
    await page.goto(`${base()}${pkg.desktop_url}`);
    await page.getByTestId('package-title').getByText('秋冬大片 · 三位候选').waitFor();
    for (const model of MODELS) await page.getByText(model.name, { exact: true }).first().waitFor();
    await picturesLoaded(page);
    await screenshot(page, 'package-web-grid');
    await page
      .getByText(MODELS[1]?.name ?? '', { exact: true })
      .first()
      .click();
    await page.getByTestId('photos').waitFor();
    await picturesLoaded(page, '[data-testid="photos"] img');
    await screenshot(page, 'package-web-model');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the views, the pick with its comment and the notification to the agent', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/packages');
    const errors = watchErrors(page);
    const row = page.getByTestId(`package-row-${pkg.id}`);
    await row.waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId(`package-views-${pkg.id}`).textContent()))
      .toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId(`package-picks-${pkg.id}`).textContent()).toContain('1');
    await screenshot(page, 'package-list');

    await page.getByTestId('header-bell').click();
    await page
      .getByText(`客户在套餐「秋冬大片 · 三位候选」中选中了模特「${MODELS[0]?.name}」`)
      .first()
      .waitFor();
    await page.getByText('客户打开了套餐「秋冬大片 · 三位候选」').first().waitFor();
    await screenshot(page, 'package-notifications');

    await page.goto(`${base()}/admin/information/packages?package=${pkg.id}`);
    const drawer = page.getByTestId('package-activity');
    await drawer.waitFor();
    await drawer.getByText('很适合这次的主题，想约周五试镜').waitFor();
    await drawer.getByText('王珊').first().waitFor();
    await screenshot(page, 'package-activity');
    expect(errors).toEqual([]);
  });

  it('revokes the package: the mobile link shows the 404 at once', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/packages');
    await page.getByTestId(`package-revoke-${pkg.id}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '撤销' }).click();
    await page.getByTestId(`package-row-${pkg.id}`).getByText('已撤销').waitFor();

    const mobile = await phone.newPage();
    await mobile.goto(`${base()}${pkg.mobile_url}`);
    await mobile.getByText('抱歉，页面未找到').waitFor();
    await screenshot(mobile, 'package-h5-revoked');
    const html = await fetch(`${base()}${pkg.mobile_url}`);
    expect(html.status).toBe(404);
    await mobile.close();
  });
});
