/** @vitest-environment jsdom */
import { cleanup, screen, within } from '@testing-library/react';
import { notFound, ok, stubFetch } from '@trackit/client/testing/fetch-stub';
import type { PublicSettlement } from '@trackit/contract/settlement-share.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { SHARE_ID } from '../../testing/share-fixtures';

const PATH = `/v1/public/settlements/${SHARE_ID}`;

/** A paid settlement of two lines: 20 % commission, 10 % of the gross to the mother agency. */
const settlement = (overrides: Partial<PublicSettlement> = {}): PublicSettlement => ({
  agency: '上海星辰模特经纪有限公司',
  number: 'JS20261124001',
  model_name: '林晓',
  status: 'paid',
  payout_type: 'individual',
  period_from: null,
  period_to: null,
  created_on: '2026-11-24',
  tax_month: '2026-11',
  corrects: null,
  reason: null,
  tax_residency: 'resident',
  taxes: [
    { category: 'labour', income: 700_000, taxable: 560_000, tax: 112_000 },
    { category: 'royalty', income: 210_000, taxable: 168_000, tax: 33_600 },
  ],
  lines: [
    {
      order_number: 'HF20261120001',
      order_title: '春季大片',
      date: '2026-11-20',
      kind: 'ModelFee',
      income_category: 'labour',
      gross: 1_000_000,
      commission: 200_000,
      mother_agency_in_commission: 0,
      mother_agency: 100_000,
      income: 700_000,
    },
    {
      order_number: 'HF20261121002',
      order_title: '',
      date: '2026-11-21',
      kind: 'UsageFee',
      income_category: 'royalty',
      gross: 300_000,
      commission: 60_000,
      mother_agency_in_commission: 0,
      mother_agency: 30_000,
      income: 210_000,
    },
  ],
  deductions: [{ kind: 'advance', occurred_on: '2026-11-10', amount: 50_000, note: '机票预支' }],
  totals: {
    gross: 1_300_000,
    commission: 260_000,
    mother_agency_in_commission: 0,
    mother_agency: 130_000,
    income: 910_000,
    taxable: 728_000,
    tax: 145_600,
    deductions: 50_000,
    net: 714_400,
  },
  paid: { on: '2026-11-25', reference: 'CMB20261125' },
  payout_account: '招商银行 尾号 3445',
  show_client_fees: false,
  expires_at: '2026-12-24T08:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a settlement shared with its model', () => {
  it('shows the model’s figures only: lines, totals, deductions, payment, the PDF link', async () => {
    stubFetch([['GET', PATH, () => ok(settlement())]]);
    renderApp(`/settlements/${SHARE_ID}`);
    await screen.findByTestId('settlement-page');
    expect(screen.getByTestId('team-name').textContent).toBe('上海星辰模特经纪有限公司');
    expect(screen.getByTestId('model-name').textContent).toBe('林晓');
    expect(screen.getByTestId('number').textContent).toBe('JS20261124001');
    expect(screen.getByTestId('status').textContent).toBe('已付款');
    expect(screen.getByTestId('net').textContent).toBe('¥7,144.00');
    const lines = screen.getByTestId('lines');
    expect(within(lines).getByText('春季大片')).toBeTruthy();
    expect(within(lines).getByText('肖像授权')).toBeTruthy();
    expect(within(lines).getByText('特许权使用费')).toBeTruthy();
    expect(within(lines).getByText('劳务报酬')).toBeTruthy();
    // The 合计 row: 13,000 gross, 9,100 income.
    expect(within(lines).getAllByText('¥13,000.00')).toHaveLength(1);
    expect(within(lines).getAllByText('¥9,100.00')).toHaveLength(1);
    expect(within(lines).queryByText('客户费用（含税）')).toBeNull();
    expect(within(screen.getByTestId('totals')).getByText('¥1,456.00')).toBeTruthy();
    const payment = screen.getByTestId('payment');
    expect(within(payment).getByText(/机票预支/)).toBeTruthy();
    expect(screen.getByTestId('payout-account').textContent).toBe('招商银行 尾号 3445');
    expect(screen.getByTestId('paid-on').textContent).toBe('2026年11月25日');
    expect(screen.getByTestId('download-pdf').getAttribute('href')).toBe(`/storm_api${PATH}/pdf`);
    expect(screen.queryByTestId('corrects')).toBeNull();
  });

  it('shows a mother agency paid out of the commission under 佣金, not taken from the model (issue 35 item 9)', async () => {
    const shown = settlement();
    shown.lines = shown.lines.map((line) => ({
      ...line,
      mother_agency_in_commission: line.mother_agency,
      mother_agency: 0,
      income: line.gross - line.commission,
    }));
    shown.totals = {
      ...shown.totals,
      mother_agency_in_commission: 130_000,
      mother_agency: 0,
      income: 1_040_000,
    };
    stubFetch([['GET', PATH, () => ok(shown)]]);
    renderApp(`/settlements/${SHARE_ID}`);
    const lines = await screen.findByTestId('lines');
    expect(within(lines).getByText('母公司分成（模特承担）')).toBeTruthy();
    expect(within(lines).getByText('含母公司分成 ¥1,000.00')).toBeTruthy();
    expect(within(lines).getByText('含母公司分成 ¥1,300.00')).toBeTruthy();
    const totals = screen.getByTestId('totals').textContent ?? '';
    expect(totals).toContain('其中母公司分成¥1,300.00');
    expect(totals).toContain('模特收入¥10,400.00');
  });

  it('adds each line’s client fee when the agency shows it', async () => {
    const shown = settlement({ show_client_fees: true });
    shown.lines = shown.lines.map((line, index) => ({
      ...line,
      client_total: index === 0 ? 1_060_000 : 318_000,
    }));
    shown.totals = { ...shown.totals, client_total: 1_378_000 };
    stubFetch([['GET', PATH, () => ok(shown)]]);
    renderApp(`/settlements/${SHARE_ID}`);
    const lines = await screen.findByTestId('lines');
    expect(within(lines).getByText('客户费用（含税）')).toBeTruthy();
    expect(within(lines).getByText('¥10,600.00')).toBeTruthy();
    expect(within(lines).getByText('¥13,780.00')).toBeTruthy();
  });

  it('shows a correction with what it corrects and what is owed back', async () => {
    const correction = settlement({
      status: 'draft',
      corrects: 'JS20261120003',
      reason: '客户退款',
      paid: null,
      deductions: [],
      lines: [],
      totals: {
        gross: -100_000,
        commission: -20_000,
        mother_agency_in_commission: 0,
        mother_agency: -10_000,
        income: -70_000,
        taxable: -56_000,
        tax: -11_200,
        deductions: 0,
        net: -58_800,
      },
    });
    stubFetch([['GET', PATH, () => ok(correction)]]);
    renderApp(`/settlements/${SHARE_ID}`);
    expect((await screen.findByTestId('corrects')).textContent).toBe('冲正结算单 JS20261120003：客户退款');
    expect(screen.getByTestId('net').textContent).toBe('-¥588.00');
    expect(within(screen.getByTestId('summary')).getByText('应退回')).toBeTruthy();
    expect(screen.getByTestId('paid-on').textContent).toBe('尚未付款');
  });

  it('shows the 404 page for an unknown, revoked or expired link', async () => {
    stubFetch([['GET', PATH, () => notFound()]]);
    renderApp(`/settlements/${SHARE_ID}`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});
