import { MESSAGES } from '@trackit/contract/messages';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const baseUrl = inject('e2eBaseUrl');

/** The two desktop sizes the product is checked at (docs/product.md). */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** Controls a member at read level must never see: create, edit, archive, upload, share. */
const EDIT_CONTROLS = [
  'model-create',
  'model-import',
  'model-edit',
  'model-package',
  'model-folder-create',
  'trip-add',
  'company-create',
  'company-edit',
  'company-archive',
  'company-add-contact',
  'contact-create',
  'contact-edit',
  'contact-archive',
  'folder-create',
];

/** How many edit controls the page shows (none, for this member). */
const editControls = (page: Page) =>
  page
    .locator(
      [
        ...EDIT_CONTROLS.map((id) => `[data-testid="${id}"]`),
        '[data-testid^="trip-edit-"]',
        '[data-testid^="contact-edit-"]',
        '[data-testid^="package-edit-"]',
      ].join(', '),
    )
    .count();

/** The page has its data: the side menu (from the same call as the levels) and no spinner left. */
async function settled(page: Page) {
  await page.getByTestId('side-menu').getByText('信息管理').waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}

describe('a member who may only read (数据看板, 日历, 信息管理 at read, no 订单) in the demo agency', () => {
  let browser: Browser;
  let reader: TokenPair;
  beforeAll(async () => {
    browser = await launchBrowser();
    reader = await signInByApi(E2E_USERS.demoReader);
  });
  afterAll(() => browser.close());

  it.each(VIEWPORTS)(
    'gets the 403 page, not a form, at every /new route ($width×$height)',
    async (viewport) => {
      const page = await openSignedIn(browser, reader, '/admin/information/model', viewport);
      const errors = watchErrors(page);
      for (const path of [
        '/information/model/new',
        '/information/company/new',
        '/information/contacts/new',
      ]) {
        await page.goto(`${baseUrl}/admin${path}`);
        await page.getByTestId('forbidden-page').getByText(MESSAGES.forbiddenPage).waitFor();
        // The shell stays (header and menu); the form never renders.
        await page.getByTestId('side-menu').getByText('信息管理').waitFor();
        expect(await page.locator('form').count(), path).toBe(0);
        expect(await page.getByTestId('page-title').count(), path).toBe(0);
      }
      await page.goto(`${baseUrl}/admin/information/model/new`);
      await page.getByTestId('forbidden-page').waitFor();
      await screenshot(page, `read-only-403-model-new-${viewport.width}`);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    'sees models, companies and contacts without one edit control ($width×$height)',
    async (viewport) => {
      const page = await openSignedIn(browser, reader, '/admin/information/model', viewport);
      const errors = watchErrors(page);
      const shot = (name: string) => screenshot(page, `read-only-${name}-${viewport.width}`);

      await page.locator('[data-testid^="model-card-"]').first().waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('model-list');

      // A model's page, its resources and its trips.
      await page.locator('[data-testid^="model-card-"]').first().getByRole('link').last().click();
      await page.getByTestId('model-header').waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('model-detail');
      await page.getByTestId('model-tabs').getByRole('tab', { name: '资源' }).click();
      const panel = page.getByTestId('model-tabs').getByRole('tabpanel');
      await panel
        .getByText(/打开资源夹|还没有资源夹/)
        .first()
        .waitFor();
      expect(await editControls(page)).toBe(0);
      await page.getByTestId('model-tabs').getByRole('tab', { name: '行程' }).click();
      await panel.locator('.ant-table, .ant-empty').first().waitFor();
      expect(await editControls(page)).toBe(0);

      await page.goto(`${baseUrl}/admin/information/company`);
      const companyRow = page.locator('[data-testid^="company-row-"]').first();
      await companyRow.waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('company-list');
      await companyRow.getByRole('link').first().click();
      await page.getByTestId('company-info').waitFor();
      await page.getByTestId('company-contacts').waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('company-detail');

      await page.goto(`${baseUrl}/admin/information/contacts`);
      const contactRow = page.locator('[data-testid^="contact-row-"]').first();
      await contactRow.waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('contact-list');
      await contactRow.getByRole('link').first().click();
      await page.getByTestId('contact-info').waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await shot('contact-detail');

      await page.goto(`${baseUrl}/admin/information/folder`);
      await page.locator('[data-testid^="folder-row-"]').first().waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      await page.goto(`${baseUrl}/admin/information/packages`);
      await page.locator('[data-testid^="package-row-"]').first().waitFor();
      await settled(page);
      expect(await editControls(page)).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    'is led to no order page: no 打开订单 in the calendar, no order figure linked ($width×$height)',
    async (viewport) => {
      const page = await openSignedIn(browser, reader, '/admin/calendar', viewport);
      const errors = watchErrors(page);
      const chip = page.locator('[data-testid^="calendar-entry-"][data-status]').first();
      await chip.waitFor();
      await settled(page);
      await chip.click();
      const popover = page.getByTestId('calendar-entry-popover');
      await popover.getByText('订单号').waitFor();
      expect(await popover.getByTestId('calendar-entry-open').count()).toBe(0);
      expect(await popover.getByText('打开订单').count()).toBe(0);
      await screenshot(page, `read-only-calendar-popover-${viewport.width}`);
      await page.keyboard.press('Escape');

      // The dashboard's figures stay; those that count orders link nowhere.
      await page.goto(`${baseUrl}/admin/dashboard`);
      await page.getByTestId('dashboard-jobs-today').waitFor();
      await page.getByTestId('dashboard-link-models-week').waitFor();
      expect(await page.locator('a[href*="/admin/order"]').count()).toBe(0);
      expect(await page.getByTestId('dashboard-link-jobs-today').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
