import type { BankLine } from '@trackit/contract/bank-statement.schema';
import { businessDate } from '@trackit/contract/business-time';
import type { Invoice } from '@trackit/contract/invoice.schema';
import type { Receipt } from '@trackit/contract/receipt.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { drawersStill, launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/**
 * Bank statement import (issue 35 items 5-6) on the demo agency: a 建设银行 export uploaded on 银行流水,
 * its client's transfer matched to the client and the invoice its 附言 names, confirmed and recorded in one
 * step; the same file uploaded again records nothing twice; the client's company page shows its account.
 */
describe('finance: a bank statement imported, matched and recorded once', () => {
  let browser: Browser;
  let owner: TokenPair;
  let invoice: Invoice;
  let csv: Buffer;
  const serial = `E2E35${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.bankImportOwner);
    const today = businessDate(new Date());
    const entities = await callApi<TeamRecipient[]>('GET', '/v1/team_recipients?status=active', owner);
    const entity = entities.find((candidate) => candidate.is_default) ?? entities[0];
    if (!entity) throw new Error('the demo agency has a payee entity');
    const open = await callApi<Invoice[]>(
      'GET',
      `/v1/invoices?open=true&team_recipient_id=${entity.id}&per_page=50`,
      owner,
    );
    const found = open.find(
      (candidate) => candidate.number && candidate.total - candidate.reversed - candidate.allocated >= 10_000,
    );
    if (!found) throw new Error('the demo agency has an open invoice of its default entity');
    invoice = found;
    const day = today.replaceAll('-', '');
    csv = Buffer.from(
      [
        '中国建设银行单位账户明细',
        '账号,账户名称,交易时间,借方发生额（支取）,贷方发生额（收入）,余额,币种,对方户名,对方账号,对方开户机构,记账日期,摘要,备注,账户明细编号-交易流水号',
        `${entity.account_number},${entity.name},${day} 09:30:00,0.00,100.00,,人民币,${invoice.buyer.name},6227009900001111,,${today},转账存入,发票${invoice.number?.slice(-8)}部分款,${serial}A`,
        `${entity.account_number},${entity.name},${day} 11:00:00,0.00,"2,000.00",,人民币,陌生付款人,6227009900002222,,${today},网银转入,咨询,${serial}B`,
      ].join('\r\n'),
      'utf8',
    );
  });
  afterAll(() => browser.close());

  it('uploads, suggests the client and invoice, records in one step, and recognises the file the second time', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/bank_statements');
    const errors = watchErrors(page);
    await page.getByTestId('bank-import').waitFor();
    // The account is chosen (the default entity, once loaded) before a file can be picked.
    await expect.poll(() => page.getByTestId('bank-import-upload').isEnabled()).toBe(true);
    const upload = async () =>
      page
        .getByTestId('bank-import')
        .locator('input[type="file"]')
        .setInputFiles({ name: '建设银行账户明细.csv', mimeType: 'text/csv', buffer: csv });
    await upload();
    const result = page.getByTestId('bank-import-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('建设银行流水：读到 2 笔收入，新增 2 笔');

    const lines = await callApi<BankLine[]>(
      'GET',
      '/v1/bank_statement_lines?status=open&per_page=100',
      owner,
    );
    const payment = lines.find((line) => line.serial === `${serial}A`);
    const stranger = lines.find((line) => line.serial === `${serial}B`);
    if (!payment || !stranger) throw new Error('the credits were imported');
    expect(payment.companies[0]?.id).toBe(invoice.company.id);
    expect(payment.invoices[0]).toMatchObject({ id: invoice.id, reason: 'number', suggested: 10_000 });
    expect(stranger.companies).toEqual([]);

    await page.getByTestId(`bank-line-row-${payment.id}`).waitFor();
    await screenshot(page, 'bank-statements-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'bank-statements-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId(`bank-line-open-${payment.id}`).click();
    const drawer = page.getByTestId('bank-line-drawer');
    await drawer.waitFor();
    await drawer.getByTestId(`bank-line-amount-${invoice.id}`).waitFor();
    await expect.poll(() => drawer.getByTestId('bank-line-summary').textContent()).toContain('核销 ¥100.00');
    await drawersStill(page);
    await screenshot(page, 'bank-line-drawer-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'bank-line-drawer-1280', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('bank-line-record').click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId(`bank-line-row-${payment.id}`).waitFor({ state: 'detached' });

    const recorded = await callApi<Receipt[]>('GET', `/v1/receipts?keyword=${serial}A`, owner);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      amount: 10_000,
      allocated: 10_000,
      payer_name: invoice.buyer.name,
      company: { id: invoice.company.id },
    });

    // The same file again: recognised, nothing new kept, nothing recorded twice.
    await upload();
    await expect.poll(() => result.textContent()).toContain('新增 0 笔，2 笔此前已导入（不会重复登记）');
    expect(await callApi<Receipt[]>('GET', `/v1/receipts?keyword=${serial}A`, owner)).toHaveLength(1);
    await screenshot(page, 'bank-statements-again-1440', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers a column mapping for another bank’s export, and the client on 登记收款 from the payer', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/bank_statements');
    const errors = watchErrors(page);
    const other = Buffer.from(
      ['日期,金额,对方名称,附言', `${businessDate(new Date())},"1,500.00",杭州某某文化有限公司,定金`].join(
        '\n',
      ),
      'utf8',
    );
    await expect.poll(() => page.getByTestId('bank-import-upload').isEnabled()).toBe(true);
    await page
      .getByTestId('bank-import')
      .locator('input[type="file"]')
      .setInputFiles({ name: '农商银行流水.csv', mimeType: 'text/csv', buffer: other });
    const mapping = page.getByTestId('bank-import-mapping');
    await mapping.waitFor();
    await screenshot(page, 'bank-mapping-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'bank-mapping-1280', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    const pick = async (role: string, header: string) => {
      await mapping.getByTestId(`bank-map-${role}`).click();
      const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      await open.locator(`.ant-select-item-option[title="${header}"]`).click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .waitFor({ state: 'detached' });
    };
    await pick('date', '日期');
    await pick('payer_name', '对方名称');
    await pick('amount', '金额');
    await page.getByTestId('bank-import-mapped').click();
    await expect.poll(() => page.getByTestId('bank-import-result').textContent()).toContain('其他银行');

    await page.goto(page.url().replace('/bank_statements', '/receipts'));
    await page.getByTestId('receipt-create').click();
    const form = page.getByTestId('receipt-create-form');
    await form.waitFor();
    await form.getByTestId('receipt-payer').fill(invoice.buyer.name);
    const suggestions = form.getByTestId('receipt-company-suggestions');
    await suggestions.waitFor();
    await suggestions.getByRole('button').first().click();
    await expect
      .poll(() => form.getByTestId('receipt-company').textContent())
      .toContain(invoice.company.name);
    await drawersStill(page);
    await screenshot(page, 'receipt-create-company-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'receipt-create-company-1280', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the client’s account on its company page', async () => {
    const page = await openSignedIn(browser, owner, `/admin/information/company/${invoice.company.id}`);
    const errors = watchErrors(page);
    const account = page.getByTestId('company-account');
    await account.waitFor();
    await account.getByTestId('company-account-outstanding').waitFor();
    expect(await account.textContent()).toContain('已出账');
    expect(await account.getByTestId('company-account-aging').textContent()).toContain('未到期');
    await screenshot(page, 'company-account-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'company-account-1280');
    // 兰亭美妆's advance: a client in credit.
    const credit = await callApi<Receipt[]>('GET', '/v1/receipts?unallocated=true', owner);
    const inCredit = credit.find((receipt) => receipt.company !== null);
    if (!inCredit?.company) throw new Error('the demo has a client in credit');
    await page.goto(page.url().replace(/company\/\d+/, `company/${inCredit.company.id}`));
    const creditFigure = page.getByTestId('company-account-credit');
    await creditFigure.waitFor();
    await expect.poll(() => creditFigure.textContent()).toContain('¥20,000.00');
    await page.getByTestId('company-account-credits').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'company-account-credit-1440');
    expect(errors).toEqual([]);
    await page.close();
  });
});
