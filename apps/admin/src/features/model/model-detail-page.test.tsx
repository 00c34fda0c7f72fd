// @vitest-environment jsdom

import type { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { businessDate } from '@trackit/contract/business-time';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Model, ModelPendingChanges, Trip } from '@trackit/contract/model.schema';
import type { ModelDeduction } from '@trackit/contract/model-deduction.schema';
import type { SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { settlementFixture } from '../settlement/settlement.fixtures';
import { modelFixture } from './model.fixtures';
import { ModelDetailPage } from './model-detail-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const model: Model = modelFixture({
  english_name: 'Sunny',
  mobile: '13812345678',
  commission_rate: 2000,
});

const trip: Trip = {
  id: 4,
  model_id: 9,
  kind: 'vacation',
  start_date: '2026-12-01',
  end_date: '2026-12-07',
  place: '三亚',
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
};

const deduction = (overrides: Partial<ModelDeduction> = {}): ModelDeduction => ({
  id: 31,
  model_id: 9,
  kind: 'advance',
  occurred_on: '2026-11-03',
  amount: 200_050,
  note: '六月预支',
  file: { name: '转账截图.png', url: '/storm_api/v1/blobs/x' },
  settlement_id: null,
  state: 'unsettled',
  voided_at: null,
  voided_by: null,
  created_by: { id: 2, nickname: '出纳' },
  created_at: '2026-11-03T08:00:00Z',
  can: { void: true },
  ...overrides,
});

const paid = settlementFixture({
  id: 41,
  number: 'JS20261110002',
  model: { id: 9, name: '刘晓阳' },
  status: 'paid',
  net: 652_000,
  paid_on: '2026-11-12',
});
const correction = settlementFixture({
  id: 42,
  number: 'JS20261120001',
  model: { id: 9, name: '刘晓阳' },
  status: 'paid',
  net: -120_050,
  corrects: { id: 41, number: 'JS20261110002' },
  paid_on: '2026-11-21',
});
const summary: SettlementSummary = {
  model: { id: 9, name: '刘晓阳' },
  year: '2026',
  payable_now: 504_000,
  waiting: 336_000,
  paid_this_year: 531_950,
  withheld_this_year: 108_000,
  gross_this_year: 820_000,
  settlements: {
    count: 2,
    latest: {
      id: 42,
      number: 'JS20261120001',
      status: 'paid',
      net: -120_050,
      created_at: '2026-11-20T02:00:00.000Z',
      paid_on: '2026-11-21',
    },
  },
};

const noPending: ModelPendingChanges = { terms: null };

const answerAs = (
  level: PermissionLevel,
  stored: Model | null = model,
  accounting?: PermissionLevel,
  pending: ModelPendingChanges = noPending,
) =>
  answerCalls(
    api,
    answer(endpoints.model.pendingChanges, () => pending),
    answer(endpoints.model.decideChange, () => noPending),
    answer(endpoints.permission.mine, () => [
      { key: 'data_management' as const, level },
      ...(accounting ? [{ key: 'accounting' as const, level: accounting }] : []),
    ]),
    answer(endpoints.model.createDeduction, () => deduction({ id: 33 })),
    answer(endpoints.model.deductions, () => ({
      data: [
        deduction(),
        deduction({
          id: 32,
          kind: 'expense',
          amount: 35_000,
          note: '',
          file: null,
          state: 'settled',
          settlement_id: 5,
          can: { void: false },
        }),
      ],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.settlement.summary, () => summary),
    answer(endpoints.settlement.list, () => ({ data: [correction, paid], page: 1, perPage: 5, total: 2 })),
    answer(endpoints.country.list, () => ({ countries: { CN: '中国' } })),
    answer(endpoints.model.get, () => {
      if (!stored) throw new ApiError({ message: '模特不存在', code: 40400, status: 404 });
      return stored;
    }),
    answer(endpoints.model.trips, () => ({ data: [trip], page: 1, perPage: 20, total: 1 })),
    // The package editor's pickers.
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
  );

/** Waits until the member's levels are in, so what is hidden stays hidden. */
const levelsLoaded = async (queryClient: QueryClient) => {
  await waitFor(() =>
    expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
  );
  await pageSettled(queryClient);
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ModelDetailPage', () => {
  it('shows the header and profile, and 编辑 and the trip actions to a member who may edit', async () => {
    answerAs('edit');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-figures')).textContent).toBe('178cm · 55kg · 84/60/88 · S');
    await waitFor(() => expect(screen.getByTestId('model-profile').textContent).toContain('国籍中国'));
    // Below manage the answer has no ID, and the page has no line for it.
    expect(screen.queryByTestId('model-id-number')).toBeNull();
    expect(await screen.findByTestId('model-edit')).toBeTruthy();
    // 发套餐: a new package of this model.
    fireEvent.click(screen.getByTestId('model-package'));
    expect((await screen.findByTestId('package-model-9')).textContent).toContain('刘晓阳');
    fireEvent.click(screen.getByText('取消'));
    fireEvent.click(screen.getByRole('tab', { name: '行程' }));
    expect((await screen.findByTestId('trip-row-4')).textContent).toContain('2026-12-01 至 2026-12-07');
    expect(await screen.findByTestId('trip-add')).toBeTruthy();
    expect(screen.getByTestId('trip-delete-4')).toBeTruthy();
  });

  it('hides 编辑 and every trip action from a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    await screen.findByTestId('model-figures');
    await levelsLoaded(queryClient);
    expect(screen.queryByTestId('model-edit')).toBeNull();
    expect(screen.queryByTestId('model-package')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '行程' }));
    await screen.findByTestId('trip-row-4');
    expect(screen.queryByTestId('trip-add')).toBeNull();
    expect(screen.queryByTestId('trip-edit-4')).toBeNull();
    expect(screen.queryByTestId('trip-delete-4')).toBeNull();
  });

  it('shows the ID line at manage level, where the answer carries it', async () => {
    answerAs('manage', { ...model, id_number: '11010519491231002X' });
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-id-number')).textContent).toBe('11010519491231002X');
  });

  it('shows the payout account grouped by four where the answer carries it, and only the type elsewhere', async () => {
    answerAs('edit', {
      ...model,
      payout_type: 'studio',
      mother_agency: 'Elite Paris',
      mother_agency_rate: 1000,
      mother_agency_basis: 'commission',
      payout_account_name: '晓阳工作室',
      payout_bank: 'cmb',
      payout_account_number: '6222021234567890',
    });
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-payout-account')).textContent).toContain('6222 0212 3456 7890');
    expect(screen.getByTestId('model-payout').textContent).toContain('招商银行');
    expect(screen.getByTestId('model-mother-agency-share').textContent).toBe('10%（按佣金）');
    cleanup();
    answerAs('edit');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-payout')).textContent).toContain('结算类型个人');
    expect(screen.queryByTestId('model-payout-account')).toBeNull();
  });

  it('lists the deductions to finance’s readers, with 作废 for edit on the unsettled ones', async () => {
    answerAs('read', model, 'edit');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    fireEvent.click(await screen.findByRole('tab', { name: '扣款' }));
    const advance = await screen.findByTestId('deduction-row-31');
    expect(advance.textContent).toContain('预支');
    expect(advance.textContent).toContain('¥2,000.50');
    expect(advance.textContent).toContain('转账截图.png');
    expect(advance.textContent).toContain('未结算');
    expect(screen.getByTestId('deduction-row-32').textContent).toContain('已结算');
    expect(screen.getByTestId('deduction-void-31')).toBeTruthy();
    expect(screen.queryByTestId('deduction-void-32')).toBeNull();
    // 登记扣款: the amount typed in yuan is sent in fen, dated today unless another day is picked.
    fireEvent.click(screen.getByTestId('deduction-add'));
    fireEvent.change(await screen.findByTestId('deduction-amount-input'), { target: { value: '1,500.5' } });
    fireEvent.change(screen.getByTestId('deduction-note-input'), { target: { value: '机票' } });
    fireEvent.click(screen.getByTestId('deduction-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.model.createDeduction)).toHaveLength(1));
    expect(callsTo(api, endpoints.model.createDeduction)[0]?.[0]).toEqual({
      params: { id: 9 },
      body: { kind: 'advance', occurred_on: businessDate(new Date()), amount: 150_050, note: '机票' },
    });
  });

  it('has no 扣款 tab for a member without finance, and no 登记扣款 for finance’s readers', async () => {
    answerAs('edit');
    const { queryClient } = renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    await screen.findByTestId('model-figures');
    await levelsLoaded(queryClient);
    expect(screen.queryByRole('tab', { name: '扣款' })).toBeNull();
    cleanup();
    answerAs('read', model, 'read');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    fireEvent.click(await screen.findByRole('tab', { name: '扣款' }));
    await screen.findByTestId('deduction-row-31');
    expect(screen.queryByTestId('deduction-add')).toBeNull();
    expect(screen.queryByTestId('deduction-void-31')).toBeNull();
  });

  it('shows 结算 to finance’s readers: the figures, the latest settlements and 待结算 of the model', async () => {
    answerAs('read', model, 'read');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    fireEvent.click(await screen.findByRole('tab', { name: '结算' }));
    expect((await screen.findByTestId('model-settlement-payable')).textContent).toBe('当前可结算¥5,040.00');
    expect(screen.getByTestId('model-settlement-waiting').textContent).toBe('待回款¥3,360.00');
    expect(screen.getByTestId('model-settlement-paid').textContent).toBe('本年已付¥5,319.50');
    expect(screen.getByTestId('model-settlement-withheld').textContent).toBe('本年代扣个税¥1,080.00');
    expect(screen.getByTestId('model-settlement-count').textContent).toBe('（共 2 张）');
    expect(callsTo(api, endpoints.settlement.summary)[0]?.[0]).toEqual({ query: { model_id: 9 } });
    expect(callsTo(api, endpoints.settlement.list)[0]?.[0]).toMatchObject({
      query: { model_id: 9, page: 1, per_page: 5 },
    });
    const row = await screen.findByTestId('model-settlement-row-42');
    expect(row.textContent).toContain('JS20261120001');
    expect(row.textContent).toContain('冲正');
    expect(row.textContent).toContain('已付款');
    expect(row.textContent).toContain('-¥1,200.50');
    expect(row.textContent).toContain('2026-11-21');
    expect(screen.getByTestId('model-settlement-open-41').getAttribute('href')).toBe(
      '/finance/settlements/41',
    );
    // Two settlements: all of them are listed, no 查看全部.
    expect(screen.queryByTestId('model-settlement-all')).toBeNull();
    fireEvent.click(screen.getByTestId('model-settlement-ready'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/finance/settlements?tab=ready&model_id=9'),
    );
  });

  it('has no 结算 tab for a member without finance', async () => {
    answerAs('manage');
    const { queryClient } = renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    await screen.findByTestId('model-figures');
    await levelsLoaded(queryClient);
    expect(screen.queryByRole('tab', { name: '结算' })).toBeNull();
    expect(callsTo(api, endpoints.settlement.summary)).toHaveLength(0);
  });

  it('shows a commission change waiting above the tabs, and lets an approver agree to it', async () => {
    const terms = {
      commission_rate: 1500,
      mother_agency: null,
      mother_agency_rate: null,
      mother_agency_basis: null,
    };
    const waiting: ModelPendingChanges = {
      terms: {
        id: 41,
        requested_by: { id: 7, nickname: '周楠' },
        requested_at: '2026-12-08T02:00:00.000Z',
        can: { decide: true, withdraw: false },
        decide_refusal: null,
        before: terms,
        after: { ...terms, commission_rate: 4000 },
      },
    };
    answerAs('read', model, 'manage', waiting);
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    const card = await screen.findByTestId('model-terms-change');
    expect(card.textContent).toContain('佣金条款修改待审批');
    expect(screen.getByTestId('model-terms-change-field').textContent).toBe('佣金比例15%→40%');
    fireEvent.click(screen.getByTestId('model-terms-change-pass'));
    const dialog = await screen.findByTestId('model-terms-change-decide-modal');
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(callsTo(api, endpoints.model.decideChange)).toHaveLength(1));
    expect(callsTo(api, endpoints.model.decideChange)[0]?.[0]).toEqual({
      params: { id: 41 },
      body: { result: 'passed', comment: '' },
    });
  });

  it('says so when the model is not there', async () => {
    answerAs('edit', null);
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/123');
    expect((await screen.findByTestId('model-missing')).textContent).toContain('该模特可能不存在');
  });
});
