import { businessDate } from '@trackit/contract/business-time';
import type { Invoice, InvoiceDetail, InvoiceTotals, ReadyGroup } from '@trackit/contract/invoice.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const BLUE_NUMBER = '26312000000000003501';
const RED_NUMBER = '26312000000000003502';
const CONFIRMATION = '31011226120700003535';

/**
 * Issue 35's invoices on the demo agency: a red-letter correction of one line of a two-line invoice, asked
 * by line with its preview, approved and recorded with the red invoice's own number and 确认单 number; the
 * 发票 register filtered in its address, its totals and its export with a totals row; 待开票's checkboxes
 * named in Chinese.
 */
describe('finance: a red-letter correction by line, and the 发票 register', () => {
  let browser: Browser;
  let owner: TokenPair;
  let invoice: InvoiceDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.invoicesOwner);
    // Two lines of a middle client's billed orders (the finance journey takes the first, receipts the last).
    const groups = await callApi<ReadyGroup[]>('GET', '/v1/finance/ready_to_invoice?per_page=100', owner);
    const withEntity = groups.filter((group) => group.team_recipient !== null && group.lines.length >= 2);
    const group = withEntity[Math.floor(withEntity.length / 2)];
    if (!group?.team_recipient) throw new Error('the demo agency has a client with two lines to invoice');
    const requested = await callApi<InvoiceDetail>('POST', '/v1/invoices', owner, {
      team_recipient_id: group.team_recipient.id,
      company_id: group.company.id,
      type: 'ordinary',
      buyer: { name: group.company.name, tax_id: '91310115MA1H7R2Q5C' },
      fee_line_ids: group.lines.slice(0, 2).map((line) => line.fee_line_id),
    });
    invoice = await callApi<InvoiceDetail>('POST', `/v1/invoices/${requested.id}/issue`, owner, {
      number: BLUE_NUMBER,
      issued_on: businessDate(new Date()),
    });
  });
  afterAll(() => browser.close());

  it('corrects one line of a two-line invoice in part, previewed, approved and recorded with the red invoice’s number', async () => {
    const page = await openSignedIn(browser, owner, `/admin/finance/invoices?invoice=${invoice.id}`);
    const errors = watchErrors(page);
    const detail = page.getByTestId('invoice-detail');
    await detail.waitFor();
    await page.getByTestId('invoice-reverse').click();
    // antd names the modal's root, which has no box of its own: its table shows it open.
    const modal = page.getByTestId('invoice-reverse-modal');
    await modal.getByTestId('reverse-lines').waitFor();
    const [, second] = invoice.lines;
    if (!second) throw new Error('two lines');
    // The second line only; more than it holds says how much it can give.
    await modal.getByLabel(`选择 ${second.model_name} ${second.order_number}`).check();
    const amount = modal.getByTestId(`reverse-line-amount-${second.id}`);
    await amount.fill(((second.total + 100) / 100).toFixed(2));
    await amount.blur();
    await expect
      .poll(() => modal.getByTestId(`reverse-line-error-${second.id}`).textContent())
      .toContain('该行最多可红冲');
    const part = Math.floor(second.total / 2);
    await amount.fill((part / 100).toFixed(2));
    await amount.blur();
    const preview = modal.getByTestId('reverse-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('部分红冲');
    await modal.getByTestId('invoice-reverse-reason').fill('客户退回该模特半天的服务');
    await screenshot(page, 'invoices35-reverse-preview-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'invoices35-reverse-preview-1280', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await modal.getByRole('button', { name: '提交审批' }).click();
    await modal.getByTestId('reverse-lines').waitFor({ state: 'detached' });

    // Approved (the owner decides; the team lets a requester decide their own), then the red invoice recorded.
    const correction = page.locator('[data-testid^="invoice-correction-"]').first();
    await correction.getByRole('button', { name: '同意' }).click();
    const decide = page.getByTestId('invoice-correction-modal');
    await decide.getByRole('button', { name: '同意' }).click();
    await decide.getByRole('button', { name: '同意' }).waitFor({ state: 'detached' });
    await page.getByTestId('correction-issue').click();
    const issue = page.getByTestId('correction-issue-modal');
    await issue.getByTestId('correction-number-input').fill(RED_NUMBER);
    await issue.getByTestId('correction-confirmation-input').fill(CONFIRMATION);
    await issue.getByRole('button', { name: '登记' }).click();
    await issue.getByTestId('correction-number-input').waitFor({ state: 'detached' });
    await expect.poll(() => detail.getByTestId('correction-red-invoice').textContent()).toContain(RED_NUMBER);
    expect(await detail.getByTestId('correction-red-invoice').textContent()).toContain(CONFIRMATION);
    expect(await detail.getByTestId('invoice-reversed').textContent()).toContain('部分红冲');
    await screenshot(page, 'invoices35-red-recorded-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'invoices35-red-recorded-1280');

    const after = await callApi<InvoiceDetail>('GET', `/v1/invoices/${invoice.id}`, owner);
    expect(after.lines.map((line) => line.given_back)).toEqual([0, part]);
    expect(after.corrections[0]?.red_invoice).toEqual({
      number: RED_NUMBER,
      issued_on: businessDate(new Date()),
      confirmation_number: CONFIRMATION,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters the 发票 register in its address, totals the filtered rows and exports them with a totals row', async () => {
    const query = `type=ordinary&open=true&company_id=${invoice.company.id}`;
    const page = await openSignedIn(browser, owner, `/admin/finance/invoices?${query}`);
    const errors = watchErrors(page);
    const row = page.getByTestId(`invoice-row-${invoice.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(BLUE_NUMBER);
    expect(await row.textContent()).toContain('部分红冲');
    const totals = await callApi<InvoiceTotals>('GET', `/v1/invoices/totals?${query}`, owner);
    const rows = await callApi<Invoice[]>('GET', `/v1/invoices?${query}&per_page=100`, owner);
    expect(totals.count).toBe(rows.length);
    expect(totals.outstanding).toBe(rows.reduce((sum, one) => sum + one.outstanding, 0));
    await expect
      .poll(() => page.getByTestId('invoice-totals-figures').textContent())
      .toContain(`价税合计（${totals.count} 张）`);
    await screenshot(page, 'invoices35-register-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'invoices35-register-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('invoice-export').click(),
    ]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(rows.length + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(2).value).toBe(`${totals.count} 张`);

    // The whole register, from the 财务 menu.
    await page.goto(page.url().split('?')[0] ?? page.url());
    await page.getByTestId('invoice-list').waitFor();
    await screenshot(page, 'invoices35-register-all-1440');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names 待开票’s checkboxes in Chinese', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/ready_to_invoice');
    const group = page.locator('[data-testid^="ready-group-"]').first();
    await group.waitFor();
    expect(await group.getByLabel('全选').count()).toBe(1);
    expect(await group.getByLabel('Select all').count()).toBe(0);
    expect(await group.locator('input[aria-label^="选择 "]').count()).toBeGreaterThan(0);
    await screenshot(page, 'invoices35-ready-to-invoice-1440');
    await page.close();
  });
});
