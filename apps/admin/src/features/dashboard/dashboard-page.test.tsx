// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { dashboardFixture } from './dashboard.fixtures';
import { DashboardPage } from './dashboard-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

// ECharts draws on a canvas jsdom does not have: the lazy chunk is a stand-in that shows what it was given.
vi.mock('./dashboard-charts', () => ({
  DashboardCharts: ({
    jobsByDay,
    valueByDay,
    valueNote,
  }: {
    jobsByDay: unknown[];
    valueByDay: unknown[];
    valueNote: string | null;
  }) => (
    <output data-testid="dashboard-charts">
      {`${jobsByDay.length} days, ${valueByDay.length} points, ${valueNote ?? 'team'}`}
    </output>
  ),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A member who may open every list a figure leads to. */
const everyList = permissionsAnswer({
  dashboard: 'read',
  my_bill: 'read',
  calendar: 'read',
  data_management: 'read',
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const href = (testId: string) => screen.getByTestId(`dashboard-link-${testId}`).getAttribute('href');

describe('DashboardPage', () => {
  it('shows every figure of the answer, and the charts once their chunk is in', async () => {
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => dashboardFixture()),
    );
    renderPage(<DashboardPage />, '/dashboard');
    await screen.findByTestId('dashboard');
    expect(callsTo(api, endpoints.dashboard.get)).toHaveLength(1);
    expect(text('dashboard-jobs-today')).toBe('3个');
    expect(text('dashboard-jobs-week')).toBe('7个');
    expect(screen.getByText('11月22日 – 11月28日')).toBeTruthy();
    expect(text('dashboard-models-booked')).toBe('12/ 42');
    expect(text('dashboard-models-free')).toBe('有排期的模特 / 在职模特，空闲 30 位');
    expect(text('dashboard-options-expiring')).toBe('4个');
    expect(text('dashboard-approvals')).toBe('2个');
    expect(text('dashboard-packages-opened')).toBe('被打开5个');
    expect(text('dashboard-package-views')).toBe('浏览41次');
    expect(text('dashboard-package-picks')).toBe('选中9次');
    expect(text('dashboard-month-orders')).toBe('本月（11月1日 – 11月30日）18个');
    expect(text('dashboard-month-value')).toBe('¥28,800.00');
    expect(text('dashboard-last-orders')).toBe('上月（10月1日 – 10月31日）12个');
    expect(text('dashboard-last-value')).toBe('¥32,000.00');
    expect(text('dashboard-orders-change')).toContain('+50%');
    expect(text('dashboard-value-change')).toContain('-10%');
    expect(text('dashboard-licences')).toBe('6项');
    // The billing step in the glossary's words (docs/product.md "Billing words").
    expect(screen.getByText(`已确认、${BILLING_WORDS.done}订单的肖像授权`)).toBeTruthy();
    // The whole team's value: no scope note.
    expect(screen.queryByTestId('dashboard-scope-note')).toBeNull();
    expect((await screen.findByTestId('dashboard-charts')).textContent).toBe('7 days, 31 points, team');
  });

  it('makes each figure a link to the exact list behind it', async () => {
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => dashboardFixture()),
    );
    renderPage(<DashboardPage />, '/dashboard');
    // Links come once the member's levels are in.
    await screen.findByTestId('dashboard-link-jobs-today');
    expect(href('jobs-today')).toBe(
      '/order/order?status=confirmed&status=completed&from=2026-11-24&to=2026-11-24',
    );
    expect(href('jobs-week')).toBe(
      '/order/order?status=confirmed&status=completed&from=2026-11-22&to=2026-11-28',
    );
    expect(href('models-week')).toBe('/calendar?view=resource');
    expect(href('options-expiring')).toBe('/order/order?options_expiring=true');
    expect(href('approvals')).toBe('/order/ready_to_bill');
    expect(href('packages')).toBe('/information/packages?sort=-last_viewed_at');
    expect(href('this-month')).toBe(
      '/order/order?status=confirmed&status=completed&status=billed&from=2026-11-01&to=2026-11-30',
    );
    expect(href('last-month')).toBe(
      '/order/order?status=confirmed&status=completed&status=billed&from=2026-10-01&to=2026-10-31',
    );
    expect(href('licences')).toBe(
      '/order/order?status=confirmed&status=completed&status=billed&usage_end_from=2026-11-24&usage_end_to=2026-12-24',
    );
  });

  it('links no figure to a list the member cannot open: the figures stay, as text', async () => {
    answerCalls(
      api,
      permissionsAnswer({ dashboard: 'read', calendar: 'read' }),
      answer(endpoints.dashboard.get, () => dashboardFixture()),
    );
    renderPage(<DashboardPage />, '/dashboard');
    await screen.findByTestId('dashboard');
    // The calendar's figure links once the levels are in; the orders' and packages' never do.
    await waitFor(() => expect(href('models-week')).toBe('/calendar?view=resource'));
    for (const id of ['jobs-today', 'jobs-week', 'options-expiring', 'approvals', 'packages', 'this-month']) {
      expect(screen.queryByTestId(`dashboard-link-${id}`), id).toBeNull();
    }
    expect(screen.getByTestId('dashboard').querySelectorAll('a')).toHaveLength(1);
    expect(text('dashboard-jobs-today')).toBe('3个');
    expect(text('dashboard-month-orders')).toBe('本月（11月1日 – 11月30日）18个');
    expect(text('dashboard-licences')).toBe('6项');
  });

  it('opens the list on a click', async () => {
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => dashboardFixture()),
    );
    const { where } = renderPage(<DashboardPage />, '/dashboard');
    fireEvent.click(await screen.findByTestId('dashboard-link-licences'));
    await waitFor(() =>
      expect(where()).toBe(
        '/order/order?status=confirmed&status=completed&status=billed&usage_end_from=2026-11-24&usage_end_to=2026-12-24',
      ),
    );
  });

  it('says when the money covers only the caller’s own orders, and a month without a base', async () => {
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () =>
        dashboardFixture({
          value_scope: 'mine',
          last_month: { from: '2026-10-01', to: '2026-10-31', orders: 0, value: 0 },
        }),
      ),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect((await screen.findByTestId('dashboard-scope-note')).textContent).toBe('仅含我负责的订单');
    expect(text('dashboard-orders-change')).toContain('--');
    expect(text('dashboard-value-change')).toContain('--');
    expect((await screen.findByTestId('dashboard-charts')).textContent).toBe(
      '7 days, 31 points, 仅含我负责的订单',
    );
  });

  it('shows the failure with 重试, and the figures once a retry answers', async () => {
    let fail = true;
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => {
        if (fail) throw new Error('服务繁忙');
        return dashboardFixture();
      }),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('服务繁忙');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect((await screen.findByTestId('dashboard-jobs-today')).textContent).toBe('3个');
  });

  it('lists what waits for the member’s decision, each opening its record, only when something waits', async () => {
    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => dashboardFixture()),
      answer(endpoints.approval.waiting, () => ({
        data: [
          {
            id: 7,
            kind: 'order' as const,
            kind_label: '订单',
            record_id: 12,
            subject: 'SO-0012「春季新品」',
            link: '/admin/order/12',
            requested_by: { id: 3, nickname: '小周' },
            requested_at: '2026-11-24T02:30:00.000Z',
          },
        ],
        page: 1,
        perPage: 5,
        total: 1,
      })),
    );
    const { where } = renderPage(<DashboardPage />, '/dashboard');
    const row = await screen.findByTestId('waiting-approval-7');
    expect(row.textContent).toBe('SO-0012「春季新品」');
    expect(screen.getByTestId('waiting-approvals').textContent).toContain('2026-11-24 10:30');
    expect(screen.getByTestId('waiting-approvals').textContent).toContain('小周');
    fireEvent.click(row);
    await waitFor(() => expect(where()).toBe('/order/12'));
    cleanup();
    vi.mocked(api.call).mockClear();

    answerCalls(
      api,
      everyList,
      answer(endpoints.dashboard.get, () => dashboardFixture({ approvals_waiting: 0 })),
    );
    renderPage(<DashboardPage />, '/dashboard');
    await screen.findByTestId('dashboard');
    expect(screen.queryByTestId('waiting-approvals')).toBeNull();
    expect(callsTo(api, endpoints.approval.waiting)).toHaveLength(0);
  });
});
