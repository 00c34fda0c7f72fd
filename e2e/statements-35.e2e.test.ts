import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { FeeStatementPreview } from '@trackit/contract/fee-statement.schema';
import { formatYuan } from '@trackit/contract/money';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Issue 35, statements that cannot mislead: a client's period statement defaulting to the payee entity its
 * orders owe most, previewed and then shared; the client queries a line on the share page (a phone), staff
 * answer it from the company page, and the client reads the answer; the dashboard counts what is open.
 */
describe('statements: a period statement for the right entity, a client’s query answered', () => {
  let browser: Browser;
  let owner: TokenPair;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.statementsOwner);
  });
  afterAll(() => browser.close());

  it('previews and shares a period statement, takes the client’s query on a line, answers it, and the client reads it', async () => {
    // The demo client owing most to an entity that is not the team's default (the studio), else any client
    // with billed orders: what the preview must default to is the entity its orders owe most.
    const today = businessDate(new Date());
    const companies = await callApi<{ id: number; name: string }[]>(
      'GET',
      '/v1/companies?per_page=100',
      owner,
    );
    const previews: { id: number; name: string; preview: FeeStatementPreview }[] = [];
    for (const company of companies) {
      const preview = await callApi<FeeStatementPreview>(
        'GET',
        `/v1/fee_statements/preview?company_id=${company.id}&from=${addDays(today, -365)}&to=${today}`,
        owner,
      );
      if (preview.statement.lines.length > 0) previews.push({ ...company, preview });
    }
    const chosen =
      previews.find(({ preview }) => preview.entities[0]?.short_name === '星光工作室') ?? previews[0];
    if (!chosen) throw new Error('the demo has no client with billed orders');
    const owed = chosen.preview.entities[0];
    if (!owed) throw new Error('no entity');

    const page = await openSignedIn(browser, owner, `/admin/information/company/${chosen.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('fee-statement-share').click();
    const preview = page.getByTestId('fee-statement-preview');
    await preview.waitFor();
    await screenshot(page, 'statements-35-preview-this-month-1440', { fullPage: false });
    // The entity the client's orders owe most, chosen; nothing shared yet.
    await expect
      .poll(() => page.getByTestId('fee-statement-entity').textContent())
      .toContain(owed.short_name);
    expect(await page.getByTestId('fee-statement-preview-payee').textContent()).toContain(
      chosen.preview.statement.payee.name,
    );
    // A period of the last year (the demo's finance year), typed into the range.
    const range = page.locator('.ant-drawer .ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(addDays(today, -365));
    await range.locator('input').nth(1).click();
    await range.locator('input').nth(1).fill(today);
    await range.locator('input').nth(1).press('Enter');
    const closing = chosen.preview.statement.figures?.closing ?? 0;
    await expect
      .poll(() => page.getByTestId('fee-statement-preview-closing').textContent())
      .toBe(formatYuan(closing));
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
    await screenshot(page, 'statements-35-preview-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'statements-35-preview-1280', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = await callApi<unknown[]>('GET', `/v1/fee_statements?company_id=${chosen.id}`, owner);

    await page.getByTestId('fee-statement-create').click();
    const url = (await page.getByTestId('fee-statement-url').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/web\/fees\/[\w-]{24}$/);
    const after = await callApi<{ team_recipient: { id: number } }[]>(
      'GET',
      `/v1/fee_statements?company_id=${chosen.id}`,
      owner,
    );
    expect(after.length).toBe(before.length + 1);
    expect(after[0]?.team_recipient.id).toBe(owed.id);
    await page.locator('.ant-drawer-close').click();

    // The PDF the client downloads, kept beside the screenshots for a person to look at.
    const pdf = await fetch(
      `${inject('e2eBaseUrl')}/storm_api/v1/public/fee_statements/${url.slice(url.lastIndexOf('/') + 1)}/pdf`,
    );
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    await mkdir(SHOTS, { recursive: true });
    await writeFile(path.join(SHOTS, 'statements-35-statement.pdf'), Buffer.from(await pdf.arrayBuffer()));

    // The client, on a phone: each line's 已付 and 未付 in view; a query on the first line.
    const client = await openPage(browser, { width: 390, height: 844 });
    const clientErrors = watchErrors(client);
    await client.goto(`${inject('e2eBaseUrl')}${url.slice(url.indexOf('/web/'))}`);
    const statement = client.getByTestId('fee-statement-page');
    await statement.waitFor();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const card = client.getByTestId('line-card').first();
    await card.waitFor();
    const box = await card.getByTestId('line-card-outstanding').boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await card.textContent()).toMatch(/服务费|肖像使用费/);
    await client.getByTestId('copy-account').waitFor();
    await screenshot(client, 'statements-35-client-phone-390');

    await client.getByTestId('open-query').click();
    const dialog = client.getByRole('dialog', { name: '对费用有疑问' });
    await dialog.locator('.ant-select').click();
    await client.locator('.ant-select-item-option').first().click();
    await client.getByTestId('query-comment').fill('这条费用的天数与合同不符，请核对');
    await client.getByTestId('query-name').fill('周会计');
    await dialog.getByRole('button', { name: '发送' }).click();
    await client.getByTestId('queries').waitFor();
    await client.getByTestId('open-queries').waitFor();
    await client.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });

    // Staff see it open beside the statement, and answer it (resolved with the reply).
    await page.reload();
    const open = page.locator('[data-testid^="fee-statement-open-queries-"]').first();
    await open.waitFor();
    const replyButton = page.locator('[data-testid^="fee-statement-query-reply-open-"]').first();
    await replyButton.scrollIntoViewIfNeeded();
    await screenshot(page, 'statements-35-company-query-1440');
    await replyButton.click();
    await page.getByTestId('query-reply-text').fill('已核对：拍摄为 2 天，费用按合同单价计算，明细无误。');
    await page.getByTestId('query-reply-send').click();
    await page.locator('[data-testid^="fee-statement-query-reply-"]').first().waitFor();
    await expect.poll(() => open.count()).toBe(0);
    await screenshot(page, 'statements-35-company-answered-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'statements-35-company-answered-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The client reads the answer on the statement.
    await client.reload();
    await client.getByTestId('query-reply').waitFor();
    expect(await client.getByTestId('query-reply').textContent()).toContain('明细无误');
    expect(await client.getByTestId('open-queries').count()).toBe(0);
    await screenshot(client, 'statements-35-client-answered-phone-390');
    await client.setViewportSize({ width: 1440, height: 900 });
    await screenshot(client, 'statements-35-client-answered-1440');
    expect(clientErrors).toEqual([]);
    await client.close();

    // The finance dashboard counts the queries still open (the demo's unanswered one).
    await page.goto(`${inject('e2eBaseUrl')}/admin/finance/dashboard`);
    const card35 = page.getByTestId('open-queries');
    await card35.waitFor();
    const { count } = await callApi<{ count: number }>('GET', '/v1/fee_statement_queries/open', owner);
    await expect.poll(() => page.getByTestId('open-queries-count').textContent()).toBe(`${count} 个`);
    await card35.scrollIntoViewIfNeeded();
    await screenshot(page, 'statements-35-dashboard-1440');
    expect(errors).toEqual([]);
    await page.close();
  });
});
