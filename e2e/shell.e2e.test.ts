import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_TEAMS, E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const baseUrl = inject('e2eBaseUrl');
const ALL_MENUS = ['数据看板', '日历', '信息管理', '组织架构', '收款主体', '订单', '财务', '操作日志'];

const menuLabels = async (page: Page) =>
  (await page.getByTestId('side-menu').locator('.ant-menu-title-content').allTextContents()).map((t) =>
    t.trim(),
  );

async function openAvatarMenu(page: Page) {
  await page.getByTestId('header-avatar').hover();
}

describe('the admin shell', () => {
  let browser: Browser;
  let owner: TokenPair;
  let limited: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.shellOwner);
    limited = await signInByApi(E2E_USERS.shellLimited);
  });
  afterAll(() => browser.close());

  it('shows the full menu to the owner and opens the first permitted entry', async () => {
    const page = await openSignedIn(browser, owner, '/admin');
    const errors = watchErrors(page);
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByTestId('side-menu').waitFor();
    await expect.poll(() => menuLabels(page)).toEqual(expect.arrayContaining(ALL_MENUS));
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain(E2E_TEAMS.first);
    await expect.poll(() => page.title()).toBe(E2E_TEAMS.first);
    await screenshot(page, 'shell-owner');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the limited member only their entries, a 403 page on a forbidden URL, and the API refuses too', async () => {
    const page = await openSignedIn(browser, limited, '/admin');
    await page.waitForURL(/\/admin\/dashboard$/);
    await expect.poll(() => menuLabels(page)).toContain('信息管理');
    const labels = await menuLabels(page);
    for (const hidden of ['组织架构', '收款主体', '订单', '财务', '操作日志'])
      expect(labels).not.toContain(hidden);
    await screenshot(page, 'shell-limited');
    // One team only: no 切换账号 in the avatar menu.
    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('menu-logout').waitFor();
    expect(await page.getByTestId('menu-switch-team').count()).toBe(0);

    await page.goto(`${baseUrl}/admin/operate`);
    await page.getByTestId('forbidden-page').getByText('抱歉，您无权访问此页面').waitFor();
    await screenshot(page, 'shell-forbidden');
    const status = await page.evaluate(async (token) => {
      const res = await fetch('/storm_api/v1/operation_logs', {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: await res.json() };
    }, limited.access_token);
    expect(status).toEqual({ status: 403, body: { code: 40300, message: '没有权限执行此操作', data: null } });
    await page.close();
  });

  it('collapses the side menu and remembers it across reloads', async () => {
    const page = await openSignedIn(browser, owner, '/admin/calendar');
    const sider = page.locator('.ant-layout-sider');
    await sider.waitFor();
    expect(await sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
    await page.getByTestId('menu-collapse').click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await screenshot(page, 'shell-collapsed');
    await page.reload();
    await expect
      .poll(() => page.locator('.ant-layout-sider').getAttribute('class'))
      .toContain('ant-layout-sider-collapsed');
    await page.getByTestId('menu-collapse').click();
    await expect
      .poll(() => page.locator('.ant-layout-sider').getAttribute('class'))
      .not.toContain('ant-layout-sider-collapsed');
    await page.close();
  });

  it('shows the breadcrumb of the path, a module’s entry and the 404 page', async () => {
    const page = await openSignedIn(browser, owner, '/admin/finance/fees');
    await page.getByTestId('fee-list').waitFor();
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('财务');
    expect(await page.getByTestId('breadcrumb').textContent()).toContain('费用');
    await page.goto(`${baseUrl}/admin/organization`);
    await page.waitForURL(/\/admin\/organization\/member$/);
    await page.goto(`${baseUrl}/admin/no/such/page`);
    await page.getByText('抱歉，页面未找到').waitFor();
    await page.close();
  });

  it('opens the profile card from the avatar menu', async () => {
    const page = await openSignedIn(browser, owner, '/admin/dashboard');
    await openAvatarMenu(page);
    await page.getByTestId('menu-profile-card').click();
    const card = page.getByTestId('profile-card');
    await card.waitFor();
    const text = await card.textContent();
    for (const expected of ['韩梅', E2E_TEAMS.first, '直属上级', '--']) expect(text).toContain(expected);
    // Measured once the opening animation has ended.
    await expect
      .poll(() => card.evaluate((el) => el.closest('.ant-modal')?.getBoundingClientRect().width))
      .toBe(382);
    await screenshot(page, 'shell-profile-card');
    await page.close();
  });

  it('shows the unread count on the bell, and marking all read clears it', async () => {
    const page = await openSignedIn(browser, owner, '/admin/dashboard');
    await expect.poll(() => page.getByTestId('header-unread').getAttribute('data-count')).toBe('2');
    await page.getByTestId('header-avatar').waitFor();
    await page.getByTestId('header-bell').click();
    await page.waitForURL(/\/admin\/notify$/);
    // The pointer leaves the header: were the avatar to shift under it, its menu would open on hover
    // and cover the page's buttons.
    await page.mouse.move(10, 500);
    await page.getByTestId('notify-list').getByText('订单待审批').waitFor();
    // The notification page is not in the menu: nothing there is highlighted.
    expect(await page.getByTestId('side-menu').locator('.ant-menu-item-selected').count()).toBe(0);
    await screenshot(page, 'notify');
    await page.getByTestId('notify-mark-all').click();
    await expect.poll(() => page.locator('[data-testid^="notify-item-"][data-read="false"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('header-unread').getAttribute('data-count')).toBe('0');
    await page.close();
  });

  it('changes the nickname in settings, which the header shows at once, and lists this device', async () => {
    const page = await openSignedIn(browser, owner, '/admin/setting');
    expect(await page.getByTestId('setting-mobile').textContent()).toContain(E2E_USERS.shellOwner);
    await page.getByTestId('setting-nickname-input').fill('韩梅梅');
    await page.getByTestId('setting-nickname-save').click();
    await page.getByText('保存成功').waitFor();
    await expect.poll(() => page.getByTestId('header-avatar').textContent()).toContain('韩梅梅');
    await page.getByTestId('devices-table').getByText('当前设备').waitFor();
    await screenshot(page, 'setting');
    await page.getByTestId('setting-nickname-input').fill('韩梅');
    await page.getByTestId('setting-nickname-save').click();
    await expect.poll(() => page.getByTestId('header-avatar').textContent()).not.toContain('韩梅梅');
    await page.close();
  });

  it('tells the user when a new version is released', async () => {
    const page = await openSignedIn(browser, owner, '/admin/dashboard');
    await page.getByTestId('side-menu').waitFor();
    const html = await (await fetch(`${baseUrl}/admin`)).text();
    const released = html.replace(
      /<meta name="version" content="[^"]*">/,
      '<meta name="version" content="next-release">',
    );
    // The deployment changes under the open page: its next look at the root page sees the new tag.
    await page.route(`${baseUrl}/`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: released }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('新版本已发布，请刷新页面').waitFor();
    await page.getByText('更新提醒').waitFor();
    await page.waitForTimeout(500); // the notification slides in
    await screenshot(page, 'new-version');
    await page.unroute(`${baseUrl}/`);
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await page.waitForLoadState('load');
    await page.close();
  });

  it('switches team from the header: the team name in header and title change', async () => {
    const page = await openSignedIn(browser, owner, '/admin/dashboard');
    await expect.poll(() => page.getByTestId('header-team-name').textContent()).toContain(E2E_TEAMS.first);
    await openAvatarMenu(page);
    await page.getByTestId('menu-switch-team').click();
    const modal = page.getByTestId('team-switch');
    await modal.waitFor();
    await modal.getByText('当前使用中').waitFor();
    await screenshot(page, 'team-switch');
    const other = modal.locator('[data-testid^="team-switch-row-"]').filter({ hasText: E2E_TEAMS.second });
    await other.getByRole('button').click();
    await page.getByText('切换成功').waitFor();
    await expect
      .poll(() => page.getByTestId('header-team-name').textContent(), { timeout: 10_000 })
      .toContain(E2E_TEAMS.second);
    await expect.poll(() => page.title()).toBe(E2E_TEAMS.second);
    await page.close();
  });

  it('logs out from the avatar menu', async () => {
    const leaver = await signInByApi(E2E_USERS.shellLeaver);
    const page = await openSignedIn(browser, leaver, '/admin/dashboard');
    await openAvatarMenu(page);
    await page.getByTestId('menu-logout').click();
    await page.getByText('退出成功').waitFor();
    await page.waitForURL(/\/admin\/login$/);
    const profile = await fetch(`${baseUrl}/storm_api/v1/profile`, {
      headers: { authorization: `Bearer ${leaver.access_token}` },
    });
    expect(((await profile.json()) as { code: number }).code).toBe(10499);
    await page.close();
  });
});
