import { formatYuan } from '@trackit/contract/money';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** `¥1,234.56` (or `-¥…`) in fen. */
const fenOf = (text: string | null): number => {
  const found = /(-?)¥([\d,]+\.\d{2})/.exec(text ?? '');
  if (!found) return Number.NaN;
  return (found[1] ? -1 : 1) * Math.round(Number(found[2]?.replace(/,/g, '')) * 100);
};

/**
 * Issue 35 item 7: the dashboard's figures open lists that add up to them. Each figure is read on 看板,
 * clicked, and the list it opens is read in the page: its rows counted and summed (or its totals read),
 * and compared with the figure.
 */
describe('看板的数字与其打开的列表一致', () => {
  let browser: Browser;
  let owner: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.financeDashboardOwner);
  });
  afterAll(() => browser.close());

  const dashboard = async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/dashboard');
    await page.getByTestId('finance-dashboard').waitFor();
    return page;
  };
  const countIn = (text: string | null) => Number(/(\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);
  /** The sum of the cells whose test id starts with `prefix`, once the list has loaded. */
  const sumCells = (page: Page, prefix: string) =>
    page
      .locator(`[data-testid^="${prefix}"]`)
      .allTextContents()
      .then((texts) => ({ count: texts.length, amount: texts.reduce((sum, text) => sum + fenOf(text), 0) }));

  it('未收 opens 费用 whose totals are the figure', async () => {
    const page = await dashboard();
    const errors = watchErrors(page);
    const figure = fenOf(await page.getByTestId('finance-receivable').textContent());
    const count = countIn(await page.getByTestId('finance-receivable-count').textContent());
    await page.getByTestId('finance-link-receivable').click();
    await page.getByTestId('fee-total-outstanding').waitFor();
    await expect
      .poll(async () =>
        fenOf(
          await page.getByTestId('fee-total-outstanding').locator('.ant-statistic-content').textContent(),
        ),
      )
      .toBe(figure);
    expect(await page.getByTestId('fee-totals').textContent()).toContain(`应收（${count} 单）`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('已开票未收款 opens exactly its invoices, with what each has still to receive', async () => {
    const page = await dashboard();
    const errors = watchErrors(page);
    const figure = fenOf(await page.getByTestId('finance-invoiced-unpaid').textContent());
    const count = countIn(await page.getByTestId('finance-invoiced-unpaid-count').textContent());
    await page.getByTestId('finance-link-invoiced-unpaid').click();
    await expect.poll(() => new URL(page.url()).search).toContain('open=true');
    await page.locator('[data-testid^="invoice-outstanding-"]').first().waitFor();
    await expect.poll(() => sumCells(page, 'invoice-outstanding-')).toEqual({ count, amount: figure });
    expect(await page.getByTestId('invoice-open-filter').isChecked()).toBe(true);
    await screenshot(page, 'figures-35-invoices-open-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'figures-35-invoices-open-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('本月收款 opens the month’s live receipts; 本月代扣个税 this month’s 扣缴明细', async () => {
    const page = await dashboard();
    const errors = watchErrors(page);
    const received = fenOf(await page.getByTestId('finance-received-this-month').textContent());
    const receivedCount = countIn(await page.getByTestId('finance-received-this-month-count').textContent());
    const withheld = fenOf(await page.getByTestId('finance-withheld-this-month').textContent());
    await page.getByTestId('finance-link-received-this-month').click();
    await page.getByTestId('receipts-page').waitFor();
    if (receivedCount > 0) await page.locator('[data-testid^="receipt-amount-"]').first().waitFor();
    await expect
      .poll(() => sumCells(page, 'receipt-amount-'))
      .toEqual({ count: receivedCount, amount: received });

    // Last month's too (the demo's month may have none yet).
    const last = await dashboard();
    const lastAmount = fenOf(await last.getByTestId('finance-received-last-month').textContent());
    const lastCount = countIn(await last.getByTestId('finance-received-last-month-count').textContent());
    await last.getByTestId('finance-link-received-last-month').click();
    await last.getByTestId('receipts-page').waitFor();
    if (lastCount > 0) await last.locator('[data-testid^="receipt-amount-"]').first().waitFor();
    await expect
      .poll(() => sumCells(last, 'receipt-amount-'))
      .toEqual({ count: lastCount, amount: lastAmount });
    expect(await last.getByTestId('receipt-live-filter').isChecked()).toBe(true);
    await last.close();

    const again = await dashboard();
    await again.getByTestId('finance-link-withholding').click();
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    await expect.poll(() => new URL(again.url()).searchParams.get('month')).toBe(month);
    if (withheld > 0) {
      await again.getByTestId('withholding-total-tax').waitFor();
      expect(await again.getByTestId('withholding-total-tax').textContent()).toBe(formatYuan(withheld));
    }
    await screenshot(again, 'figures-35-withholding-1440');
    expect(errors).toEqual([]);
    await page.close();
    await again.close();
  });
});
