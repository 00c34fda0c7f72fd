import { businessDate } from '@trackit/contract/business-time';
import type { InvoiceDetail, ReadyGroup } from '@trackit/contract/invoice.schema';
import { INPUT_BOUND_MESSAGES } from '@trackit/contract/messages';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { drawersStill, launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/**
 * Receipts (收款) on the demo agency: a few recorded through the API (one allocated in part to an issued
 * invoice with another payer's name, one voided, one left as credit), then the page, a receipt and its
 * 核销 as finance sees them.
 */
describe('finance: receipts listed, opened and allocated', () => {
  let browser: Browser;
  let owner: TokenPair;
  let credit: ReceiptDetail;
  let partial: ReceiptDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.receiptsOwner);
    const today = businessDate(new Date());
    // One line of the last client's billed orders, invoiced and issued (the finance journey takes the first).
    const groups = await callApi<ReadyGroup[]>('GET', '/v1/finance/ready_to_invoice?per_page=100', owner);
    const group = groups.filter((candidate) => candidate.team_recipient !== null).at(-1);
    const line = group?.lines[0];
    if (!group?.team_recipient || !line) throw new Error('the demo agency has a billed line to invoice');
    const requested = await callApi<InvoiceDetail>('POST', '/v1/invoices', owner, {
      team_recipient_id: group.team_recipient.id,
      company_id: group.company.id,
      type: 'ordinary',
      buyer: { name: group.company.name, tax_id: '91310115MA1H7R2Q5C' },
      fee_line_ids: [line.fee_line_id],
    });
    const invoice = await callApi<InvoiceDetail>('POST', `/v1/invoices/${requested.id}/issue`, owner, {
      number: '26312000000000005678',
      issued_on: today,
    });
    const entities = await callApi<TeamRecipient[]>('GET', '/v1/team_recipients?status=active', owner);
    const other = entities.find((entity) => entity.id !== group.team_recipient?.id) ?? entities[0];
    if (!other) throw new Error('the demo agency has a payee entity');
    const record = (body: Record<string, unknown>) =>
      callApi<ReceiptDetail>('POST', '/v1/receipts', owner, { received_on: today, ...body });
    const voided = await record({
      amount: 880_000,
      payer_name: '上海某某广告有限公司',
      reference: 'CMB20261120007',
      team_recipient_id: group.team_recipient.id,
    });
    await callApi('POST', `/v1/receipts/${voided.id}/void`, owner, { reason: '重复登记' });
    credit = await record({
      amount: 1_250_000,
      payer_name: group.company.name,
      reference: 'ICBC2026112700315',
      team_recipient_id: group.team_recipient.id,
      notes: '客户预付下季度拍摄定金',
    });
    // Half the invoice: the rest stays open to the credit receipt's 核销.
    const half = Math.floor(invoice.total / 2);
    partial = await record({
      amount: half + 120_000,
      payer_name: `${group.company.name}（分公司）`,
      reference: 'CCB88801230099',
      team_recipient_id: other.id,
    });
    await callApi('POST', `/v1/receipts/${partial.id}/allocations`, owner, [
      { invoice_id: invoice.id, amount: half },
    ]);
  });
  afterAll(() => browser.close());

  it('lists the receipts, opens one with its allocation and three-flows warnings, and offers 核销', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/receipts');
    const errors = watchErrors(page);
    await page.getByTestId(`receipt-row-${credit.id}`).waitFor();
    expect(await page.getByTestId(`receipt-state-${credit.id}`).textContent()).toBe('有余额');
    await screenshot(page, 'receipts-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'receipts-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId(`receipt-open-${partial.id}`).click();
    await page.getByTestId('receipt-detail').waitFor();
    await expect.poll(() => page.url()).toContain(`receipt=${partial.id}`);
    expect(await page.getByTestId('receipt-warnings').textContent()).toContain('不一致');
    await drawersStill(page);
    await screenshot(page, 'receipt-drawer', { fullPage: false });

    // The credit receipt's payer is the invoice's buyer: the invoice is found at once.
    await page.goto(page.url().replace(`receipt=${partial.id}`, `receipt=${credit.id}`));
    await page.getByTestId('receipt-allocate').click();
    const panel = page.getByTestId('allocate-panel');
    await panel.getByTestId('allocate-invoices').locator('.ant-table-row').first().waitFor();
    await drawersStill(page);
    await screenshot(page, 'receipt-allocate-invoices', { fullPage: false });
    await panel.getByText('按订单').click();
    await panel.getByTestId('allocate-order-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await panel.getByTestId('allocate-order-targets').waitFor();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await panel.locator('[data-testid^="allocate-fill-"]').first().click();
    await expect.poll(() => panel.getByTestId('allocate-sum').textContent()).toContain('（1 项）');
    await drawersStill(page);
    await screenshot(page, 'receipt-allocate-order', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('records a receipt up to ¥10,000,000,000 and names that limit for an amount beyond it', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/receipts');
    const errors = watchErrors(page);
    await page.getByTestId('receipt-create').click();
    const form = page.getByTestId('receipt-create-form');
    await form.waitFor();
    const amount = form.getByTestId('receipt-amount');
    await amount.fill('10,000,000,000.01');
    await form.getByLabel('付款方').fill('上海某某集团有限公司');
    await page.getByTestId('receipt-create-submit').click();
    const limit = form.getByText(INPUT_BOUND_MESSAGES.amountOutOfRange(MAX_AMOUNT_FEN));
    await limit.waitFor();
    await drawersStill(page);
    await screenshot(page, 'receipt-amount-limit-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'receipt-amount-limit-1280', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Above ¥100,000,000 (a fee line's limit, which the form held receipts to before) and within the bound.
    await amount.fill('150,000,000');
    await limit.waitFor({ state: 'detached' });
    await page.getByTestId('receipt-create-submit').click();
    const detail = page.getByTestId('receipt-detail');
    await detail.waitFor();
    await expect.poll(() => detail.textContent()).toContain('¥150,000,000.00');
    const [recorded] = await callApi<ReceiptDetail[]>(
      'GET',
      `/v1/receipts?keyword=${encodeURIComponent('上海某某集团有限公司')}`,
      owner,
    );
    expect(recorded?.amount).toBe(15_000_000_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
