// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { financeDashboardFixture, payableToModelsFixture } from './finance-dashboard.fixtures';
import { FinanceDashboardPage } from './finance-dashboard-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

// ECharts draws on a canvas jsdom does not have: the lazy chunk is a stand-in that shows what it was given
// and opens a bar's list when its button is pressed.
vi.mock('./finance-dashboard-charts', () => {
  const stand = (testId: string) =>
    function Chart({
      title,
      extra,
      data,
      onOpen,
    }: {
      title: string;
      extra: ReactNode;
      data: unknown;
      onOpen: (index: number) => void;
    }) {
      const bars = Array.isArray(data) ? data.length : 1 + (data as { weeks: unknown[] }).weeks.length;
      return (
        <>
          <output data-testid={testId}>{`${title}: ${bars} bars`}</output>
          {extra}
          <button type="button" data-testid={`${testId}-first`} onClick={() => onOpen(0)} />
          <button type="button" data-testid={`${testId}-last`} onClick={() => onOpen(bars - 1)} />
        </>
      );
    };
  return { ExpectedChart: stand('expected'), RevenueChart: stand('revenue') };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const reader = permissionsAnswer({ accounting: 'read' });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const href = (testId: string) => screen.getByTestId(`finance-link-${testId}`).getAttribute('href');

describe('FinanceDashboardPage', () => {
  it('shows every figure of the answer in yuan, and the charts once their chunk is in', async () => {
    answerCalls(
      api,
      reader,
      answer(endpoints.receivable.dashboard, () => financeDashboardFixture()),
      answer(endpoints.settlement.readyTotals, () => payableToModelsFixture()),
    );
    renderPage(<FinanceDashboardPage />, '/finance/dashboard');
    await screen.findByTestId('finance-dashboard');
    expect(callsTo(api, endpoints.receivable.dashboard)).toHaveLength(1);
    expect(text('finance-receivable')).toBe('¥124,020.00');
    expect(text('finance-receivable-count')).toBe('14 个已出账订单未收清');
    expect(text('finance-received-this-month')).toBe('本月¥45,580.00');
    expect(text('finance-received-this-month-count')).toBe('6 笔');
    expect(text('finance-received-last-month')).toBe('上月¥61,480.00');
    expect(text('finance-invoiced-unpaid')).toBe('¥39,220.00');
    expect(text('finance-invoiced-unpaid-count')).toBe('5 张已开具发票（已减红冲与核销）');
    expect(text('finance-credit')).toBe('¥3,180.00');
    expect(text('finance-credit-count')).toBe('2 笔收款有未核销金额');
    expect((await screen.findByTestId('finance-payable-now')).textContent).toBe('当前可结算¥12,264.50');
    expect(text('finance-payable-models')).toBe('3 位模特待结算（实付，已扣个税与扣款）');
    expect(text('finance-payable-waiting')).toBe('待回款¥8,400.00');
    expect(text('finance-withheld-this-month')).toBe('¥2,136.00');
    expect(text('finance-withheld-this-month-count')).toBe('本月付款的 4 张结算单预扣');
    expect(text('finance-bucket-not_due')).toBe('未到期¥60,420.00');
    expect(text('finance-bucket-d31_60')).toBe('31–60 天¥15,900.00');
    expect(text('finance-bucket-d90_plus-count')).toBe('1 个订单');
    expect(text('finance-overdue-total')).toBe('¥63,600.00');
    expect(text('finance-client-31')).toBe('¥53,000.00');
    expect(
      [...screen.getByTestId('finance-top-clients').querySelectorAll('li')].map((item) => item.textContent),
    ).toEqual(['青禾服饰4 单¥53,000.00', '木棉文化传媒3 单¥31,800.00', '远山影业2 单¥15,900.00']);
    // Nothing falls due after the eighth week.
    expect(screen.queryByTestId('finance-expected-later')).toBeNull();
    expect((await screen.findByTestId('expected')).textContent).toBe(
      '未来 8 周预计收款（按到期日，每周一起）: 9 bars',
    );
    expect((await screen.findByTestId('revenue')).textContent).toBe('近 12 个月开票收入: 12 bars');
  });

  it('makes each figure a link to the list behind it, with the filters that list reads', async () => {
    answerCalls(
      api,
      reader,
      answer(endpoints.receivable.dashboard, () => financeDashboardFixture()),
      answer(endpoints.settlement.readyTotals, () => payableToModelsFixture()),
    );
    renderPage(<FinanceDashboardPage />, '/finance/dashboard');
    await screen.findByTestId('finance-link-receivable');
    expect(href('receivable')).toBe('/finance/fees?outstanding=true');
    expect(href('bucket-d31_60')).toBe('/finance/fees?aging_bucket=d31_60');
    expect(href('bucket-not_due')).toBe('/finance/fees?aging_bucket=not_due');
    expect(href('client-12')).toBe('/finance/fees?company_id=12&outstanding=true');
    expect(href('received-this-month')).toBe(
      '/finance/receipts?received_from=2026-11-01&received_to=2026-11-30&voided=false',
    );
    expect(href('received-last-month')).toBe(
      '/finance/receipts?received_from=2026-10-01&received_to=2026-10-31&voided=false',
    );
    expect(href('invoiced-unpaid')).toBe('/finance/invoices?open=true');
    expect(href('credit')).toBe('/finance/receipts?unallocated=true');
    expect(href('payable-to-models')).toBe('/finance/settlements?tab=ready');
    expect(href('withholding')).toBe('/finance/settlements?tab=withholding&month=2026-11');
  });

  it('opens the list behind a bar: overdue buckets, by due date, a month’s invoices', async () => {
    const clicks = {
      'expected-first':
        '/finance/fees?aging_bucket=d1_30&aging_bucket=d31_60&aging_bucket=d61_90&aging_bucket=d90_plus',
      'expected-last': '/finance/fees?outstanding=true&sort=due_on',
      'revenue-last': '/finance/invoices?issued_from=2026-11-01&issued_to=2026-11-30',
    };
    for (const [bar, list] of Object.entries(clicks)) {
      answerCalls(
        api,
        reader,
        answer(endpoints.receivable.dashboard, () => financeDashboardFixture()),
        answer(endpoints.settlement.readyTotals, () => payableToModelsFixture()),
      );
      const { where } = renderPage(<FinanceDashboardPage />, '/finance/dashboard');
      await screen.findByTestId('finance-link-receivable');
      fireEvent.click(await screen.findByTestId(bar));
      await waitFor(() => expect(where()).toBe(list));
      cleanup();
    }
  });

  it('says what falls due after the eighth week, and that no client owes anything', async () => {
    const fixture = financeDashboardFixture();
    answerCalls(
      api,
      reader,
      answer(endpoints.receivable.dashboard, () => ({
        ...fixture,
        expected: { ...fixture.expected, later: { count: 2, outstanding: 150_000 } },
        top_clients: [],
      })),
      answer(endpoints.settlement.readyTotals, () => payableToModelsFixture()),
    );
    renderPage(<FinanceDashboardPage />, '/finance/dashboard');
    expect((await screen.findByTestId('finance-expected-later')).textContent).toBe(
      '8 周后 ¥1,500.00（2 个）',
    );
    expect(screen.getByText('没有未收的客户')).toBeTruthy();
  });
});
