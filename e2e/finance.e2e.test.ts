import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** The demo agency's first billed client: its card on 待申请. */
const firstGroup = (page: Page) => page.locator('[data-testid^="ready-group-"]').first();

describe('finance: a billed order invoiced from 待开票 and issued with its number', () => {
  let browser: Browser;
  let owner: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.financeOwner);
  });
  afterAll(() => browser.close());

  it('requests an ordinary invoice for a client’s billed lines, records its number, and lists it', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/ready_to_invoice');
    const errors = watchErrors(page);
    const group = firstGroup(page);
    await group.waitFor();
    await screenshot(page, 'finance-ready-to-invoice-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-ready-to-invoice-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Every line of the card, with the header's box; the button counts them.
    await group.locator('thead .ant-checkbox-input').check();
    const request = group.locator('[data-testid^="ready-request-"]');
    await expect.poll(() => request.textContent()).toMatch(/申请开票（\d+ 条）/);
    await request.click();
    const form = page.getByTestId('invoice-request-form');
    await form.waitFor();
    await page.getByTestId('invoice-request-totals').waitFor();
    const previewTotal = await page.getByTestId('invoice-request-totals').textContent();
    await form.getByText('数电普票').click();
    await screenshot(page, 'finance-invoice-request');
    await form.getByRole('button', { name: '提交申请' }).click();

    // The new invoice opens: 待开具, with the same figures the preview showed.
    const detail = page.getByTestId('invoice-detail');
    await detail.waitFor();
    await expect.poll(() => page.url()).toContain('invoice=');
    expect(await detail.textContent()).toContain('待开具');
    const totals = await page.getByTestId('invoice-totals').textContent();
    expect(previewTotal?.match(/价税合计 ¥[\d,.]+/)?.[0]).toBe(totals?.match(/价税合计 ¥[\d,.]+/)?.[0]);

    await page.getByTestId('invoice-issue').click();
    await page.getByTestId('invoice-number-input').fill('2631 2000 0000 0000 1234');
    await page.getByTestId('invoice-issue-modal').getByRole('button', { name: '登记' }).click();
    await expect.poll(() => detail.textContent()).toContain('已开具');
    expect(await detail.textContent()).toContain('26312000000000001234');
    await screenshot(page, 'finance-invoice-issued');

    // Closed, the invoice is on the 发票 tab.
    await page.locator('.ant-drawer-close').click();
    await page.getByRole('tab', { name: '发票' }).click();
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('26312000000000001234');
    await screenshot(page, 'finance-invoices-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-invoices-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
