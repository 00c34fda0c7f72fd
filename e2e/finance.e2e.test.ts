import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import type { Invoice, InvoiceDetail } from '@trackit/contract/invoice.schema';
import type { Notification } from '@trackit/contract/notify.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** The demo agency's first billed client: its card on 待申请. */
const firstGroup = (page: Page) => page.locator('[data-testid^="ready-group-"]').first();

describe('finance: a billed order invoiced, paid, its statement confirmed by the client, the dashboard moved', () => {
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
    // The invoice's PDF goes through the upload pipeline with the number.
    await page
      .getByTestId('invoice-issue-modal')
      .locator('input[type=file]')
      .setInputFiles({
        name: '数电发票-1234.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      });
    await page.getByTestId('invoice-issue-modal').getByRole('button', { name: '登记' }).click();
    await expect.poll(() => detail.textContent()).toContain('已开具');
    expect(await detail.textContent()).toContain('26312000000000001234');
    expect(await detail.getByRole('link', { name: '数电发票-1234.pdf' }).getAttribute('href')).toBeTruthy();
    await screenshot(page, 'finance-invoice-issued');

    // Closed, the invoice is on the 发票 register, where it opened.
    await page.locator('.ant-drawer-close').click();
    expect(new URL(page.url()).pathname).toBe('/admin/finance/invoices');
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('26312000000000001234');
    await screenshot(page, 'finance-invoices-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-invoices-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes the invoiced order through a partial receipt and the rest to 已收款, shares its statement, which the client confirms, and the dashboard moves', async () => {
    const [invoice] = await callApi<Invoice[]>('GET', '/v1/invoices?keyword=26312000000000001234', owner);
    if (!invoice) throw new Error('the first journey issued the invoice');
    const { lines } = await callApi<InvoiceDetail>('GET', `/v1/invoices/${invoice.id}`, owner);
    const orderId = lines[0]?.order_id ?? 0;
    const before = await callApi<FinanceDashboard>('GET', '/v1/finance/dashboard', owner);
    const page = await openSignedIn(browser, owner, `/admin/finance/${orderId}`);
    const errors = watchErrors(page);
    const state = page.getByTestId('finance-order-state');
    await state.waitFor();
    const record = async (part: (open: number) => number) => {
      await page.getByTestId('receipt-record').click();
      const form = page.getByTestId('receipt-form');
      await form.waitFor();
      const amount = form.getByTestId('receipt-amount');
      const open = Math.round(Number((await amount.inputValue()).replaceAll(',', '')) * 100);
      const paying = part(open);
      await amount.fill((paying / 100).toFixed(2));
      await expect
        .poll(() => page.getByTestId('receipt-allocation-sum').textContent())
        .toContain((paying / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
      await page.getByTestId('receipt-submit').click();
      await form.waitFor({ state: 'detached' });
      return paying;
    };
    // Half of what is open first: 部分收款; then the rest: 已收款.
    const first = await record((open) => Math.floor(open / 2));
    await expect.poll(() => state.textContent()).toBe('部分收款');
    await screenshot(page, 'finance-order-partly-paid-1440');
    const second = await record((open) => open);
    await expect.poll(() => state.textContent()).toBe('已收款');
    const paid = await callApi<FinanceOrder>('GET', `/v1/finance/orders/${orderId}`, owner);
    expect(paid).toMatchObject({ payment_state: 'paid', outstanding: 0, aging_bucket: null });
    await screenshot(page, 'finance-order-paid-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-order-paid-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The order's statement, shared: its link opens as the client sees it.
    await page.getByTestId('fee-statement-share').click();
    await page.getByTestId('fee-statement-create').click();
    const url = (await page.getByTestId('fee-statement-url').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/web\/fees\/[\w-]{24}$/);
    await page.locator('.ant-drawer-close').click();
    const client = await openPage(browser);
    const clientErrors = watchErrors(client);
    await client.goto(`${inject('e2eBaseUrl')}${url.slice(url.indexOf('/web/'))}`);
    const statement = client.getByTestId('fee-statement-page');
    await statement.waitFor();
    expect(await statement.textContent()).toContain(paid.number);
    await screenshot(client, 'finance-statement-client-1440');
    await client.getByTestId('open-invoice-info').click();
    await client.getByTestId('buyer-tax-id').fill('91330100MA2B3C4D5E');
    await client.getByTestId('info-name').fill('王会计');
    await client.getByRole('dialog', { name: '开票信息' }).getByRole('button', { name: '提交' }).click();
    await client.getByTestId('invoice-info').waitFor();
    await client.getByTestId('open-confirm').click();
    await client.getByTestId('confirm-name').fill('王会计');
    await client
      .getByRole('dialog', { name: '确认对账单' })
      .getByRole('button', { name: '确认', exact: true })
      .click();
    await client.getByTestId('confirmation').waitFor();
    expect(await client.getByTestId('confirmation').textContent()).toContain('王会计');
    await client.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await screenshot(client, 'finance-statement-confirmed-1440');
    // A phone given the link under /h5 lands on the same page, which fits its width.
    await client.setViewportSize({ width: 390, height: 844 });
    await client.goto(`${inject('e2eBaseUrl')}${url.slice(url.indexOf('/web/')).replace('/web/', '/h5/')}`);
    await statement.waitFor();
    expect(new URL(client.url()).pathname).toBe(url.slice(url.indexOf('/web/')));
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(client, 'finance-statement-phone-390');
    expect(clientErrors).toEqual([]);
    await client.close();

    // Staff see it confirmed and were told of both answers.
    await page.reload();
    await page.locator('[data-testid^="fee-statement-confirmed-"]').first().waitFor();
    const notices = await callApi<Notification[]>('GET', '/v1/notifies?per_page=20', owner);
    const titles = notices.map((notice) => notice.title).join(' ');
    expect(titles).toContain('确认');
    expect(titles).toContain('开票信息');

    // 费用: the order paid, the list as of today and its totals.
    await page.goto(`${inject('e2eBaseUrl')}/admin/finance/fees`);
    await page.getByTestId(`fee-row-${orderId}`).waitFor();
    expect(await page.getByTestId(`fee-state-${orderId}`).textContent()).toBe('已收款');
    await page.getByTestId('fee-totals').waitFor();
    await screenshot(page, 'finance-fees-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-fees-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The dashboard: this month's receipts grew by both payments.
    const after = await callApi<FinanceDashboard>('GET', '/v1/finance/dashboard', owner);
    expect(after.received_this_month.amount - before.received_this_month.amount).toBe(first + second);
    await page.goto(`${inject('e2eBaseUrl')}/admin/finance/dashboard`);
    await page.getByTestId('finance-dashboard').waitFor();
    await page.getByTestId('finance-revenue-chart').waitFor();
    await screenshot(page, 'finance-dashboard-after-1440');
    expect(errors).toEqual([]);
    await page.close();
  });
});
