import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const COMPANY = '杭州青禾服饰有限公司';

/** Picks an option of an antd select by its text. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option', { hasText: option }).click();
}

describe('companies and contacts', () => {
  let browser: Browser;
  let owner: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.companyOwner);
  });
  afterAll(() => browser.close());

  it('creates a company with two contacts, and finds it in the lists', async () => {
    const page = await openSignedIn(browser, owner, '/admin/information/company');
    const errors = watchErrors(page);
    await page.getByText('还没有公司').waitFor();
    await screenshot(page, 'company-list-empty');

    await page.getByTestId('company-create').click();
    await page.waitForURL(/\/admin\/information\/company\/new$/);
    await page.getByTestId('company-name-input').fill(COMPANY);
    await page.getByTestId('company-short-name-input').fill('青禾服饰');
    // A credit code with a wrong check character is refused in the form, with the server's message.
    await page.getByTestId('company-credit-code-input').fill('91350100M000100Y44');
    await page.getByTestId('company-submit').click();
    await page.getByText('*请输入正确的18位统一社会信用代码').waitFor();
    await page.getByTestId('company-credit-code-input').fill('91350100m000100y43');
    await choose(page, 'company-industry-select', '服装时尚');
    await choose(page, 'company-tier-select', '重点客户');
    await page.getByTestId('company-payment-terms-input').fill('30');
    await screenshot(page, 'company-new-form');
    await page.getByTestId('company-submit').click();

    await page.waitForURL(/\/admin\/information\/company\/\d+$/);
    const companyPath = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain(COMPANY);
    const info = await page.getByTestId('company-info').innerText();
    expect(info).toContain('91350100M000100Y43');
    expect(info).toContain('服装时尚');
    expect(info).toContain('30 天');
    expect(info).toContain('沈念');

    // Two contacts, added from the company's page.
    const contacts: [string, string, string][] = [
      ['王珊', '品牌经理', '13912340001'],
      ['李雷', '财务', '13912340002'],
    ];
    for (const [name, position, mobile] of contacts) {
      await page.getByTestId('company-add-contact').click();
      await page.getByTestId('contact-name-input').fill(name);
      await page.getByTestId('contact-position-input').fill(position);
      await page.getByTestId('contact-mobile-input').fill(mobile);
      if (position === '财务') {
        await page.getByTestId('contact-invoice-checkbox').check();
        await screenshot(page, 'company-add-contact');
      }
      await page.getByTestId('contact-submit').click();
      await page.getByTestId('company-contacts').getByText(name, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('company-contacts').locator('tbody tr').count()).toBe(2);
    expect(await page.getByTestId('company-contacts').innerText()).toContain('联系人（2）');
    // Its history: the company, then each contact, newest first.
    await expect.poll(() => page.getByTestId('company-history-entry').count()).toBe(3);
    expect(await page.getByTestId('company-history-entry').first().innerText()).toContain('的联系人「李雷」');
    await screenshot(page, 'company-detail');

    // The list shows the company with its two contacts.
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/information/company'));
    const row = page.locator('[data-testid^="company-row-"]', { hasText: COMPANY });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/重点客户[\s\S]*沈念[\s\S]*2/);
    await page.getByTestId('company-search').fill('不存在的公司');
    await page.getByText('没有符合条件的公司').waitFor();
    await page.getByTestId('company-search').fill('青禾');
    await row.waitFor();
    await screenshot(page, 'company-list');

    // The contacts list, filtered by the company in the address; a contact's page names it.
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/information/contacts'));
    const wang = page.locator('[data-testid^="contact-row-"]', { hasText: '王珊' });
    await wang.waitFor();
    expect(await wang.innerText()).toContain(COMPANY);
    await screenshot(page, 'contact-list');
    await wang.getByRole('link', { name: '王珊' }).click();
    await page.waitForURL(/\/admin\/information\/contacts\/\d+$/);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('王珊');
    expect(await page.getByTestId('contact-info').innerText()).toContain('13912340001');
    await screenshot(page, 'contact-detail');
    await page.getByTestId('contact-info').getByRole('link', { name: COMPANY }).click();
    await page.waitForURL((url) => url.pathname === companyPath);

    // A company or contact that is not there is named as such in the breadcrumb.
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/information/company/987654'));
    await page.getByTestId('company-missing').waitFor();
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('公司不存在');
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/information/contacts/987654'));
    await page.getByTestId('contact-missing').waitFor();
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('联系人不存在');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await page.close();
  });

  it('warns of a contact’s mobile already in the team, and deletes a company made by mistake but not one with contacts', async () => {
    const [company] = await callApi<{ id: number }[]>(
      'GET',
      `/v1/companies?keyword=${encodeURIComponent('青禾')}`,
      owner,
    );
    if (!company) throw new Error('the company of the journey above');
    const viewport = { width: 1280, height: 720 };
    const page = await openSignedIn(browser, owner, `/admin/information/company/${company.id}`, viewport);
    const errors = watchErrors(page);
    const refused = page.getByTestId('company-delete');
    await expect
      .poll(() => refused.getAttribute('data-reason'))
      .toBe('该公司已有 2 个联系人，不能删除，可以归档');

    // 王珊's mobile again: the form names her, with a link, before anything is created.
    await page.getByTestId('company-add-contact').click();
    await page.getByTestId('contact-name-input').fill('王姗');
    await page.getByTestId('contact-mobile-input').fill('13912340001');
    await page.getByTestId('contact-submit').click();
    const warning = page.getByTestId('contact-duplicates');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(`${COMPANY} · 品牌经理 · 正常`);
    expect(await page.getByTestId('contact-duplicates-link').innerText()).toBe('王珊');
    expect(await page.getByTestId('contact-duplicates-link').getAttribute('href')).toMatch(
      /^\/admin\/information\/contacts\/\d+$/,
    );
    await page.getByTestId('contact-duplicates-confirm').scrollIntoViewIfNeeded();
    await screenshot(page, 'contact-mobile-warning-1280x720', { fullPage: false });
    await page.getByTestId('contact-duplicates-confirm').click();
    await expect.poll(() => page.getByTestId('company-contacts').locator('tbody tr').count()).toBe(3);

    // A company made by mistake: nothing refers to it, so the manager deletes it.
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/information/company/new'));
    await page.getByTestId('company-name-input').fill('误建的公司');
    await page.getByTestId('company-name-input').press('Enter');
    await page.getByTestId('company-submit').click();
    await page.waitForURL(/\/admin\/information\/company\/\d+$/);
    const remove = page.getByTestId('company-delete');
    await expect.poll(() => remove.isEnabled()).toBe(true);
    await remove.click();
    await page.getByTestId('company-delete-confirm').waitFor();
    await screenshot(page, 'company-delete-confirm-1280x720', { fullPage: false });
    await page.getByTestId('company-delete-confirm').click();
    await page.waitForURL((url) => url.pathname === '/admin/information/company');
    const left = await callApi<{ name: string }[]>('GET', '/v1/companies?per_page=100', owner);
    expect(left.map((row) => row.name)).toEqual([COMPANY]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a member with read access no way to create, edit or archive', async () => {
    const reader = await signInByApi(E2E_USERS.companyReader);
    const page = await openSignedIn(browser, reader, '/admin/information/company');
    const row = page.locator('[data-testid^="company-row-"]', { hasText: COMPANY });
    await row.waitFor();
    expect(await page.getByTestId('company-create').count()).toBe(0);
    await row.getByRole('link', { name: COMPANY }).click();
    await page.getByTestId('company-info').waitFor();
    await page.getByTestId('company-contacts').getByText('王珊').waitFor();
    for (const testId of ['company-edit', 'company-archive', 'company-delete', 'company-add-contact']) {
      expect(await page.getByTestId(testId).count(), testId).toBe(0);
    }
    // The table's loading veil fades out (0.3 s) after the rows arrive.
    await page.locator('[data-testid="company-contacts"] .ant-spin-spinning').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await screenshot(page, 'company-detail-read-only');
    await page.close();
  });
});
