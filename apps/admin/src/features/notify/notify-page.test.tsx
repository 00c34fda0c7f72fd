// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Notification } from '@trackit/contract/notify.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import type { PermissionLevels } from '../../layouts/route-handle';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { renderPage as renderPageAt } from '../../testing/render-page';
import { NotifyPage } from './notify-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const notification = (id: number, read: boolean, link: string | null = null): Notification => ({
  id,
  type: id % 2 ? 'audit_required' : 'event_notice',
  title: `通知 ${id}`,
  body: '正文',
  link,
  read,
  read_at: read ? '2025-01-01T00:00:00Z' : null,
  created_at: '2025-01-01T08:00:00Z',
  approval_outcome: null,
});

let items: Notification[] = [];

/** The calls of the page, for a member holding these levels. */
const answerAs = (levels: PermissionLevels) =>
  answerCalls(
    api,
    permissionsAnswer(levels),
    answer(endpoints.notify.list, () => ({ data: items, page: 1, perPage: 20, total: items.length })),
    answer(endpoints.notify.unreadCount, () => ({ unread_count: items.filter((item) => !item.read).length })),
    answer(endpoints.notify.markRead, ({ body }) => {
      const marked = (item: Notification) => !item.read && (body?.all || body?.ids?.includes(item.id));
      const updated = items.filter(marked).length;
      items = items.map((item) => (marked(item) ? { ...item, read: true } : item));
      return { updated };
    }),
  );

beforeEach(() => {
  items = [notification(1, false, '/admin/order/12'), notification(2, false), notification(3, true)];
  answerAs({ my_bill: 'read' });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = (path = '/notify') => renderPageAt(<NotifyPage />, '/notify', path);

const readState = (id: number) => screen.getByTestId(`notify-item-${id}`).getAttribute('data-read');
const arrowOf = (item: HTMLElement) => item.querySelector<HTMLElement>('.anticon-right');
const rowBox = (id: number) => within(screen.getByTestId(`list-row-${id}`)).getByRole('checkbox');

describe('NotifyPage', () => {
  it('shows times in Beijing time whatever the browser’s zone, and a settled approval as what became of it', async () => {
    // 08:00 UTC is 16:00 in Beijing; the test runs in whatever zone the machine has.
    items = [
      { ...notification(1, false), approval_outcome: 'passed' },
      { ...notification(3, true), approval_outcome: 'rejected' },
      { ...notification(5, false), created_at: '2025-01-01T17:30:00Z' },
    ];
    renderPage();
    const first = await screen.findByTestId('notify-item-1');
    expect(within(first).getByText('2025-01-01 16:00')).toBeTruthy();
    expect(within(first).getByText('已同意')).toBeTruthy();
    expect(within(first).queryByText('待审批')).toBeNull();
    expect(within(screen.getByTestId('notify-item-3')).getByText('已拒绝')).toBeTruthy();
    const waiting = screen.getByTestId('notify-item-5');
    expect(within(waiting).getByText('待审批')).toBeTruthy();
    expect(within(waiting).getByText('2025-01-02 01:30')).toBeTruthy();
  });

  it('asks the server for the filters in the address, 20 a page', async () => {
    renderPage('/notify?type=audit_required&read=false&page=2');
    await screen.findByTestId('notify-item-1');
    expect(api.call).toHaveBeenCalledWith(
      endpoints.notify.list,
      { query: { type: 'audit_required', read: 'false', page: 2, per_page: 20 } },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('drops a filter the server would refuse rather than sending it', async () => {
    renderPage('/notify?type=spam&read=yes');
    await screen.findByTestId('notify-item-1');
    expect(callsTo(api, endpoints.notify.list)[0]?.[0]).toEqual({ query: { page: 1, per_page: 20 } });
  });

  it('marks an unread item read and opens its record', async () => {
    renderPage();
    const item = await screen.findByTestId('notify-item-1');
    expect(item.getAttribute('data-read')).toBe('false');
    // Its record opens once the member's levels are in: the arrow says so.
    await waitFor(() => expect(arrowOf(item)?.style.visibility).toBe(''));

    fireEvent.click(item);

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/order/12'));
    expect(api.call).toHaveBeenCalledWith(endpoints.notify.markRead, { body: { ids: [1] } });
  });

  it('marks read, but opens no record of a page the member cannot open, and shows no arrow to it', async () => {
    answerAs({ calendar: 'manage' });
    renderPage();
    const item = await screen.findByTestId('notify-item-1');
    expect(arrowOf(item)?.style.visibility).toBe('hidden');
    fireEvent.click(item);
    await waitFor(() => expect(readState(1)).toBe('true'));
    expect(screen.getByTestId('where').textContent).toBe('/notify');
  });

  it('shows the arrow of a record the member can open', async () => {
    renderPage();
    const item = await screen.findByTestId('notify-item-1');
    await waitFor(() => expect(arrowOf(item)?.style.visibility).toBe(''));
  });

  it('marks an item without a link read in place', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('notify-item-2'));
    await waitFor(() => expect(readState(2)).toBe('true'));
    expect(screen.getByTestId('where').textContent).toBe('/notify');
  });

  it('does not call the server for an item already read', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('notify-item-3'));
    expect(callsTo(api, endpoints.notify.markRead)).toEqual([]);
  });

  it('marks all read, then disables the button', async () => {
    renderPage();
    const markAll = (await screen.findByTestId('notify-mark-all')) as HTMLButtonElement;
    await waitFor(() => expect(markAll.disabled).toBe(false));

    fireEvent.click(markAll);

    await waitFor(() => expect(markAll.disabled).toBe(true));
    expect(api.call).toHaveBeenCalledWith(endpoints.notify.markRead, { body: { all: true } });
    expect(readState(1)).toBe('true');
    expect(await screen.findByText('已将 2 条通知标为已读')).toBeTruthy();
  });

  it('marks the selected notifications read in one call', async () => {
    renderPage();
    await screen.findByTestId('notify-item-1');
    fireEvent.click(rowBox(1));
    fireEvent.click(rowBox(2));
    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 2 项');

    fireEvent.click(within(bar).getByRole('button', { name: /标为已读/ }));

    await waitFor(() => expect(readState(2)).toBe('true'));
    expect(readState(1)).toBe('true');
    expect(api.call).toHaveBeenCalledWith(endpoints.notify.markRead, { body: { ids: [1, 2] } });
    expect(await screen.findByText('已将 2 条通知标为已读')).toBeTruthy();
    expect(bar.textContent).not.toContain('已选');
    // Nothing was opened: selecting is not clicking through.
    expect(screen.getByTestId('where').textContent).toBe('/notify');
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

  it('says so when nothing matches the filters, and 清除筛选 shows everything again', async () => {
    items = [];
    renderPage('/notify?read=false');
    expect(await screen.findByText('没有符合条件的通知')).toBeTruthy();
    items = [notification(2, false)];
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(await screen.findByTestId('notify-item-2')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/notify');
  });
});
