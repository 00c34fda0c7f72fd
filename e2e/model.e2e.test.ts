import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, postApi, signInByApi } from './session';

const NAME = '刘晓阳';

/** Picks an option of an antd select by its text. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Types a date into an antd picker's input and leaves it (Enter would submit the form). */
async function typeDate(input: Locator, date: string) {
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

/** A full-page screenshot from the top (the shell's header is fixed: scrolled, it lands mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const adminUrl = (page: Page, path: string) => page.url().replace(/\/admin\/.*$/, `/admin${path}`);

describe('models', () => {
  let browser: Browser;
  let owner: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.modelOwner);
  });
  afterAll(() => browser.close());

  it('creates a model with measurements, finds her by height and pinyin, and adds a trip', async () => {
    const page = await openSignedIn(browser, owner, '/admin/information/model');
    const errors = watchErrors(page);
    await page.getByText('还没有模特').waitFor();
    await shot(page, 'model-list-empty');

    // Through the form: the height is checked in the browser with the server's message.
    await page.getByTestId('model-create').click();
    await page.waitForURL(/\/admin\/information\/model\/new$/);
    await page.getByTestId('model-name-input').fill(NAME);
    await page.locator('#english_name').fill('Sunny Liu');
    await typeDate(page.locator('#birthday'), '2002-05-10');
    await page.getByTestId('model-city-input').fill('上海');
    await page.getByTestId('model-height-input').fill('278');
    await page.getByTestId('model-submit').click();
    await page.getByText('*请输入50-250之间的整数（厘米）').waitFor();
    await page.getByTestId('model-height-input').fill('178');
    await page.getByTestId('model-weight-input').fill('55');
    await page.getByTestId('model-bust-input').fill('84');
    await page.getByTestId('model-waist-input').fill('60');
    await page.getByTestId('model-hips-input').fill('88');
    await page.getByTestId('model-shoe-input').fill('39');
    await choose(page, 'model-size-input', 'S');
    await page.getByTestId('model-mobile-input').fill('13812345678');
    await page.getByTestId('model-commission-input').fill('20');
    // Enter in a field creates nothing (it would have, half-filled, before): creating needs the button.
    await page.getByTestId('model-mobile-input').press('Enter');
    await page.getByTestId('model-city-input').press('Enter');
    // 经纪人 starts as the member creating her.
    expect(await page.getByTestId('model-manager-input').innerText()).toContain('陈默');
    await shot(page, 'model-new-form');
    await page.getByTestId('model-submit').click();

    await page.waitForURL(/\/admin\/information\/model\/\d+$/);
    const modelPath = new URL(page.url()).pathname;
    // Her page opens at its top, not where the long form was scrolled to for 创建.
    await page.getByTestId('model-profile').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const named = await callApi<{ id: number }[]>(
      'GET',
      `/v1/models?keyword=${encodeURIComponent(NAME)}`,
      owner,
    );
    expect(named.map((model) => model.id)).toEqual([Number(modelPath.split('/').pop())]);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain(NAME);
    expect(await page.getByTestId('model-figures').innerText()).toBe('178cm · 55kg · 84/60/88 · S');
    expect(await page.getByTestId('model-header').innerText()).toContain('经纪人：陈默');
    const profile = await page.getByTestId('model-profile').innerText();
    expect(profile).toContain('13812345678');
    expect(profile).toContain('20%');
    await shot(page, 'model-detail');
    // 编辑 opens the same form; a new weight adds a line to the measurement history.
    await page.getByTestId('model-edit').click();
    expect(await page.getByTestId('model-height-input').inputValue()).toBe('178');
    await page.getByTestId('model-weight-input').fill('54');
    await page.getByTestId('model-submit').click();
    await expect
      .poll(() => page.getByTestId('model-figures').textContent())
      .toBe('178cm · 54kg · 84/60/88 · S');
    await page.getByRole('tab', { name: '身材记录' }).click();
    const history = page.getByTestId('model-measurements');
    await history.getByText('54kg').waitFor();
    expect(await history.locator('tbody tr').count()).toBe(2);
    expect(await history.innerText()).toContain('陈默');
    // The table's loading veil fades out (0.3 s) after the rows arrive.
    await history.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await shot(page, 'model-measurements');

    // A second, shorter model, so the height chip has someone to leave out.
    const other = await postApi<{ id: number }>(
      '/v1/models',
      { name: '王珊', gender: 'female', height: 170, city: '杭州' },
      owner.access_token,
    );
    expect(other.code).toBe(0);

    await page.goto(adminUrl(page, '/information/model'));
    const liu = page.locator('[data-testid^="model-card-"]', { hasText: NAME });
    const wang = page.locator('[data-testid^="model-card-"]', { hasText: '王珊' });
    await liu.waitFor();
    await wang.waitFor();
    await page.getByTestId('model-height-174_179').click();
    await wang.waitFor({ state: 'detached' });
    await page.getByTestId('model-search').fill('lxy');
    await page.waitForURL(/keyword=lxy/);
    await liu.waitFor();
    expect(new URL(page.url()).search).toBe('?keyword=lxy&height=174_179');
    expect(await page.locator('[data-testid^="model-card-"]').count()).toBe(1);
    expect(await liu.innerText()).toMatch(/女 · \d+岁[\s\S]*178cm · 54kg · 84\/60\/88 · S[\s\S]*上海/);
    await shot(page, 'model-list-filtered');
    // A height range that leaves her out says so, with 清除筛选.
    await page.getByTestId('model-height-174_179').click();
    await page.getByTestId('model-height-under_168').click();
    await page.getByText('没有符合条件的模特').waitFor();
    await shot(page, 'model-list-no-match');
    await page.getByTestId('list-clear-filters').click();
    await liu.waitFor();
    await wang.waitFor();
    await liu.getByRole('checkbox').check();
    await page.getByTestId('list-selection-bar').getByText('已选 1 项').waitFor();
    await shot(page, 'model-list-cards');
    await page.getByText('表格').click();
    await page.waitForURL(/view=table/);
    await page.locator('[data-testid^="model-row-"]', { hasText: NAME }).waitFor();
    await shot(page, 'model-list-table');

    // Her page, and a trip.
    await page
      .locator('[data-testid^="model-row-"]', { hasText: NAME })
      .getByRole('link', { name: NAME })
      .click();
    await page.waitForURL((url) => url.pathname === modelPath);
    await page.getByRole('tab', { name: '行程' }).click();
    await page.getByText('还没有行程').waitFor();
    await page.getByTestId('trip-add').click();
    const form = page.getByTestId('trip-form');
    await form.getByText('休假').click();
    await typeDate(form.locator('.ant-picker-range input').nth(0), '2026-12-01');
    await typeDate(form.locator('.ant-picker-range input').nth(1), '2026-12-07');
    await page.locator('.ant-modal-title').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await page.getByTestId('trip-place-input').fill('三亚');
    await shot(page, 'model-trip-form');
    await page.getByTestId('trip-submit').click();
    const trip = page.locator('[data-testid^="trip-row-"]');
    await trip.waitFor();
    expect(await trip.innerText()).toMatch(/休假[\s\S]*2026-12-01 至 2026-12-07[\s\S]*7 天[\s\S]*三亚/);
    await page.locator('.ant-modal').waitFor({ state: 'detached' });
    await shot(page, 'model-trips');

    // A model that is not there is named as such in the breadcrumb.
    await page.goto(adminUrl(page, '/information/model/987654'));
    await page.getByTestId('model-missing').waitFor();
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('模特不存在');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await page.close();
  });

  it("builds a model's book from her page: a folder, three photos, the cover, a manager, and the history of it", async () => {
    const created = await postApi<{ id: number }>(
      '/v1/models',
      // Nobody looks after her yet (a new model is otherwise its creator's): the form picks 陈默 below.
      { name: '赵雨桐', gender: 'female', height: 176, city: '北京', manager_member_id: null },
      owner.access_token,
    );
    expect(created.code).toBe(0);
    const page = await openSignedIn(browser, owner, `/admin/information/model/${created.data.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('model-header').waitFor();
    expect(await page.getByTestId('model-cover').locator('img').count()).toBe(0);

    await page.getByRole('tab', { name: '资源' }).click();
    await page.getByTestId('model-folder-create').click();
    expect(await page.getByTestId('folder-name-input').inputValue()).toBe('赵雨桐 画册');
    await page.getByTestId('folder-create-submit').click();
    await page.getByTestId('model-folder').waitFor();
    const colours = ['#9f1239', '#0f766e', '#1d4ed8'];
    const photos = await Promise.all(
      colours.map(async (background, index) => ({
        name: `look-0${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      })),
    );
    await page.getByTestId('folder-upload-input').setInputFiles(photos);
    const tiles = page.locator('[data-testid^="folder-file-"]');
    await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBe(3);
    // Thumbnails are made after the upload: wait for all three pictures.
    await expect.poll(() => tiles.locator('img').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.getByTestId('model-folder').innerText()).toContain('3 个文件');

    const second = tiles.nth(1);
    const secondId = (await second.getAttribute('data-testid'))?.replace('folder-file-', '');
    await page.getByTestId(`file-cover-${secondId}`).click();
    await page.getByTestId('model-cover').locator('img').waitFor();
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await shot(page, 'model-resources');

    // Her manager, chosen among the team's members.
    await page.getByTestId('model-edit').click();
    await page.getByTestId('model-manager-input').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '陈默' }).click();
    await page.getByTestId('model-submit').click();
    await expect.poll(() => page.getByTestId('model-header').innerText()).toContain('经纪人：陈默');

    await page.getByRole('tab', { name: '操作记录' }).click();
    const entries = page.getByTestId('model-history-entry');
    await expect.poll(() => entries.count()).toBe(7);
    const history = await page.getByTestId('model-history').innerText();
    expect(history).toContain('新建了资源夹「赵雨桐 画册」');
    expect(history).toContain('上传了文件 look-03.jpg');
    expect(history).toMatch(/经纪人：-- → 陈默/);
    await shot(page, 'model-history');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('warns of a namesake born the same day before creating her, creates her when told, and deletes a model made by mistake', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      const size = `${viewport.width}x${viewport.height}`;
      const page = await openSignedIn(browser, owner, '/admin/information/model/new', viewport);
      const errors = watchErrors(page);
      await page.getByTestId('model-name-input').fill(NAME);
      await typeDate(page.locator('#birthday'), '2002-05-10');
      await page.getByTestId('model-city-input').fill('苏州');
      await page.getByTestId('model-submit').click();
      const warning = page.getByTestId('model-duplicates');
      await warning.waitFor();
      expect(await warning.innerText()).toContain('团队中已有同名且出生日期相同的模特');
      const link = page.getByTestId('model-duplicates-link');
      expect(await link.innerText()).toBe(NAME);
      expect(await link.getAttribute('href')).toMatch(/^\/admin\/information\/model\/\d+$/);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(new URL(page.url()).pathname).toBe('/admin/information/model/new');
      await page.getByTestId('model-submit').scrollIntoViewIfNeeded();
      await screenshot(page, `model-namesake-warning-${size}`, { fullPage: false });

      // Not the same person: 不是同一人，继续创建 creates her, and her page opens.
      await page.getByTestId('model-duplicates-confirm').click();
      await page.waitForURL(/\/admin\/information\/model\/\d+$/);
      await page.getByTestId('model-profile').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const created = Number(new URL(page.url()).pathname.split('/').pop());

      // She was made by mistake after all: nothing refers to her, so a manager deletes her.
      const remove = page.getByTestId('model-delete');
      await expect.poll(() => remove.isEnabled()).toBe(true);
      await remove.click();
      const confirm = page.getByTestId('model-delete-confirm');
      await confirm.waitFor();
      expect(await page.locator('.ant-popover:visible').innerText()).toContain(`删除模特「${NAME}」？`);
      await screenshot(page, `model-delete-confirm-${size}`, { fullPage: false });
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/admin/information/model');
      await page.getByText('已删除').waitFor();
      const left = await callApi<{ id: number }[]>(
        'GET',
        `/v1/models?keyword=${encodeURIComponent(NAME)}`,
        owner,
      );
      expect(left.map((model) => model.id)).not.toContain(created);
      expect(left).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('keeps 删除 disabled, with the reason, for a model a folder refers to', async () => {
    const [model] = await callApi<{ id: number }[]>(
      'GET',
      `/v1/models?keyword=${encodeURIComponent('赵雨桐')}`,
      owner,
    );
    if (!model) throw new Error('赵雨桐 is made by the journey above');
    const page = await openSignedIn(browser, owner, `/admin/information/model/${model.id}`, {
      width: 1280,
      height: 720,
    });
    const remove = page.getByTestId('model-delete');
    await expect
      .poll(() => remove.getAttribute('data-reason'))
      .toBe('该模特已有 1 个资源夹，不能删除，可以归档');
    expect(await remove.isDisabled()).toBe(true);
    await page.getByTestId('model-delete-blocked').hover();
    await page.getByRole('tooltip').getByText('该模特已有 1 个资源夹，不能删除，可以归档').waitFor();
    await screenshot(page, 'model-delete-refused-1280x720', { fullPage: false });
    await page.close();
  });

  it('keeps how a model is paid and what was paid to her ahead: 结算信息 and 扣款 with 登记 and 作废', async () => {
    const created = await postApi<{ id: number }>(
      '/v1/models',
      {
        name: '孙可欣',
        gender: 'female',
        height: 172,
        city: '上海',
        commission_rate: 2000,
        mother_agency: '北京星海模特',
        mother_agency_rate: 1000,
        mother_agency_basis: 'gross',
        payout_type: 'individual',
        payout_account_name: '孙可欣',
        payout_bank: 'cmb',
        payout_account_number: '6214830212345678',
      },
      owner.access_token,
    );
    expect(created.code).toBe(0);
    const page = await openSignedIn(browser, owner, `/admin/information/model/${created.data.id}`);
    const errors = watchErrors(page);
    const payout = page.getByTestId('model-payout');
    await payout.waitFor();
    expect(await page.getByTestId('model-payout-account').innerText()).toContain('6214 8302 1234 5678');
    await shot(page, 'model-payout-1440');

    await page.getByRole('tab', { name: '扣款' }).click();
    await page.getByText('还没有扣款').waitFor();
    await page.getByTestId('deduction-add').click();
    await page.getByTestId('deduction-form').waitFor();
    await typeDate(page.getByTestId('deduction-date-input'), '2026-11-02');
    await page.getByTestId('deduction-amount-input').fill('1200');
    await page.getByTestId('deduction-note-input').fill('上海往返机票');
    await screenshot(page, 'model-deduction-form-1440', { fullPage: false });
    await page.getByTestId('deduction-submit').click();
    const row = page.locator('[data-testid^="deduction-row-"]', { hasText: '上海往返机票' });
    await row.waitFor();
    expect(await row.innerText()).toContain('1,200.00');
    expect(await row.innerText()).toContain('未结算');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'model-deductions-1280');
    await row.locator('[data-testid^="deduction-void-"]').click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /作\s?废|确\s?定/ })
      .click();
    await expect.poll(() => row.innerText()).toContain('已作废');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('model-edit').click();
    await page.getByTestId('model-payout-account-input').waitFor();
    await page.getByTestId('model-payout-type-input').scrollIntoViewIfNeeded();
    await screenshot(page, 'model-payout-form-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('model-payout-type-input').scrollIntoViewIfNeeded();
    await screenshot(page, 'model-payout-form-1280', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});
