import { MESSAGES, PRODUCT_NAME_ZH } from '@trackit/contract/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';

const baseUrl = inject('e2eBaseUrl');

describe('the built product', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('opens the admin app from / (the sign-in page for a visitor)', async () => {
    const page = await openPage(browser);
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/admin\/login$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server running on its embedded database on the status page', async () => {
    const page = await openPage(browser);
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin/status`);
    await page.getByText(PRODUCT_NAME_ZH, { exact: true }).first().waitFor();
    await page.getByText('运行正常').waitFor();
    await page.getByText('PGlite（内置）').waitFor();
    const configs = (await (await fetch(`${baseUrl}/storm_api/v1/configs`)).json()) as {
      data: { version: string };
    };
    const meta = await page.locator('meta[name="version"]').getAttribute('content');
    expect(meta).toBe(configs.data.version);
    await screenshot(page, 'admin-status');
    expect(errors).toEqual([]);
    await page.close();
  });

  const notFoundPages = [
    ['admin', '/admin/no/such/page', { width: 1280, height: 800 }],
    ['h5', '/h5/no-such-page', { width: 390, height: 844 }],
    ['web', '/web/no-such-page', { width: 1280, height: 800 }],
  ] as const;

  for (const [app, path, viewport] of notFoundPages) {
    it(`shows the 404 text on an unknown ${app} page, loaded by deep link`, async () => {
      const page = await openPage(browser, viewport);
      const errors = watchErrors(page);
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await page.getByText(MESSAGES.notFoundPage).first().waitFor();
      await screenshot(page, `${app}-404`);
      // No CSP violation or script error: the strict policy and the built app agree.
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('keeps the share-mobile app free of antd desktop code', async () => {
    const page = await openPage(browser);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text());
    });
    await page.goto(`${baseUrl}/h5/anything`);
    await page.getByText(MESSAGES.notFoundPage).first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).not.toContain('ant-btn');
    await page.close();
  });
});
