import type { Notification } from '@trackit/contract/notify.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

const LEGAL_NAME = '上海松柏模特经纪有限公司';

/** Picks an option of a searchable antd select by typing its text, as a person finds one bank of many. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

describe('payee entities (收款主体)', () => {
  let browser: Browser;
  let owner: TokenPair;
  let editor: TokenPair;
  let entityId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.recipientOwner);
    editor = await signInByApi(E2E_USERS.recipientEditor);
  });
  afterAll(() => browser.close());

  it('creates the default entity with its account, shown grouped by four in the list', async () => {
    const page = await openSignedIn(browser, owner, '/admin/team_recipient');
    const errors = watchErrors(page);
    await page.getByText('还没有收款主体').waitFor();
    await page.getByTestId('team-recipient-create').click();
    await page.getByTestId('team-recipient-name-input').fill(LEGAL_NAME);
    await page.getByTestId('team-recipient-short-name-input').fill('松柏经纪');
    // A wrong check character is refused in the form with the server's message.
    await page.getByTestId('team-recipient-credit-code-input').fill('91310106MA1FY4XK3A');
    await page.getByTestId('team-recipient-submit').click();
    await page.getByText('*请输入正确的18位统一社会信用代码').waitFor();
    await page.getByTestId('team-recipient-credit-code-input').fill('91310106ma1fy4xk3e');
    await choose(page, 'team-recipient-bank-select', '招商银行');
    await page.getByTestId('team-recipient-branch-input').fill('上海静安支行');
    await page.getByTestId('team-recipient-account-input').fill('1219 0987 6510 201');
    await page.getByTestId('team-recipient-default-switch').click();
    await screenshot(page, 'team-recipient-new-form', { fullPage: false });
    await page.getByTestId('team-recipient-submit').click();
    await page.getByText('创建成功').waitFor();

    const row = page.getByTestId('team-recipient-list').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.innerText()).toContain('1219 0987 6510 201');
    const text = await row.innerText();
    for (const part of [LEGAL_NAME, '默认', '一般纳税人', '招商银行 上海静安支行', '启用']) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'team-recipient-list');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'team-recipient-list-1280', { fullPage: false });
    const [entity] = await callApi<TeamRecipient[]>('GET', '/v1/team_recipients', owner);
    entityId = entity?.id ?? 0;
    expect(entity).toMatchObject({ credit_code: '91310106MA1FY4XK3E', is_default: true });
    // The owner holds finance at manage: told of the new account.
    const notices = await callApi<Notification[]>('GET', '/v1/notifies', owner);
    expect(notices.map((notice) => notice.title)).toContain(`新增了收款主体「${LEGAL_NAME}」的银行账户`);
    expect(errors).toEqual([]);
  });

  it('lets an editor rename the entity, with the bank fields locked', async () => {
    const page = await openSignedIn(browser, editor, `/admin/team_recipient?recipient=${entityId}`);
    const errors = watchErrors(page);
    await page.getByTestId('team-recipient-bank-locked').waitFor();
    expect(await page.getByTestId('team-recipient-account-input').isDisabled()).toBe(true);
    expect(await page.getByTestId('team-recipient-branch-input').isDisabled()).toBe(true);
    await screenshot(page, 'team-recipient-edit-locked', { fullPage: false });
    await page.getByTestId('team-recipient-short-name-input').fill('松柏');
    await page.getByTestId('team-recipient-submit').click();
    await page.getByText('保存成功').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('team-recipient-list').locator('tbody tr.ant-table-row').first().innerText(),
      )
      .toContain('松柏');
    expect(errors).toEqual([]);
  });

  it('gives a new draft the default entity, chosen in the order editor', async () => {
    const created = await callApi<OrderCreated>('POST', '/v1/orders', editor, { title: '松柏画册' });
    const page = await openSignedIn(browser, editor, `/admin/order/new/${created.id}`);
    const errors = watchErrors(page);
    const select = page.getByTestId('order-recipient-select');
    await select.waitFor();
    await expect.poll(() => select.innerText()).toContain('松柏');
    await screenshot(page, 'team-recipient-order-editor', { fullPage: false });
    const order = await callApi<Order>('GET', `/v1/orders/${created.id}`, editor);
    expect(order.team_recipient).toMatchObject({ id: entityId, short_name: '松柏' });
    expect(errors).toEqual([]);
  });
});
