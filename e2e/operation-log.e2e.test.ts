import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** What an internal key, field name, id or API address would look like on the page. */
const INTERNAL =
  /\b[a-z]+_[a-z_]+\b|\b(folder|file|nickname|avatar|membership|session|detail|byte)\b|\/storm_api|#\d/;

describe('the operation log reads as Chinese sentences', () => {
  let browser: Browser;
  let token: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.recorder);
  });
  afterAll(() => browser.close());

  it('records a new folder, an upload and a new nickname, each as a sentence with a link', async () => {
    const page = await openSignedIn(browser, token, '/admin/information/folder');
    const errors = watchErrors(page);

    // A folder, created as a member does.
    await page.getByTestId('folder-create').click();
    await page.getByTestId('folder-name-input').fill('2025 春夏画册');
    await page.getByTestId('folder-create-submit').click();
    await page.waitForURL(/\/admin\/information\/folder\/\d+$/);
    const folderPath = new URL(page.url()).pathname;

    // A photo uploaded into it.
    await page.getByTestId('folder-drop-zone').waitFor();
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('folder-upload-input')
      .setInputFiles([{ name: 'look-01.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await expect
      .poll(() => page.locator('[data-testid^="folder-file-"]').count(), { timeout: 30_000 })
      .toBe(1);

    // A new nickname (saving an unchanged one is not offered: the button waits for a change).
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/setting'));
    await page.getByTestId('setting-nickname-input').fill('苏青青');
    await page.getByTestId('setting-nickname-save').click();
    await expect.poll(() => page.getByTestId('setting-nickname-save').isDisabled()).toBe(true);

    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/operate'));
    const table = page.getByTestId('operate-table');
    await table.getByText('上传了文件 look-01.jpg 到资源夹「2025 春夏画册」').waitFor();
    const text = await table.innerText();
    expect(text).toContain('新建了资源夹「2025 春夏画册」');
    expect(text).toContain('修改了昵称');
    expect(text).toMatch(/昵称：苏青\s*→\s*苏青青/);
    expect(text).toContain('登录了系统');
    expect(text.match(/修改了昵称/g)).toHaveLength(1);
    expect(text).not.toMatch(INTERNAL);
    await screenshot(page, 'operation-log');

    // The folder's entries link to the folder; the others have nothing to open.
    expect(await table.getByRole('link', { name: '查看' }).count()).toBe(2);
    await table.locator('tr', { hasText: '新建了资源夹' }).getByRole('link', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname === folderPath);
    expect(errors).toEqual([]);
    await page.close();
  });
});
