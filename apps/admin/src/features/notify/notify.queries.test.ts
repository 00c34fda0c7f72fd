import { QueryClient } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { Notification } from '@trackit/contract/notify.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { markReadInCache, notifyKeys, notifyListQuery, unreadCountQuery } from './notify.queries';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

const notification = (id: number, read: boolean): Notification => ({
  id,
  type: 'event_notice',
  title: `通知 ${id}`,
  body: '',
  link: null,
  read,
  read_at: read ? '2025-01-01T00:00:00Z' : null,
  created_at: '2025-01-01T00:00:00Z',
  approval_outcome: null,
});

const cachedPages = () => {
  const queryClient = new QueryClient();
  const first = { page: 1, per_page: 20 };
  const unread = { page: 1, per_page: 20, read: 'false' as const };
  const page = (data: Notification[]): Page<Notification> => ({
    data,
    page: 1,
    perPage: 20,
    total: data.length,
  });
  queryClient.setQueryData(
    notifyListQuery(first).queryKey,
    page([notification(1, false), notification(2, true)]),
  );
  queryClient.setQueryData(
    notifyListQuery(unread).queryKey,
    page([notification(1, false), notification(3, false)]),
  );
  const read = (query: typeof first | typeof unread) =>
    queryClient
      .getQueryData<Page<Notification>>(notifyListQuery(query).queryKey)
      ?.data.map((item) => item.read);
  return { queryClient, read: () => [read(first), read(unread)] };
};

describe('notify queries', () => {
  it('keep the list and the unread count under one prefix', () => {
    expect(notifyListQuery({ page: 1, per_page: 20 }).queryKey.slice(0, 2)).toEqual(notifyKeys.lists);
    expect(unreadCountQuery.queryKey.slice(0, 1)).toEqual(notifyKeys.all);
  });

  it('ask for the unread count', async () => {
    vi.mocked(api.call).mockResolvedValue({ unread_count: 4 });
    await expect(new QueryClient().fetchQuery(unreadCountQuery)).resolves.toEqual({ unread_count: 4 });
    expect(api.call).toHaveBeenCalledWith(endpoints.notify.unreadCount, undefined, {
      signal: expect.any(AbortSignal),
    });
  });
});

describe('markReadInCache', () => {
  it('shows the given notifications read on every cached page', () => {
    const { queryClient, read } = cachedPages();
    markReadInCache(queryClient, { ids: [1] }, '2025-02-01T00:00:00Z');
    expect(read()).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('shows every notification read for { all: true }', () => {
    const { queryClient, read } = cachedPages();
    markReadInCache(queryClient, { all: true });
    expect(read()).toEqual([
      [true, true],
      [true, true],
    ]);
  });
});
