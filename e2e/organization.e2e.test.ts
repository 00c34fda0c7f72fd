import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import { MESSAGES } from '@trackit/contract/messages';
import type { Member } from '@trackit/contract/organization.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_TEAMS, E2E_USERS } from './fixtures';
import { countSmsCodes, readSmsCode } from './server-log';
import { openSignedIn, signInByApi } from './session';

const baseUrl = inject('e2eBaseUrl');
const ROLE = '只读助理';
const DEPARTMENT = '经纪部';
const INVITEE = '林小满';

/** Picks an option of an antd Select or TreeSelect (options render in a portal). */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-treenode')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Waits until no dialog (or its closing animation) covers the page, for a clean screenshot. */
async function dialogsClosed(page: Page) {
  await expect.poll(() => page.locator('.ant-modal:visible, .ant-modal-mask:visible').count()).toBe(0);
}

const menuLabels = async (page: Page) =>
  (await page.getByTestId('side-menu').locator('.ant-menu-title-content').allTextContents()).map((text) =>
    text.trim(),
  );

describe('organization: a read-only role, an invited member who sees only what it allows', () => {
  let browser: Browser;
  let owner: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.organizationOwner);
  });
  afterAll(() => browser.close());

  it('the owner makes a role of read levels and a department, then invites a member with them', async () => {
    const page = await openSignedIn(browser, owner, '/admin/organization/role');
    const errors = watchErrors(page);
    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name-input').fill(ROLE);
    await page.getByTestId('role-name-submit').click();
    await page.getByTestId('role-list').getByText(ROLE).waitFor();
    for (const key of ['calendar', 'data_management', 'organization']) {
      await page.getByTestId(`role-level-${key}-read`).click();
    }
    await page.getByTestId('role-save').click();
    await page.getByText('权限已保存', { exact: false }).first().waitFor();
    await screenshot(page, 'organization-role');

    await page.goto(`${baseUrl}/admin/organization/department`);
    await page.getByTestId('department-create').click();
    await page.getByTestId('department-name-input').fill(DEPARTMENT);
    await page.getByTestId('department-name-submit').click();
    await page.getByTestId('department-tree').getByText(DEPARTMENT).waitFor();
    await dialogsClosed(page);
    await screenshot(page, 'organization-department');

    await page.goto(`${baseUrl}/admin/organization/member`);
    await page.getByTestId('member-invite').click();
    await page.getByTestId('member-form-mobile').fill(E2E_USERS.organizationInvitee);
    await page.getByTestId('member-form-nickname').fill(INVITEE);
    await choose(page, 'member-form-department', DEPARTMENT);
    await choose(page, 'member-form-role', ROLE);
    await choose(page, 'member-form-superior', '江澄');
    await screenshot(page, 'organization-invite');
    await page.getByTestId('member-form-submit').click();
    const row = page.getByTestId('member-list').locator('tr', { hasText: INVITEE });
    await row.waitFor();
    for (const text of [E2E_USERS.organizationInvitee, DEPARTMENT, ROLE, '江澄', '正常']) {
      expect(await row.textContent()).toContain(text);
    }
    await dialogsClosed(page);
    await screenshot(page, 'organization-members');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the invited member signs in by SMS and sees the reduced menu, no buttons of edit, and a refusal', async () => {
    const page = await openPage(browser);
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin/login`);
    const before = await countSmsCodes(E2E_USERS.organizationInvitee);
    await page.getByTestId('login-phone').fill(E2E_USERS.organizationInvitee);
    await page.getByTestId('login-get-code').click();
    await page.getByTestId('login-code').fill(await readSmsCode(E2E_USERS.organizationInvitee, before));
    await page.getByTestId('login-submit').click();
    // One team: straight in, to the first entry the role allows (日历).
    await page.waitForURL(/\/admin\/calendar/);
    await expect
      .poll(() => menuLabels(page))
      .toEqual(expect.arrayContaining(['日历', '信息管理', '组织架构']));
    const labels = await menuLabels(page);
    for (const hidden of ['数据看板', '订单', '财务', '收款主体', '操作日志'])
      expect(labels).not.toContain(hidden);

    // The profile card names the superior chosen at the invitation.
    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('menu-profile-card').click();
    const card = page.getByTestId('profile-card');
    await card.waitFor();
    for (const text of [INVITEE, E2E_TEAMS.organization, DEPARTMENT, '江澄']) {
      expect(await card.textContent()).toContain(text);
    }
    await page.keyboard.press('Escape');
    await page.mouse.move(10, 500);

    // Read level: the lists open, their create and edit buttons do not show.
    await page.goto(`${baseUrl}/admin/organization/member`);
    await page.getByTestId('member-list').locator('tr', { hasText: INVITEE }).waitFor();
    expect(await page.getByTestId('member-invite').count()).toBe(0);
    expect(await page.locator('[data-testid^="member-edit-"]').count()).toBe(0);
    await screenshot(page, 'organization-read-only-members');
    await page.goto(`${baseUrl}/admin/information/model`);
    await page.getByTestId('side-menu').waitFor();
    await page.getByRole('heading', { name: '模特' }).first().waitFor();
    expect(await page.getByTestId('model-create').count()).toBe(0);

    // A page of a key the role lacks answers with the refusal page, and so does the API.
    await page.goto(`${baseUrl}/admin/order/order`);
    await page.getByTestId('forbidden-page').getByText(MESSAGES.forbiddenPage).waitFor();
    await screenshot(page, 'organization-refused');
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('TRACK_IT_TOKEN') ?? '{}') as { value: TokenPair }).value,
    );
    const members = await callApi<Member[]>(
      'GET',
      `/v1/members?page=1&per_page=20&keyword=${encodeURIComponent(INVITEE)}`,
      token,
    );
    const self = members[0];
    if (!self) throw new Error('the member does not see themselves in the list');
    const refused = await fetch(`${baseUrl}/storm_api/v1/members/${self.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: '改个名' }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: ERROR_CATALOGUE.forbidden.code,
      message: ERROR_CATALOGUE.forbidden.message,
      data: null,
    });

    // The owner pauses the member: their next request ends the session and the app returns to sign-in.
    const ownerPage = await openSignedIn(browser, owner, '/admin/organization/member');
    await ownerPage.getByTestId(`member-pause-${self.id}`).click();
    await ownerPage
      .locator('.ant-modal-confirm .ant-btn-primary, .ant-popconfirm .ant-btn-primary')
      .first()
      .click();
    await ownerPage.getByTestId(`member-status-${self.id}`).getByText('账号暂停').waitFor();
    await dialogsClosed(ownerPage);
    await screenshot(ownerPage, 'organization-paused');
    await ownerPage.close();
    await page.goto(`${baseUrl}/admin/calendar`);
    await page.waitForURL(/\/admin\/login/);
    expect(errors.filter((error) => !/40[13]/.test(error))).toEqual([]);
    await page.close();
  });
});
