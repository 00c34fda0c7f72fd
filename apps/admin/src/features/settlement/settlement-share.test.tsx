// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { FinanceSettings, SettlementShare as Share } from '@trackit/contract/settlement-share.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { FinanceSettingsButton } from './finance-settings';
import { SettlementShare } from './settlement-share';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

const live: Share = {
  share_id: 'AbCdEfGhIjKlMnOpQrStUvWx',
  url: '/web/settlements/AbCdEfGhIjKlMnOpQrStUvWx',
  status: 'live',
  expires_at: '2026-12-24T08:00:00.000Z',
  created_at: '2026-11-24T08:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const answerWith = (level: PermissionLevel, current: Share | null) => {
  let shown = current;
  let settings: FinanceSettings = {
    show_client_fees_to_models: false,
    income_categories: { ModelFee: 'labour', UsageFee: 'royalty' },
  };
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.settlementShare.getShare, () => shown),
    answer(endpoints.settlementShare.share, () => {
      shown = live;
      return live;
    }),
    answer(endpoints.settlementShare.revokeShare, () => {
      shown = { ...live, status: 'revoked' };
      return shown;
    }),
    answer(endpoints.settlementShare.settings, () => settings),
    answer(endpoints.settlementShare.updateSettings, ({ body }) => {
      settings = {
        show_client_fees_to_models: body.show_client_fees_to_models ?? settings.show_client_fees_to_models,
        income_categories: { ...settings.income_categories, ...body.income_categories },
      };
      return settings;
    }),
  );
};

describe('分享给模特', () => {
  it('makes the link, shows its address and revokes it at edit', async () => {
    answerWith('edit', null);
    renderPage(
      <SettlementShare settlement={{ id: 40, number: 'JS20261124001' }} />,
      '/finance/settlements/40',
    );
    fireEvent.click(screen.getByTestId('settlement-share'));
    fireEvent.click(await screen.findByTestId('settlement-share-create'));
    expect((await screen.findByTestId('settlement-share-url')).textContent).toContain(
      '/web/settlements/AbCdEfGhIjKlMnOpQrStUvWx',
    );
    expect(callsTo(api, endpoints.settlementShare.share)[0]?.[0]).toEqual({ params: { id: 40 } });
    fireEvent.click(screen.getByTestId('settlement-share-revoke'));
    await confirmPopup();
    await waitFor(() => expect(callsTo(api, endpoints.settlementShare.revokeShare)).toHaveLength(1));
    expect(await screen.findByText('已撤销')).toBeTruthy();
  });

  it('shows a reader the live link without making or revoking one', async () => {
    answerWith('read', live);
    renderPage(
      <SettlementShare settlement={{ id: 40, number: 'JS20261124001' }} />,
      '/finance/settlements/40',
    );
    fireEvent.click(screen.getByTestId('settlement-share'));
    expect(await screen.findByTestId('settlement-share-url')).toBeTruthy();
    expect(screen.queryByTestId('settlement-share-revoke')).toBeNull();
    expect(screen.getByTestId('settlement-pdf').textContent).toContain('下载PDF');
  });
});

describe('设置 of 模特结算', () => {
  it('flips 向模特显示客户费用 at manage', async () => {
    answerWith('manage', null);
    renderPage(<FinanceSettingsButton />, '/finance/settlements');
    fireEvent.click(await screen.findByTestId('finance-settings-open'));
    const toggle = await screen.findByTestId('finance-settings-show-client-fees');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(callsTo(api, endpoints.settlementShare.updateSettings)[0]?.[0]).toEqual({
        body: { show_client_fees_to_models: true },
      }),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('sets the income item of a fee kind at manage', async () => {
    answerWith('manage', null);
    renderPage(<FinanceSettingsButton />, '/finance/settlements');
    fireEvent.click(await screen.findByTestId('finance-settings-open'));
    const usage = await screen.findByTestId('finance-settings-category-UsageFee');
    await waitFor(() => expect(usage.textContent).toContain('特许权使用费'));
    expect(screen.getByTestId('finance-settings-category-ModelFee').textContent).toContain('劳务报酬');
    fireEvent.mouseDown(within(usage).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('劳务报酬')).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(callsTo(api, endpoints.settlementShare.updateSettings)[0]?.[0]).toEqual({
        body: { income_categories: { UsageFee: 'labour' } },
      }),
    );
    await waitFor(() => expect(usage.textContent).toContain('劳务报酬'));
  });

  it('is not offered below manage', async () => {
    answerWith('edit', null);
    const { queryClient } = renderPage(<FinanceSettingsButton />, '/finance/settlements');
    await waitFor(() => expect(callsTo(api, endpoints.permission.mine).length).toBeGreaterThan(0));
    await pageSettled(queryClient);
    expect(screen.queryByTestId('finance-settings-open')).toBeNull();
  });
});
