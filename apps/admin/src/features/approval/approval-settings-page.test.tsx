// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApprovalSettings } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { ApprovalSettingsPage } from './approval-settings-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const settings = (edit: boolean): ApprovalSettings => ({
  commission_change_control: 'approval',
  bank_change_review: true,
  forbid_self_approval: false,
  can: { edit },
});

const answerWith = (stored: ApprovalSettings) =>
  answerCalls(
    api,
    answer(endpoints.approval.settings, () => stored),
    answer(endpoints.approval.updateSettings, ({ body }) => ({ ...stored, ...body })),
    answer(endpoints.approval.waiting, () => ({ data: [], page: 1, perPage: 5, total: 0 })),
  );

describe('审批设置', () => {
  it('saves a setting as soon as a finance manager changes it', async () => {
    answerWith(settings(true));
    renderPage(<ApprovalSettingsPage />, '/finance/controls');
    const self = await screen.findByTestId('approval-settings-self');
    expect(self.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('approval-settings').textContent).toContain('发票红冲、模特结算、佣金变更');
    fireEvent.click(self);
    await waitFor(() => expect(callsTo(api, endpoints.approval.updateSettings)).toHaveLength(1));
    expect(callsTo(api, endpoints.approval.updateSettings)[0]?.[0]).toEqual({
      body: { forbid_self_approval: true },
    });
    await waitFor(() =>
      expect(screen.getByTestId('approval-settings-self').getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByText('立即生效，并通知财务管理者'));
    await waitFor(() => expect(callsTo(api, endpoints.approval.updateSettings)).toHaveLength(2));
    expect(callsTo(api, endpoints.approval.updateSettings)[1]?.[0]).toEqual({
      body: { commission_change_control: 'notify' },
    });
    expect(await screen.findByText('暂无待审批事项')).toBeTruthy();
  });

  it('shows them to other readers of finance, unchangeable', async () => {
    answerWith(settings(false));
    renderPage(<ApprovalSettingsPage />, '/finance/controls');
    await screen.findByTestId('approval-settings-readonly');
    expect((screen.getByTestId('approval-settings-bank-review') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('approval-settings-self') as HTMLButtonElement).disabled).toBe(true);
  });
});
