import { MESSAGES } from '@trackit/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { countSmsCodes, readSmsCode } from './server-log';
import { storeToken } from './session';

const baseUrl = inject('e2eBaseUrl');

/** Types the number, asks for a code, reads it from the server's output and types it. */
async function enterPhoneAndCode(page: Page, mobile: string) {
  const before = await countSmsCodes(mobile);
  await page.getByTestId('login-phone').fill(mobile);
  await page.getByTestId('login-get-code').click();
  const code = await readSmsCode(mobile, before);
  // The button counts down the 60 seconds before another code may be asked for.
  await expect.poll(() => page.getByTestId('login-get-code').textContent()).toMatch(/\d+s后重新获取/);
  expect(await page.getByTestId('login-get-code').isDisabled()).toBe(true);
  return code;
}

describe('signing in to the admin app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('checks the fields as the user leaves them and before sending', async () => {
    const page = await openPage(browser, { width: 1280, height: 720 });
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByTestId('login-phone').fill('1380000');
    await page.getByTestId('login-code').click();
    await page.getByText(MESSAGES.phoneInvalid).waitFor();
    await page.getByTestId('login-phone').fill('13800000000');
    await page.getByTestId('login-code').fill('12');
    await page.getByTestId('login-submit').click();
    await page.getByText(MESSAGES.codeIncomplete).waitFor();
    await screenshot(page, 'login-validation');
    await page.close();
  });

  it('signs the two-team number in through the team picker and lands in the chosen team', async () => {
    const page = await openPage(browser, { width: 1440, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    await screenshot(page, 'login');
    const code = await enterPhoneAndCode(page, '13800000000');
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();

    const picker = page.getByTestId('team-picker');
    await picker.waitFor();
    await picker.getByText(`当前账号：13800000000`).waitFor();
    await picker.getByText('星辰模特经纪').waitFor();
    await picker.getByText('光影文化传媒').waitFor();
    await screenshot(page, 'team-picker');
    const rows = picker.locator('[data-testid^="team-row-"]');
    expect(await rows.count()).toBe(2);
    const second = rows.filter({ hasText: '光影文化传媒' });
    const id = (await second.getAttribute('data-testid'))?.replace('team-row-', '');
    await page.getByTestId(`team-login-${id}`).click();

    await page.waitForURL(/\/admin\/dashboard$/);
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('光影文化传媒');
    await screenshot(page, 'home-after-picker');
    expect(errors).toEqual([]);

    // Signed in: the login page sends the user home.
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForURL(/\/admin\/dashboard$/);

    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('menu-logout').click();
    await page.getByText(MESSAGES.logoutSuccess).waitFor();
    await page.waitForURL(/\/admin\/login$/);
    // The number is offered from the recent-login list.
    await page.getByTestId('login-phone').click();
    await page.getByTestId('login-history-13800000000').waitFor();
    await page.close();
  });

  it('shows a wrong code under the login button, then signs the one-team number straight in', async () => {
    const page = await openPage(browser, { width: 1280, height: 720 });
    await page.goto(`${baseUrl}/admin/login`);
    const code = await enterPhoneAndCode(page, '13800000001');
    await page.getByTestId('login-code').fill(code === '0000' ? '0001' : '0000');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('*验证码错误或已过期，请重新获取');
    await screenshot(page, 'login-wrong-code');

    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain('星辰模特经纪');
    expect(await page.getByTestId('team-picker').count()).toBe(0);
    await page.close();
  });

  it('sends a visitor whose stored token the server refuses back to the login page', async () => {
    const page = await openPage(browser);
    await storeToken(page, { access_token: 'forged', refresh_token: 'forged' });
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    // The refused token is gone: the login form is shown, not a spinner.
    await page.getByTestId('login-phone').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('TRACK_IT_TOKEN'))).toBeNull();
    await page.close();
  });
});
