import { formatYuan } from '@trackit/contract/money';
import type { FeeTotals } from '@trackit/contract/receivable.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

describe('看板: the finance dashboard of the demo agency', () => {
  let browser: Browser;
  let owner: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.financeDashboardOwner);
  });
  afterAll(() => browser.close());

  it('shows what 费用 owes, draws its charts, and opens 费用 from 应收', async () => {
    const res = await fetch(`${inject('e2eBaseUrl')}/storm_api/v1/finance/fees/totals?outstanding=true`, {
      headers: { authorization: `Bearer ${owner.access_token}` },
    });
    const totals = ((await res.json()) as { data: FeeTotals }).data;

    const page = await openSignedIn(browser, owner, '/admin/finance/dashboard');
    const errors = watchErrors(page);
    await page.getByTestId('finance-dashboard').waitFor();
    expect(await page.getByTestId('finance-receivable').textContent()).toBe(formatYuan(totals.outstanding));
    await page.getByTestId('finance-expected-chart').or(page.getByTestId('finance-expected-empty')).waitFor();
    await page.getByTestId('finance-revenue-chart').or(page.getByTestId('finance-revenue-empty')).waitFor();
    await screenshot(page, 'finance-dashboard-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'finance-dashboard-1280');

    await page.getByTestId('finance-link-receivable').click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe('/admin/finance/fees?outstanding=true');
    expect(errors).toEqual([]);
    await page.close();
  });
});
