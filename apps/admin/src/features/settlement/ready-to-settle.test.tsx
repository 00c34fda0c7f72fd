// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { readyLineFixture, readyToSettleFixture, settlementDetailFixture } from './settlement.fixtures';
import { SettlementListPage } from './settlement-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/settlements';
const READY = `${ROUTE}?tab=ready`;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const paid = readyLineFixture();
const unpaid = readyLineFixture({
  fee_line_id: 302,
  order_id: 12,
  order_number: 'XC20261120002',
  paid: 0,
  releasable: { gross: 0, commission: 0, mother_agency: 0, mother_agency_from_model: 0, income: 0 },
  waiting_gross: 200_000,
  commission_rate: 1500,
  commission_override: { rate: 1500, reason: '客户特批' },
});
const settled = readyLineFixture({ fee_line_id: 303, order_number: 'XC20261120003', rate_locked: true });

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.settlement.ready, () => ({
      data: [readyToSettleFixture({ lines: [paid, unpaid, settled] })],
      page: 1,
      perPage: 20,
      total: 1,
    })),
    answer(endpoints.settlement.create, () => settlementDetailFixture({ id: 42, number: 'JS20261127001' })),
    answer(endpoints.settlement.setCommissionOverride, ({ params, body }) => ({
      fee_line_id: params.fee_line_id,
      ...body,
    })),
    answer(endpoints.settlement.removeCommissionOverride, () => null),
  );

/** Ticks a line's checkbox in the opened lines. */
const pick = (feeLineId: number) => {
  const row = screen.getByTestId(`ready-line-${feeLineId}`);
  fireEvent.click(within(row).getByRole('checkbox'));
};

describe('待结算: lines, picking, advances and overrides', () => {
  it('opens a model’s lines with their rates and settles only the ticked ones', async () => {
    answerAs('edit');
    const { where, queryClient } = renderPage(<SettlementListPage />, ROUTE, READY);
    fireEvent.click(await screen.findByTestId('ready-lines-toggle-7'));
    expect(screen.getByTestId('ready-line-rate-301').textContent).toBe('20%');
    expect(screen.getByTestId('ready-line-rate-302').textContent).toContain('15%');
    expect(screen.getByTestId('ready-line-rate-302').textContent).toContain('已调整');
    expect(screen.getByTestId('ready-line-releasable-301').textContent).toContain('¥1,000.00');
    // Edit level: no advance, no override.
    await pageSettled(queryClient);
    expect(screen.queryByTestId('settlement-advance-7')).toBeNull();
    expect(screen.queryByTestId('override-open-301')).toBeNull();

    // A ticked unpaid line cannot be settled before the client pays.
    pick(302);
    // The button moves out of its tooltip as it is enabled: read it afresh.
    const create = () => screen.getByTestId('settlement-create-7') as HTMLButtonElement;
    expect(create().textContent).toContain('结算所选 1 条');
    expect(create().disabled).toBe(true);
    pick(302);
    pick(301);
    expect(create().disabled).toBe(false);
    fireEvent.click(create());
    await waitFor(() => expect(where()).toBe('/finance/settlements/42'));
    expect(callsTo(api, endpoints.settlement.create)[0]?.[0]).toEqual({
      body: { model_id: 7, fee_line_ids: [301] },
    });
  });

  it('pays ticked lines ahead of the client at manage, after a confirmation', async () => {
    answerAs('manage');
    const { where } = renderPage(<SettlementListPage />, ROUTE, READY);
    const advance = () => screen.getByTestId('settlement-advance-7') as HTMLButtonElement;
    await screen.findByTestId('settlement-advance-7');
    expect(advance().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('ready-lines-toggle-7'));
    pick(302);
    expect(advance().disabled).toBe(false);
    fireEvent.click(advance());
    const confirm = await screen.findByTestId('advance-confirm');
    expect(confirm.textContent).toContain('不等客户付款');
    expect(confirm.textContent).toContain('¥2,000.00');
    expect(callsTo(api, endpoints.settlement.create)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '生成预付结算单' }));
    await waitFor(() => expect(where()).toBe('/finance/settlements/42'));
    expect(callsTo(api, endpoints.settlement.create)[0]?.[0]).toEqual({
      body: { model_id: 7, fee_line_ids: [302], advance: true },
    });
  });

  it('sets a line’s commission rate in % with a reason at manage, removes it, and not once settled', async () => {
    answerAs('manage');
    renderPage(<SettlementListPage />, ROUTE, READY);
    fireEvent.click(await screen.findByTestId('ready-lines-toggle-7'));
    expect(screen.queryByTestId('override-open-303')).toBeNull();
    expect(screen.getByTestId('ready-line-303').textContent).toContain('已结算');

    fireEvent.click(screen.getByTestId('override-open-301'));
    const modal = await screen.findByTestId('override-modal');
    expect(within(modal).queryByTestId('override-remove')).toBeNull();
    // Read to the basis point from its digits: 4.35 × 100 is 434.99999999999994 in floating point.
    fireEvent.change(within(modal).getByTestId('override-percent'), { target: { value: '4.35' } });
    fireEvent.click(within(modal).getByRole('button', { name: '保存' }));
    expect(await within(modal).findByText('*请填写调整原因')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('override-reason'), { target: { value: '客户特批' } });
    fireEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(api, endpoints.settlement.setCommissionOverride)).toHaveLength(1));
    expect(callsTo(api, endpoints.settlement.setCommissionOverride)[0]?.[0]).toEqual({
      params: { fee_line_id: 301 },
      body: { commission_rate: 435, reason: '客户特批' },
    });
    await waitFor(() => expect(screen.queryByTestId('override-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('override-open-302'));
    const second = await screen.findByTestId('override-modal');
    fireEvent.click(within(second).getByTestId('override-remove'));
    await waitFor(() => expect(callsTo(api, endpoints.settlement.removeCommissionOverride)).toHaveLength(1));
    expect(callsTo(api, endpoints.settlement.removeCommissionOverride)[0]?.[0]).toEqual({
      params: { fee_line_id: 302 },
    });
  });
});
