import type { WaitingApproval } from '@trackit/contract/approval.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { drawersStill, launchBrowser, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/** A full-page screenshot from the top (the shell's header is fixed: scrolled, it lands mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * Finance's controls (issue 34): an agent's commission change waits for approval and a finance manager
 * approves it; a bank change of a payee entity waits for a second member, masked, and is confirmed.
 */
describe('finance controls: changes that wait for a second member', () => {
  let browser: Browser;
  let owner: TokenPair;
  let agent: TokenPair;
  let checker: TokenPair;
  let model: Model;
  let entity: TeamRecipient;
  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.controlsOwner);
    agent = await signInByApi(E2E_USERS.controlsAgent);
    checker = await signInByApi(E2E_USERS.controlsChecker);
    model = await callApi<Model>('POST', '/v1/models', owner, {
      name: '乔安',
      gender: 'female',
      city: '上海',
      commission_rate: 1500,
    });
    entity = await callApi<TeamRecipient>('POST', '/v1/team_recipients', owner, {
      name: '上海明镜模特经纪有限公司',
      short_name: '明镜经纪',
      credit_code: '91310106MA1FY4XK3E',
      taxpayer_type: 'general',
      bank: 'cmb',
      branch: '上海静安支行',
      account_number: '6214 8302 1234 5678',
      is_default: true,
    });
  });
  afterAll(() => browser.close());

  it('holds an agent’s commission change (typed 4.35 %) for approval, and a finance manager approves it', async () => {
    const page = await openSignedIn(browser, agent, `/admin/information/model/${model.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('model-edit').click();
    await page.getByTestId('model-terms-hint').getByText('需财务管理者审批').waitFor();
    await page.getByTestId('model-commission-input').fill('4.35');
    await page.getByTestId('model-submit').click();
    await page.getByText('已保存，佣金条款的修改待审批后生效').waitFor();
    const card = page.getByTestId('model-terms-change');
    await card.waitFor();
    expect(await card.innerText()).toContain('15%');
    expect(await card.innerText()).toContain('4.35%');
    await card.getByTestId('model-terms-change-withdraw').waitFor();
    expect(await page.getByTestId('model-profile').innerText()).toContain('15%');
    await shot(page, 'controls-commission-waiting-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'controls-commission-waiting-1280', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();

    // The finance manager finds it in 待我审批 (财务 → 审批设置) and approves it on the model's page.
    const review = await openSignedIn(browser, checker, '/admin/finance/controls');
    const reviewErrors = watchErrors(review);
    await review.getByTestId('approval-settings').getByText('修改佣金与母公司分成').waitFor();
    const [waiting] = await callApi<WaitingApproval[]>('GET', '/v1/approvals', checker);
    expect(waiting).toMatchObject({ kind: 'commission_change', requested_by: { nickname: '方圆' } });
    await review.getByTestId(`waiting-approval-${waiting?.id}`).waitFor();
    await shot(review, 'controls-settings-1440');
    await review.setViewportSize({ width: 1280, height: 720 });
    await screenshot(review, 'controls-settings-1280', { fullPage: false });
    await review.getByTestId(`waiting-approval-${waiting?.id}`).click();
    await review.waitForURL(new RegExp(`/admin/information/model/${model.id}$`));
    await review.getByTestId('model-terms-change-pass').click();
    await review.getByTestId('model-terms-change-decide-modal').getByRole('button', { name: '同意' }).click();
    await review.getByText('已同意，修改已生效').waitFor();
    await expect.poll(() => review.getByTestId('model-terms-change').count()).toBe(0);
    await expect.poll(() => review.getByTestId('model-profile').innerText()).toContain('4.35%');
    expect((await callApi<Model>('GET', `/v1/models/${model.id}`, owner)).commission_rate).toBe(435);
    expect(reviewErrors).toEqual([]);
  });

  it('holds the owner’s bank change for a second member, masked, and the finance manager confirms it', async () => {
    const page = await openSignedIn(browser, owner, `/admin/team_recipient?recipient=${entity.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('team-recipient-bank-review').waitFor();
    await drawersStill(page);
    // Searchable: 兴业 finds 兴业银行; any other bank is chosen by its name.
    await page.getByTestId('team-recipient-bank-select').click();
    await page.keyboard.type('兴业');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="兴业银行"]').click();
    await page.getByTestId('team-recipient-account-input').fill('6229 0812 3456 7890');
    await screenshot(page, 'controls-bank-form-1440', { fullPage: false });
    await page.getByTestId('team-recipient-submit').click();
    await page.getByText('已保存，银行账户的修改待审批后生效').waitFor();
    // The list keeps the account in force and marks the change.
    const row = page.getByTestId('team-recipient-list').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.innerText()).toContain('修改待确认');
    expect(await row.innerText()).toContain('6214 8302 1234 5678');
    await row.getByText('上海明镜模特经纪有限公司').click();
    const card = page.getByTestId('team-recipient-bank-change');
    await card.waitFor();
    await drawersStill(page);
    const text = await card.innerText();
    expect(text).toContain('6229 **** **** 7890');
    expect(text).not.toContain('6229 0812 3456 7890');
    // The maker is told why they cannot confirm it.
    expect(await card.getByTestId('team-recipient-bank-change-refusal').innerText()).toContain('另一位成员');
    expect(await card.getByTestId('team-recipient-bank-change-pass').count()).toBe(0);
    await screenshot(page, 'controls-bank-waiting-1440', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await drawersStill(page);
    await screenshot(page, 'controls-bank-waiting-1280', { fullPage: false });
    expect(errors).toEqual([]);
    await page.close();

    const confirm = await openSignedIn(browser, checker, `/admin/team_recipient?recipient=${entity.id}`);
    const confirmErrors = watchErrors(confirm);
    const pending = confirm.getByTestId('team-recipient-bank-change');
    await pending.getByTestId('team-recipient-bank-change-pass').waitFor();
    await drawersStill(confirm);
    await screenshot(confirm, 'controls-bank-checker-1440', { fullPage: false });
    await pending.getByTestId('team-recipient-bank-change-pass').click();
    await confirm
      .getByTestId('team-recipient-bank-change-decide-modal')
      .getByRole('button', { name: '同意' })
      .click();
    await confirm.getByText('已确认，新账户已生效').waitFor();
    const confirmed = await callApi<TeamRecipient>('GET', `/v1/team_recipients/${entity.id}`, owner);
    expect(confirmed).toMatchObject({
      bank: 'cib',
      account_number: '6229081234567890',
      pending_bank_change: null,
    });
    expect(confirmErrors).toEqual([]);
  });

  it('holds a model’s payout account at a city commercial bank, named with its branch, for the checker', async () => {
    const page = await openSignedIn(browser, owner, `/admin/information/model/${model.id}`);
    const errors = watchErrors(page);
    await page.getByTestId('model-edit').click();
    await page.getByTestId('model-payout-hint').getByText('需另一位财务管理者确认后生效').waitFor();
    await page.getByTestId('model-payout-name-input').fill('乔安');
    await page.getByTestId('model-payout-bank-input').click();
    await page.keyboard.type('农商');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title^="其他银行"]').click();
    await page.getByTestId('model-payout-bank-name-input').fill('上海农村商业银行');
    await page.getByTestId('model-payout-branch-input').fill('静安支行');
    await page.getByTestId('model-payout-account-input').fill('5013 1000 8623 4567 8');
    await page.getByTestId('model-payout-account-input').scrollIntoViewIfNeeded();
    await screenshot(page, 'controls-model-payout-form-1440', { fullPage: false });
    await page.getByTestId('model-submit').click();
    await page.getByText('已保存，收款账户的修改待审批后生效').waitFor();
    const card = page.getByTestId('model-payout-change');
    await card.waitFor();
    expect(await card.innerText()).toContain('上海农村商业银行');
    expect(await card.innerText()).toContain('5013 **** **** 5678');
    await shot(page, 'controls-model-payout-waiting-1440');
    expect(errors).toEqual([]);
    await page.close();

    const confirm = await openSignedIn(browser, checker, `/admin/information/model/${model.id}`);
    await confirm.getByTestId('model-payout-change-pass').click();
    await confirm
      .getByTestId('model-payout-change-decide-modal')
      .getByRole('button', { name: '同意' })
      .click();
    await confirm.getByText('已同意，修改已生效').waitFor();
    await expect.poll(() => confirm.getByTestId('model-payout').innerText()).toContain('上海农村商业银行');
    expect(await confirm.getByTestId('model-payout').innerText()).toContain('静安支行');
  });
});
