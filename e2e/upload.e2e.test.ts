import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { createFolderByApi, openSignedIn, signInByApi } from './session';

const COLORS = ['#d4380d', '#389e0d', '#1d39c4', '#722ed1', '#faad14'];

describe('uploading into a folder', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.uploader);
  });
  afterAll(() => browser.close());

  it('uploads several photos, shows both views of the card, and retries the one the store refused', async () => {
    const folderId = await createFolderByApi(token, '春季画册');
    const page = await openSignedIn(browser, token, `/admin/information/folder/${folderId}`);
    const errors = watchErrors(page);
    await page.getByTestId('folder-drop-zone').waitFor();
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('春季画册');

    // The storage refuses the first PUT it gets, as a failing store would.
    let refused = false;
    await page.route('**/storm_api/v1/blobs/**', async (route) => {
      if (route.request().method() === 'PUT' && !refused) {
        refused = true;
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":50000}' });
      }
      return route.continue();
    });

    const photos = await Promise.all(
      COLORS.map(async (color, index) => ({
        name: `photo-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 1200, height: 1600, channels: 3, background: color } })
          .jpeg({ quality: 90 })
          .toBuffer(),
      })),
    );
    await page.getByTestId('folder-upload-input').setInputFiles(photos);

    const card = page.getByTestId('upload-card');
    await card.waitFor();
    await expect
      .poll(() => page.getByTestId('upload-card-summary').textContent(), { timeout: 30_000 })
      .toContain('4/5');
    await screenshot(page, 'upload-card-simple');

    await page.getByTestId('upload-card-toggle').click();
    await expect
      .poll(() => page.locator('[data-testid^="upload-item-"][data-status="error"]').count())
      .toBe(1);
    const failed = page.locator('[data-testid^="upload-item-"][data-status="error"]');
    await failed.getByText('文件存储失败（状态码 500）').waitFor();
    await screenshot(page, 'upload-card-detail');
    const uid = (await failed.getAttribute('data-testid'))?.replace('upload-item-', '');
    await page.getByTestId(`upload-retry-${uid}`).click();
    await expect
      .poll(() => page.locator('[data-testid^="upload-item-"][data-status="success"]').count(), {
        timeout: 30_000,
      })
      .toBe(5);

    // All five in the folder, with thumbnails made by the server.
    await expect
      .poll(() => page.locator('[data-testid^="folder-file-"]').count(), { timeout: 30_000 })
      .toBe(5);
    await expect
      .poll(() => page.getByTestId('folder-grid').locator('img[src*="thumb.webp"]').count(), {
        timeout: 30_000,
      })
      .toBe(5);
    await screenshot(page, 'folder-grid');

    await page.getByTestId('upload-card-close').click();
    expect(await page.getByTestId('upload-card').count()).toBe(0);
    expect(errors.filter((error) => !error.includes('500'))).toEqual([]);
    await page.close();
  });

  it('lists folders and creates one', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/folder');
    await page.getByTestId('folder-list').getByText('春季画册').waitFor();
    await page.getByTestId('folder-create').click();
    await page.getByTestId('folder-name-input').fill('宝丽来');
    await page.getByTestId('folder-create-submit').click();
    await page.waitForURL(/\/admin\/information\/folder\/\d+$/);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('宝丽来');
    await page.close();
  });
});
