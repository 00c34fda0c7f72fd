// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { SettlementShare as Share } from '@trackit/contract/settlement-share.schema';
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
    answer(endpoints.settlementShare.settings, () => ({ show_client_fees_to_models: false })),
    answer(endpoints.settlementShare.updateSettings, ({ body }) => body),
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

  it('is not offered below manage', async () => {
    answerWith('edit', null);
    const { queryClient } = renderPage(<FinanceSettingsButton />, '/finance/settlements');
    await waitFor(() => expect(callsTo(api, endpoints.permission.mine).length).toBeGreaterThan(0));
    await pageSettled(queryClient);
    expect(screen.queryByTestId('finance-settings-open')).toBeNull();
  });
});
