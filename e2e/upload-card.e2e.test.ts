import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPicture } from './api';
import { launchBrowser, screenshot } from './browser';
import { E2E_USERS } from './fixtures';
import { createFolderByApi, openSignedIn, signInByApi } from './session';

const COLORS = ['#d4380d', '#389e0d', '#1d39c4', '#722ed1', '#faad14', '#13c2c2'];
const photos = () =>
  Promise.all(
    COLORS.map(async (color, index) => ({
      name: `试镜照片-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    })),
  );

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
};

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Nothing covers the element: the topmost element at its centre is itself or inside it. */
const uncovered = (locator: Locator) =>
  locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return Boolean(top && (element === top || element.contains(top)));
  });

/** Text cut off: an element whose content is wider than its box (ellipsis allowed only on file names). */
const clippedTexts = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('*')]
        .filter(
          (element) =>
            element.children.length === 0 &&
            (element.textContent ?? '').trim() !== '' &&
            element.scrollWidth > element.clientWidth + 1 &&
            getComputedStyle(element).textOverflow !== 'ellipsis',
        )
        .map((element) => element.textContent),
    );

/** Makes the next version check find a newer build (the page fetches `/` when the window regains focus). */
async function announceNewVersion(page: Page) {
  await page.route(
    (url) => url.pathname === '/',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html><head><meta name="version" content="9.9.9-e2e"></head><body></body></html>',
      }),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

describe('the upload card in the bottom-right corner', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.cardUploader);
  });
  afterAll(() => browser?.close());

  it('counts failures apart, and stays visible with its 重试 links under the new-version notice', async () => {
    const folderId = await createFolderByApi(token, '试镜-失败与提醒');
    const page = await openSignedIn(browser, token, `/admin/information/folder/${folderId}`);
    await page.getByTestId('folder-drop-zone').waitFor();

    // The store refuses every PUT but the first, which it holds until the test lets it through.
    let held: Route | undefined;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/storm_api/v1/blobs/**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      if (!held) {
        held = route;
        await released;
        return route.continue();
      }
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":50000}' });
    });

    await page.getByTestId('folder-upload-input').setInputFiles(await photos());
    const card = page.getByTestId('upload-card');
    await card.waitFor();
    await expect
      .poll(() => page.getByTestId('upload-card-failed').textContent(), { timeout: 30_000 })
      .toBe('失败 5');
    // 已完成 0/6 with five failed and one on its way: not 88 % done.
    expect(await page.getByTestId('upload-card-summary').textContent()).toBe('已完成 0/6');
    const percent = Number((await page.getByTestId('upload-card-percent').textContent())?.replace('%', ''));
    expect(percent).toBeLessThan(100);
    expect(await page.getByTestId('upload-card-bar').getAttribute('data-state')).toBe('active');
    expect(await clippedTexts(page, '[data-testid="upload-card"]')).toEqual([]);
    await screenshot(page, 'upload-card-failures-uploading');

    // A new version is out while the user uploads: the notice comes, the card stays in view below it.
    await announceNewVersion(page);
    const notice = page.getByTestId('new-version-notice');
    await notice.waitFor();
    await page.getByTestId('upload-card-toggle').click();
    await page.getByTestId('upload-card-list').waitFor();
    const noticeBox = await boxOf(notice);
    const cardBox = await boxOf(card);
    expect(overlap(noticeBox, cardBox)).toBe(false);
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(cardBox.y);
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    for (const box of [noticeBox, cardBox]) {
      expect(box.y).toBeGreaterThanOrEqual(56);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(await uncovered(page.getByTestId('upload-card-summary'))).toBe(true);
    expect(await uncovered(page.getByTestId('new-version-refresh'))).toBe(true);
    const retries = page.locator('[data-testid^="upload-retry-"]');
    expect(await retries.count()).toBe(5);
    expect(await uncovered(retries.first())).toBe(true);
    expect(await clippedTexts(page, '[data-testid="new-version-notice"]')).toEqual([]);
    expect(await clippedTexts(page, '[data-testid="upload-card"] header')).toEqual([]);
    await screenshot(page, 'upload-card-with-new-version-notice');

    // The held file goes through: 1 done, 5 failed; the bar shows the failed part in red.
    release();
    await expect
      .poll(() => page.getByTestId('upload-card-summary').textContent(), { timeout: 30_000 })
      .toBe('已完成 1/6');
    await page.getByTestId('upload-card-close').waitFor();
    expect(await page.getByTestId('upload-card-bar').getAttribute('data-state')).toBe('failed');
    // Back to the simple view: the batch's bar alone.
    await page.getByTestId('upload-card-toggle').click();
    await screenshot(page, 'upload-card-failures-finished');

    // A smaller window: both still fit between the header and the bottom, the file list scrolls.
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.getByTestId('upload-card-toggle').click();
    const small = [await boxOf(notice), await boxOf(card)];
    expect(overlap(small[0] as Box, small[1] as Box)).toBe(false);
    for (const box of small) {
      expect(box.y).toBeGreaterThanOrEqual(56);
      expect(box.y + box.height).toBeLessThanOrEqual(600);
    }
    await retries.last().scrollIntoViewIfNeeded();
    expect(await uncovered(retries.last())).toBe(true);
    await screenshot(page, 'upload-card-with-notice-small-window');
    await page.close();
  });
  it('never covers a tile’s buttons: the page leaves room below its last tiles while files upload', async () => {
    const folderId = await createFolderByApi(token, '试镜-满屏');
    // 30 tiles: whole rows at five columns (1280 px) and at six (1440 px), so the last row reaches the
    // right-hand corner where the card floats.
    for (let index = 0; index < 30; index += 1) {
      const bytes = await sharp({
        create: { width: 300, height: 400, channels: 3, background: COLORS[index % COLORS.length] ?? '#000' },
      })
        .jpeg()
        .toBuffer();
      // A byte after the picture's end makes each file distinct; decoders ignore it.
      await uploadPicture(
        token,
        folderId,
        Buffer.concat([bytes, Buffer.from([index])]),
        `满屏-${index + 1}.jpg`,
      );
    }
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1440, height: 900 },
    ]) {
      const page = await openSignedIn(browser, token, `/admin/information/folder/${folderId}`, viewport);
      const tiles = page.locator('[data-testid^="folder-file-"]');
      await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(30);
      // More files on their way, held by the store: the card stays, uploading.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/storm_api/v1/blobs/**', async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        await released;
        return route.abort();
      });
      await page.getByTestId('folder-upload-input').setInputFiles(await photos());
      const card = page.getByTestId('upload-card');
      await card.waitFor();
      await expect.poll(() => page.getByTestId('upload-card-summary').textContent()).toBe('已完成 0/6');
      // The simple card, then the taller one listing each file: scrolled to its end, the page shows every
      // tile's buttons above the card, never under it.
      for (const view of ['simple', 'detail'] as const) {
        if (view === 'detail') {
          await page.getByTestId('upload-card-toggle').click();
          await page.getByTestId('upload-card-list').waitFor();
        }
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect
          .poll(async () =>
            page.evaluate(() => document.documentElement.scrollHeight - window.scrollY - window.innerHeight),
          )
          .toBe(0);
        const cardBox = await boxOf(card);
        const buttons = page.locator(
          '[data-testid^="folder-file-"] button:not([disabled]), [data-testid^="folder-file-"] .ant-checkbox',
        );
        let checked = 0;
        for (const button of await buttons.all()) {
          const box = await button.boundingBox();
          if (!box || box.y < 56 || box.y + box.height > viewport.height) continue;
          const name = (await button.getAttribute('data-testid')) ?? 'a tile button';
          expect(overlap(box, cardBox), `${view}: ${name}`).toBe(false);
          expect(await uncovered(button), `${view}: ${name}`).toBe(true);
          checked += 1;
        }
        // The last tile, in the corner where the card floats, is among them.
        const last = tiles.last().locator('[data-testid^="file-delete-"]');
        expect((await boxOf(last)).x).toBeGreaterThan(cardBox.x);
        expect(await uncovered(last), `${view}: the last tile`).toBe(true);
        expect(checked).toBeGreaterThanOrEqual(6);
        await screenshot(page, `upload-card-over-folder-${view}-${viewport.width}x${viewport.height}`, {
          fullPage: false,
        });
      }
      release();
      await page.close();
    }
  });
});
