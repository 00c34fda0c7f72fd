// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { OperatePage } from './operate-page';

vi.mock('../../api', () => ({ api: { getPage: vi.fn() } }));

const logs: OperationLog[] = [
  {
    id: 2,
    action: 'profile_update',
    action_label: '修改个人资料',
    member: { id: 7, nickname: '王小明' },
    target_type: 'membership',
    target_id: '7',
    detail: { before: { nickname: '小王' }, after: { nickname: '王小明' } },
    ip: '10.0.0.1',
    created_at: '2025-01-01T08:00:00+08:00',
  },
  {
    id: 1,
    action: 'sign_in_refused',
    action_label: '登录失败',
    member: null,
    target_type: null,
    target_id: null,
    detail: null,
    ip: null,
    created_at: '2025-01-01T07:00:00+08:00',
  },
];

beforeEach(() => {
  vi.mocked(api.getPage).mockResolvedValue({ data: logs, page: 1, perPage: 20, total: 2 });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = (path: string) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <OperatePage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
};

describe('OperatePage', () => {
  it('asks for the filters of the address', async () => {
    renderPage('/operate?action=profile_update&from=2025-01-01&to=2025-01-31&page=2');
    await screen.findByText('修改个人资料', { selector: 'td' });
    expect(vi.mocked(api.getPage).mock.calls[0]).toEqual([
      '/v1/operation_logs',
      { page: 2, per_page: 20, action: 'profile_update', from: '2025-01-01', to: '2025-01-31' },
      expect.objectContaining({ signal: expect.anything() }),
    ]);
  });

  it('shows time, member, action, record, IP and brief details', async () => {
    renderPage('/operate');
    const table = screen.getByTestId('operate-table');
    const first = (await within(table).findByText('修改个人资料', { selector: 'td' })).closest('tr');
    expect(first?.textContent).toContain('王小明');
    expect(first?.textContent).toContain('成员 #7');
    expect(first?.textContent).toContain('10.0.0.1');
    expect(first?.textContent).toContain('昵称：小王 → 王小明');

    const second = within(table).getByText('登录失败', { selector: 'td' }).closest('tr');
    const cells = Array.from(second?.querySelectorAll('td') ?? [], (cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['--', '登录失败', '--', '--', '--']);
  });
});
