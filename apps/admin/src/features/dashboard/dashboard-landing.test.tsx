// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { renderPage } from '../../testing/render-page';
import { orderListItemFixture } from '../order/order.fixtures';
import { OrderListPage } from '../order/order-list-page';
import { dashboardFixture } from './dashboard.fixtures';
import { dashboardLinks } from './dashboard-links';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const links = dashboardLinks(dashboardFixture());

const lastListQuery = () =>
  (callsTo(api, endpoints.order.list).at(-1)?.[0] as { query: Record<string, unknown> } | undefined)?.query;

describe('the order list opened from the dashboard', () => {
  it.each([
    [
      'licences',
      links.licences,
      {
        status: ['confirmed', 'completed', 'billed'],
        usage_end_from: '2026-11-24',
        usage_end_to: '2026-12-24',
      },
    ],
    ['options expiring', links.optionsExpiring, { options_expiring: true }],
    [
      'this month',
      links.thisMonth,
      { status: ['confirmed', 'completed', 'billed'], from: '2026-11-01', to: '2026-11-30' },
    ],
    [
      'jobs today',
      links.jobsToday,
      { status: ['confirmed', 'completed'], from: '2026-11-24', to: '2026-11-24' },
    ],
  ])('asks the server for exactly the figure’s orders (%s)', async (_name, link, filters) => {
    answerCalls(
      api,
      answer(endpoints.permission.mine, () => [{ key: 'my_bill' as const, level: 'manage' as const }]),
      answer(endpoints.order.list, () => ({
        data: [orderListItemFixture(1)],
        page: 1,
        perPage: 20,
        total: 1,
      })),
      answer(endpoints.profile.get, () => testProfile()),
      answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    );
    renderPage(<OrderListPage />, '/order/order', link);
    await screen.findByTestId('order-row-1');
    await waitFor(() => expect(lastListQuery()).toEqual({ ...filters, page: 1, per_page: 20 }));
  });
});
