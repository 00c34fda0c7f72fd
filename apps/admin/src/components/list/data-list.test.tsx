// @vitest-environment jsdom
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Page } from '@trackit/client/api-client';
import {
  type Notification,
  type NotificationQuery,
  notificationQuerySchema,
} from '@trackit/contract/notify.schema';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataList } from './data-list';
import { useListSearch } from './use-list-search';

const notification = (id: number): Notification => ({
  id,
  type: 'event_notice',
  title: `通知 ${id}`,
  body: '',
  link: null,
  read: false,
  read_at: null,
  created_at: '2025-01-01T00:00:00Z',
  approval_outcome: null,
});

const fetchPage = vi.fn<(query: NotificationQuery) => Promise<Page<Notification>>>();
const onRun = vi.fn();

function Notifications() {
  const search = useListSearch(notificationQuerySchema);
  const list = useQuery({
    queryKey: ['notifies', search.query],
    queryFn: () => fetchPage(search.query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <button type="button" onClick={() => search.set({ read: 'false' })}>
        只看未读
      </button>
      <DataList
        list={list}
        search={search}
        rowKey={(item) => item.id}
        renderItem={(item) => <span data-testid={`item-${item.id}`}>{item.title}</span>}
        emptyText="暂无通知"
        filteredEmptyText="没有符合条件的通知"
        bulkActions={[{ key: 'read', label: '标为已读', onRun }]}
        testId="list"
      />
    </>
  );
}

const renderList = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter initialEntries={['/notify']}>
            <Notifications />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
};

const rowBox = (id: number) =>
  within(screen.getByTestId(`list-row-${id}`)).getByRole('checkbox', { name: '选择' }) as HTMLInputElement;
const selectAll = () => screen.getByRole('checkbox', { name: '全选本页' }) as HTMLInputElement;

beforeEach(() => {
  fetchPage.mockReset();
  onRun.mockReset();
  fetchPage.mockImplementation(async (query) => {
    const data = query.read ? [notification(3)] : [notification(1), notification(2), notification(3)];
    return { data, page: 1, perPage: 20, total: data.length };
  });
});

afterEach(cleanup);

describe('DataList', () => {
  it("renders the page's own rows, each with a checkbox", async () => {
    renderList();
    expect((await screen.findByTestId('item-1')).textContent).toBe('通知 1');
    expect(screen.getAllByRole('checkbox', { name: '选择' })).toHaveLength(3);
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('selects rows one by one and runs a bulk action on them', async () => {
    renderList();
    await screen.findByTestId('item-1');
    fireEvent.click(rowBox(1));
    fireEvent.click(rowBox(3));

    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 2 项');
    expect(selectAll().checked).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: '标为已读' }));
    expect(onRun).toHaveBeenCalledWith([1, 3], [notification(1), notification(3)]);
    // A plain (non-promise) action clears the selection at once.
    expect(bar.textContent).not.toContain('已选');
  });

  it('selects the whole page with 全选, and unselects it again', async () => {
    renderList();
    await screen.findByTestId('item-1');
    fireEvent.click(selectAll());
    expect(screen.getByTestId('list-selection-bar').textContent).toContain('已选 3 项');
    expect(selectAll().checked).toBe(true);

    fireEvent.click(selectAll());
    expect(screen.getByTestId('list-selection-bar').textContent).not.toContain('已选');
  });

  it('forgets the selection when a filter changes', async () => {
    renderList();
    await screen.findByTestId('item-3');
    fireEvent.click(rowBox(3));
    expect(screen.getByTestId('list-selection-bar').textContent).toContain('已选 1 项');

    fireEvent.click(screen.getByRole('button', { name: '只看未读' }));

    await screen.findByText('共 1 条');
    expect(rowBox(3).checked).toBe(false);
    expect(screen.getByTestId('list-selection-bar').textContent).not.toContain('已选');
  });
});
