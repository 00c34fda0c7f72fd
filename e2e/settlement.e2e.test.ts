import { readFile } from 'node:fs/promises';
import { businessDate } from '@trackit/contract/business-time';
import type { InvoiceDetail, ReadyGroup } from '@trackit/contract/invoice.schema';
import { formatYuan } from '@trackit/contract/money';
import type { Order } from '@trackit/contract/order.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import type { TokenPair } from '@trackit/contract/session.schema';
import type {
  ReadyToSettle,
  ReadyToSettleLine,
  Settlement,
  SettlementDetail,
  Withholding,
} from '@trackit/contract/settlement.schema';
import type { SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './api';
import { keepDownload, launchBrowser, openPage, screenshot, watchErrors } from './browser';
import { E2E_USERS } from './fixtures';
import { openSignedIn, signInByApi } from './session';

/**
 * Model settlements (模特结算) on the demo agency: a billed order's fee line paid in part by its client
 * (a receipt allocated to the line through the API), then in the browser 待结算 shows the model, 生成结算单
 * drafts the settlement, which is submitted and approved; the model's tax identity is completed on her page
 * when the settlement says it lacks it, and the payment is recorded with the preview of its month's tax.
 */
/** The settlement's id in its page's address. */
const firstIdOf = (address: string): number => Number(address.match(/settlements\/(\d+)$/)?.[1]);

describe('finance: a model settled from 待结算 to 已付款', () => {
  let browser: Browser;
  let owner: TokenPair;
  let line: ReadyToSettleLine & { model_id: number };
  /**
   * The client pays part of the line (`half` of what it still owes, or `all` of it): a receipt into the
   * order's payee entity, allocated to the issued invoice holding the line (an invoiced line is paid
   * through its invoice, docs/product.md "Payments received"), else to the line itself.
   */
  let clientPays: (part: 'half' | 'all', reference: string) => Promise<void>;
  const today = businessDate(new Date());

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await signInByApi(E2E_USERS.settlementsOwner);
    // A model with no settlement still open: a job's payouts of a month are settled one after the other.
    const open = await callApi<Settlement[]>(
      'GET',
      '/v1/settlements?status=draft&status=submitted&status=passed&per_page=100',
      owner,
    );
    const busy = new Set(open.map((settlement) => settlement.model.id));
    // A line its client still owes on, of an order already invoiced: the finance and receipts journeys take
    // orders from 待开票 (and may run before or after this one), so a line of those is never chosen.
    const waitingForInvoice = new Set(
      (await callApi<ReadyGroup[]>('GET', '/v1/finance/ready_to_invoice?per_page=100', owner)).flatMap(
        (group) => group.lines.map((candidate) => candidate.order_id),
      ),
    );
    const ready = await callApi<ReadyToSettle[]>('GET', '/v1/settlements/ready?per_page=100', owner);
    const chosen = ready
      .filter(
        (model) =>
          model.commission_rate !== null && model.payout_type === 'individual' && !busy.has(model.model.id),
      )
      .flatMap((model) => model.lines.map((candidate) => ({ ...candidate, model_id: model.model.id })))
      .find(
        (candidate) =>
          !waitingForInvoice.has(candidate.order_id) &&
          !candidate.advanced &&
          candidate.total - candidate.paid >= 200,
      );
    if (!chosen) throw new Error('the demo agency has an owed line of a model with no open settlement');
    const order = await callApi<Order>('GET', `/v1/orders/${chosen.order_id}`, owner);
    if (order.team_recipient_id === null) throw new Error('a billed order has its payee entity');
    line = chosen;
    const payee = order.team_recipient_id;
    clientPays = async (part, reference) => {
      const money = await callApi<FinanceOrder>('GET', `/v1/finance/orders/${chosen.order_id}`, owner);
      let target: { invoice_id: number } | { fee_line_id: number } = { fee_line_id: chosen.fee_line_id };
      let open =
        money.lines.find((candidate) => candidate.fee_line_id === chosen.fee_line_id)?.direct_open ?? 0;
      for (const invoice of money.invoices.filter((candidate) => candidate.status === 'issued')) {
        const detail = await callApi<InvoiceDetail>('GET', `/v1/invoices/${invoice.id}`, owner);
        if (detail.lines.some((candidate) => candidate.fee_line_id === chosen.fee_line_id)) {
          target = { invoice_id: invoice.id };
          open = detail.total - detail.reversed - detail.allocated;
          break;
        }
      }
      const amount = part === 'all' ? open : Math.floor(open / 2);
      const receipt = await callApi<ReceiptDetail>('POST', '/v1/receipts', owner, {
        received_on: today,
        amount,
        payer_name: chosen.company_name ?? '客户',
        reference,
        team_recipient_id: payee,
      });
      await callApi('POST', `/v1/receipts/${receipt.id}/allocations`, owner, [{ ...target, amount }]);
    };
    // The client pays half of what it owes on the line now, the rest later in the journey.
    await clientPays('half', 'ABC2026112700054');
  });
  afterAll(() => browser.close());

  it('settles what the client paid, then the rest once the client pays it', async () => {
    const page = await openSignedIn(
      browser,
      owner,
      `/admin/finance/settlements?tab=ready&model_id=${line.model_id}`,
    );
    const errors = watchErrors(page);
    await page.getByTestId(`ready-row-${line.model_id}`).waitFor();
    await screenshot(page, 'settlements-ready-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'settlements-ready-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId(`settlement-create-${line.model_id}`).click();
    await page.getByTestId('settlement-page').waitFor();
    expect(await page.getByTestId('settlement-status').textContent()).toBe('草稿');
    const number = await page.getByTestId('settlement-number').textContent();
    expect(number).toMatch(/^JS\d{11}$/);
    // The breadcrumb names the settlement by its number.
    await expect.poll(() => page.locator('.ant-breadcrumb').textContent()).toContain(number ?? '');
    await screenshot(page, 'settlement-draft');

    await page.getByTestId('settlement-submit').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('settlement-status').textContent()).toBe('待审批');

    await page.getByTestId('settlement-pass').click();
    const decide = page.getByTestId('settlement-decide-modal');
    await decide.getByRole('button', { name: '通过' }).click();
    await expect.poll(() => page.getByTestId('settlement-status').textContent()).toBe('已通过');

    // An individual is paid only with her tax identity complete: the page says what is missing, 登记付款
    // waits, and 编辑 on her page completes it (a 居民身份证: the holder is a resident).
    const settlementUrl = page.url();
    const approved = await callApi<SettlementDetail>(
      'GET',
      `/v1/settlements/${firstIdOf(settlementUrl)}`,
      owner,
    );
    if (approved.tax_identity_missing.length > 0) {
      await page.getByTestId('settlement-identity-missing').waitFor();
      await screenshot(page, 'settlement-identity-missing');
      await page.getByTestId('settlement-pay').click();
      await page.getByTestId('settlement-pay-identity').waitFor();
      expect(await page.getByTestId('settlement-pay-ok').isDisabled()).toBe(true);
      await page
        .getByTestId('settlement-pay-modal')
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await page.goto(`${inject('e2eBaseUrl')}/admin/information/model/${line.model_id}`);
      await page.getByTestId('model-edit').click();
      await page.getByTestId('model-id-type-input').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="居民身份证"]').click();
      const first17 = `44030519980808${String(Date.now() % 1000).padStart(3, '0')}`;
      await page.getByTestId('model-id-number-input').fill(`${first17}${nationalIdCheckChar(first17)}`);
      await screenshot(page, 'model-tax-identity-form');
      await page.getByTestId('model-submit').click();
      await expect.poll(() => page.getByTestId('model-tax-residency').textContent()).toBe('居民个人');
      await page.goto(settlementUrl);
      await page.getByTestId('settlement-page').waitFor();
      expect(await page.getByTestId('settlement-identity-missing').count()).toBe(0);
    }

    await page.getByTestId('settlement-pay').click();
    const pay = page.getByTestId('settlement-pay-modal');
    // The preview of today's payment: the tax worked out for this month, the net to transfer.
    await pay.getByTestId('settlement-pay-preview').waitFor();
    const preview = await callApi<{ net: number; tax: number }>(
      'GET',
      `/v1/settlements/${firstIdOf(settlementUrl)}/payment_preview?paid_on=${today}`,
      owner,
    );
    expect(await pay.getByTestId('settlement-pay-net').textContent()).toBe(formatYuan(preview.net));
    await pay.getByTestId('settlement-reference').fill('CMB2026112700054');
    await pay.getByTestId('settlement-payer').click();
    await page.locator('.ant-select-item-option').first().click();
    await screenshot(page, 'settlement-pay', { fullPage: false });
    await pay.getByRole('button', { name: '登记' }).click();
    await expect.poll(() => page.getByTestId('settlement-status').textContent()).toBe('已付款');
    const recorded = await callApi<SettlementDetail>(
      'GET',
      `/v1/settlements/${firstIdOf(settlementUrl)}`,
      owner,
    );
    expect({ net: recorded.net, tax: recorded.tax }).toEqual({ net: preview.net, tax: preview.tax });
    expect(await page.getByTestId('settlement-lines').textContent()).toMatch(/劳务报酬|特许权使用费/);
    expect(await page.getByTestId('settlement-paid').textContent()).toContain('CMB2026112700054');
    expect(await page.getByTestId('settlement-approvals').textContent()).toContain('已同意');
    const firstTax = (
      await callApi<SettlementDetail>('GET', `/v1/settlements/${firstIdOf(page.url())}`, owner)
    ).tax;
    await screenshot(page, 'settlement-paid-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'settlement-paid-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The model's statement: an A4 PDF, and a link the agent sends to the model.
    const pdf = page.waitForEvent('download');
    await page.getByTestId('settlement-pdf').click();
    const downloaded = await pdf;
    expect(downloaded.suggestedFilename()).toMatch(/^结算单_.+_JS\d{11}\.pdf$/);
    const bytes = await readFile(await keepDownload(downloaded, 'settlement.pdf'));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('settlement-share').click();
    await page.getByTestId('settlement-share-create').click();
    const url = (await page.getByTestId('settlement-share-url').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/web\/settlements\/[\w-]{24}$/);
    await screenshot(page, 'settlement-share-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    const model = await openPage(browser);
    const modelErrors = watchErrors(model);
    await model.goto(`${inject('e2eBaseUrl')}${url.slice(url.indexOf('/web/'))}`);
    await model.getByTestId('lines').waitFor();
    expect(await model.getByTestId('number').textContent()).toBe(number);
    const paidSettlement = await callApi<SettlementDetail>(
      'GET',
      `/v1/settlements/${firstIdOf(page.url())}`,
      owner,
    );
    expect(await model.getByTestId('net').textContent()).toContain(
      formatYuan(paidSettlement.net).replace('¥', ''),
    );
    // The client's price is the agency's business: off by default, the page never names it.
    expect(await model.locator('body').textContent()).not.toContain('客户费用');
    await screenshot(model, 'settlement-model-page-1440');
    await model.setViewportSize({ width: 390, height: 844 });
    expect(await model.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(model, 'settlement-model-page-390');
    expect(modelErrors).toEqual([]);
    await model.close();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(page.url().replace(/settlements\/\d+$/, 'settlements'));
    await page.getByTestId('settlement-list').waitFor();
    await page.locator('[data-testid^="settlement-row-"]').first().waitFor();
    await screenshot(page, 'settlements-list');

    // Nothing of the line is left to release until the client pays the rest; then 待结算 offers it again.
    const before = await callApi<ReadyToSettle[]>(
      'GET',
      `/v1/settlements/ready?model_id=${line.model_id}`,
      owner,
    );
    expect(
      before[0]?.lines.find((candidate) => candidate.fee_line_id === line.fee_line_id)?.releasable.gross ?? 0,
    ).toBe(0);
    const rest = before[0]?.lines.find((candidate) => candidate.fee_line_id === line.fee_line_id);
    if (!rest) throw new Error('the line still waits for its client');
    await clientPays('all', 'ABC2026112700055');
    const after = await callApi<ReadyToSettle[]>(
      'GET',
      `/v1/settlements/ready?model_id=${line.model_id}`,
      owner,
    );
    const released = after[0]?.lines.find((candidate) => candidate.fee_line_id === line.fee_line_id);
    expect(released?.releasable.gross).toBe(rest.waiting_gross);
    await page.goto(page.url().replace(/settlements.*$/, `settlements?tab=ready&model_id=${line.model_id}`));
    await page.getByTestId(`ready-row-${line.model_id}`).waitFor();
    await expect
      .poll(() => page.getByTestId(`ready-net-${line.model_id}`).textContent())
      .toContain(formatYuan(after[0]?.releasable.net ?? 0).replace('¥', ''));
    await page.getByTestId(`settlement-create-${line.model_id}`).click();
    await page.getByTestId('settlement-page').waitFor();
    expect(await page.getByTestId('settlement-status').textContent()).toBe('草稿');
    await screenshot(page, 'settlement-second-part');

    // The model's page, 结算: what the agency owes her now and what it paid and withheld this year.
    await page.goto(`${inject('e2eBaseUrl')}/admin/information/model/${line.model_id}`);
    await page.getByRole('tab', { name: '结算' }).click();
    await page.getByTestId('model-settlement-figures').waitFor();
    const summary = await callApi<SettlementSummary>(
      'GET',
      `/v1/settlements/summary?model_id=${line.model_id}`,
      owner,
    );
    expect(summary.withheld_this_year).toBeGreaterThanOrEqual(firstTax);
    expect(await page.getByTestId('model-settlement-figures').textContent()).toContain(
      formatYuan(summary.withheld_this_year).replace('¥', ''),
    );
    await page.locator('[data-testid^="model-settlement-row-"]').first().waitFor();
    await screenshot(page, 'settlement-model-tab-1440');

    // 扣缴明细 of this month lists the model paid today, with the tax the first settlement withheld; the
    // workbook for the filing downloads from it.
    const month = today.slice(0, 7);
    await page.goto(`${inject('e2eBaseUrl')}/admin/finance/settlements?tab=withholding&month=${month}`);
    const withholding = await callApi<Withholding>('GET', `/v1/finance/withholding?month=${month}`, owner);
    const mine = withholding.rows.filter((candidate) => candidate.model.id === line.model_id);
    expect(mine.reduce((sum, candidate) => sum + candidate.tax, 0)).toBe(firstTax);
    const [first] = mine;
    if (!first) throw new Error('the model paid today is on this month’s list');
    const row = page.getByTestId(
      `withholding-row-${first.model.id}-${first.income_category}-${first.tax_residency}`,
    );
    await row.waitFor();
    expect(await row.textContent()).toContain(formatYuan(first.tax).replace('¥', ''));
    await screenshot(page, 'settlement-withholding-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'settlement-withholding-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    const download = page.waitForEvent('download');
    await page.getByTestId('withholding-export').click();
    const workbook = await download;
    expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
    // The tax client's import file: an .xlsx (a zip archive; its sheets are read back in withholding-export.int.test.ts).
    const xlsx = await readFile(await keepDownload(workbook, 'withholding.xlsx'));
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    expect(errors).toEqual([]);
    await page.close();
  });
});
