// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@trackit/contract/notify.schema';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { NotifyPage } from './notify-page';

vi.mock('../../api', () => ({ api: { get: vi.fn(), getPage: vi.fn(), patch: vi.fn() } }));

const notification = (id: number, read: boolean, link: string | null = null): Notification => ({
  id,
  type: id % 2 ? 'audit_required' : 'event_notice',
  title: `通知 ${id}`,
  body: '正文',
  link,
  read,
  read_at: read ? '2025-01-01T00:00:00Z' : null,
  created_at: '2025-01-01T08:00:00Z',
});

let items: Notification[] = [];

beforeEach(() => {
  items = [notification(1, false, '/admin/order/12'), notification(2, false), notification(3, true)];
  vi.mocked(api.getPage).mockImplementation(async () => ({
    data: items,
    page: 1,
    perPage: 20,
    total: items.length,
  }));
  vi.mocked(api.get).mockImplementation(async () => ({
    unread_count: items.filter((item) => !item.read).length,
  }));
  vi.mocked(api.patch).mockImplementation(async (_url, body) => {
    const { ids } = body as { ids?: number[] };
    items = items.map((item) => (!ids || ids.includes(item.id) ? { ...item, read: true } : item));
    return { updated: ids?.length ?? 2 };
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const renderPage = (path = '/notify') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/notify" element={<NotifyPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
};

describe('NotifyPage', () => {
  it('asks the server for the filters in the address, 20 a page', async () => {
    renderPage('/notify?type=audit_required&read=false&page=2');
    await screen.findByTestId('notify-item-1');
    expect(vi.mocked(api.getPage).mock.calls[0]?.[1]).toEqual({
      page: 2,
      per_page: 20,
      type: 'audit_required',
      read: 'false',
    });
  });

  it('marks an unread item read and opens its record', async () => {
    renderPage();
    const item = await screen.findByTestId('notify-item-1');
    expect(item.getAttribute('data-read')).toBe('false');

    fireEvent.click(item);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order/12'));
    expect(vi.mocked(api.patch).mock.calls[0]).toEqual(['/v1/notifies', { ids: [1] }]);
  });

  it('marks an item without a link read in place', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('notify-item-2'));
    await waitFor(() => expect(screen.getByTestId('notify-item-2').getAttribute('data-read')).toBe('true'));
    expect(screen.getByTestId('where').textContent).toBe('/notify');
  });

  it('does not call the server for an item already read', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('notify-item-3'));
    expect(api.patch).not.toHaveBeenCalled();
  });

  it('marks all read, then disables the button', async () => {
    renderPage();
    const markAll = await screen.findByTestId('notify-mark-all');
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(markAll);

    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(true));
    expect(vi.mocked(api.patch).mock.calls[0]).toEqual(['/v1/notifies', { all: true }]);
    expect(screen.getByTestId('notify-item-1').getAttribute('data-read')).toBe('true');
  });

  it('resets to the first page when a filter changes', async () => {
    renderPage('/notify?page=3');
    await screen.findByTestId('notify-item-1');
    fireEvent.click(within(screen.getByTestId('notify-filter-type')).getByText('待审批'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/notify?type=audit_required'));
  });

  it('says so when there is nothing', async () => {
    items = [];
    renderPage();
    expect(await screen.findByText('暂无通知')).toBeTruthy();
  });
});
