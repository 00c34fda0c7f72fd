import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { formatYuan } from '@trackit/contract/money';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** Each figure's link and what its page shows once it has loaded. */
const FIGURES = [
  { id: 'jobs-today', path: '/admin/order/order', ready: 'order-list' },
  { id: 'jobs-week', path: '/admin/order/order', ready: 'order-list' },
  { id: 'models-week', path: '/admin/calendar', ready: 'calendar' },
  { id: 'options-expiring', path: '/admin/order/order', ready: 'order-list' },
  { id: 'approvals', path: '/admin/order/ready_to_bill', ready: 'ready' },
  { id: 'packages', path: '/admin/information/packages', ready: 'packages' },
  { id: 'this-month', path: '/admin/order/order', ready: 'order-list' },
  { id: 'last-month', path: '/admin/order/order', ready: 'order-list' },
  { id: 'licences', path: '/admin/order/order', ready: 'order-list' },
] as const;

/** Text each page shows once its data is there. */
const READY_TEXT = {
  'order-list': /共 \d+ 个订单/,
  calendar: /已锁定/,
  ready: /待我审批/,
  packages: /共 \d+ 个套餐/,
} as const;

describe('the dashboard on the demo agency', () => {
  let browser: Browser;
  let token: TokenPair;
  let answer: Dashboard;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await signInByApi(E2E_USERS.dashboardOwner);
    answer = await callApi<Dashboard>('GET', '/v1/dashboard', token);
  });
  afterAll(() => browser.close());

  it('shows the morning figures and the charts, as the API counts them', async () => {
    const page = await openSignedIn(browser, token, '/admin/dashboard');
    const errors = watchErrors(page);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('dashboard-month-value').getByText(formatYuan(answer.this_month.value)).waitFor();
    await page.getByTestId('dashboard-last-value').getByText(formatYuan(answer.last_month.value)).waitFor();
    expect(answer.value_scope).toBe('team');
    // The demo agency has booked work in both months, licences to renew and options on the calendar.
    expect(answer.this_month.orders + answer.last_month.orders).toBeGreaterThan(0);
    expect(answer.licences_expiring_30d).toBe(2);
    await expect
      .poll(() => page.getByTestId('dashboard-licences').textContent())
      .toContain(String(answer.licences_expiring_30d));
    // The charts are drawn once their lazily loaded library has arrived.
    await expect
      .poll(() => page.locator('[data-testid="dashboard"] canvas').count())
      .toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(600); // the charts' entry animation
    await screenshot(page, 'dashboard-demo');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the list behind each figure, filtered', async () => {
    const page = await openSignedIn(browser, token, '/admin/dashboard');
    const errors = watchErrors(page);
    for (const figure of FIGURES) {
      await page.getByTestId(`dashboard-link-${figure.id}`).waitFor();
      await page.getByTestId(`dashboard-link-${figure.id}`).click();
      await page.waitForURL((url) => url.pathname === figure.path);
      await page.getByText(READY_TEXT[figure.ready]).first().waitFor();
      if (figure.id === 'licences') {
        const url = new URL(page.url());
        expect(url.searchParams.get('usage_end_from')).toBe(answer.today);
        await page.getByText(/共 [1-9]\d* 个订单/).waitFor();
        await page.getByTestId('order-usage-end-filter').waitFor();
        await screenshot(page, 'dashboard-licences-list');
      }
      if (figure.id === 'options-expiring') {
        expect(new URL(page.url()).searchParams.get('options_expiring')).toBe('true');
        await page.getByTestId('order-options-expiring-filter').waitFor();
        await screenshot(page, 'dashboard-options-expiring-list');
      }
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
