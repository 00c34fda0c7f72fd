// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { readyToSettleFixture, settlementDetailFixture, settlementFixture } from './settlement.fixtures';
import { SettlementListPage } from './settlement-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/settlements';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.settlement.list, () => ({
      data: [
        settlementFixture(),
        settlementFixture({ id: 39, number: 'JS20261120001', status: 'paid', has_advance: false }),
      ],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.settlement.ready, () => ({
      data: [
        readyToSettleFixture(),
        readyToSettleFixture({
          model: { id: 8, name: '苏晴' },
          commission_rate: null,
          releasable: { ...readyToSettleFixture().releasable, gross: 0, net: 0, tax: 0, income: 0 },
        }),
      ],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.settlement.create, () => settlementDetailFixture({ id: 42, number: 'JS20261127001' })),
  );

describe('SettlementListPage', () => {
  it('lists the settlements with their figures and status, filtered from the address', async () => {
    answerAs('read');
    renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?status=paid&month=2026-11&keyword=林`);
    expect((await screen.findByTestId('settlement-open-40')).getAttribute('href')).toBe(
      '/finance/settlements/40',
    );
    const row = screen.getByTestId('settlement-row-40').textContent;
    expect(row).toContain('林夏');
    expect(row).toContain('¥6,520.00');
    expect(row).toContain('¥1,280.00');
    expect(row).toContain('提前支付');
    expect(screen.getByTestId('settlement-status-39').textContent).toBe('已付款');
    expect(callsTo(api, endpoints.settlement.list)[0]?.[0]).toMatchObject({
      query: { status: ['paid'], month: '2026-11', keyword: '林' },
    });
  });

  it('shows 待结算 per model and drafts a settlement, then opens it', async () => {
    answerAs('edit');
    const { where } = renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?tab=ready`);
    expect((await screen.findByTestId('ready-net-7')).textContent).toContain('¥4,032.00');
    expect(screen.getByTestId('ready-waiting-7').textContent).toContain('¥4,000.00');
    // No commission rate and nothing paid: nothing to draft.
    expect((screen.getByTestId('settlement-create-8') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('settlement-create-7'));
    await waitFor(() => expect(where()).toBe('/finance/settlements/42'));
    expect(callsTo(api, endpoints.settlement.create)[0]?.[0]).toEqual({ body: { model_id: 7 } });
  });

  it('offers no drafting to a reader', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<SettlementListPage />, ROUTE, `${ROUTE}?tab=ready`);
    await screen.findByTestId('ready-net-7');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('settlement-create-7')).toBeNull();
  });
});
