/**
 * Every call of the notifications (the page's list, the bell's unread count, marking read) and what
 * marking read does to the cache.
 */
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { MarkNotificationsRead, Notification } from '@trackit/contract/notify.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';

/**
 * Query keys, all under `['notifies']`: invalidating that prefix refreshes the page's list and the
 * header bell's unread badge (`['notifies', 'unread_count']`) together.
 */
export const notifyKeys = {
  all: ['notifies'] as const,
  lists: ['notifies', 'list'] as const,
  unreadCount: ['notifies', 'unread_count'] as const,
};

/** The member's notifications: type and read filters, a page (`NotificationQuery`). */
export const notifyListQuery = pagedListQuery(notifyKeys.lists, endpoints.notify.list);

/** The count the header bell shows; the page uses it to enable 全部标为已读. */
export const unreadCountQuery = queryOptions({
  queryKey: notifyKeys.unreadCount,
  queryFn: ({ signal }) => api.call(endpoints.notify.unreadCount, undefined, { signal }),
});

/** The notifications of every cached page, with those marked now shown read. */
export const markReadInCache = (
  queryClient: QueryClient,
  request: MarkNotificationsRead,
  readAt = new Date().toISOString(),
): void => {
  const marked = (item: Notification) =>
    !item.read && (request.all === true || request.ids?.includes(item.id));
  queryClient.setQueriesData<Page<Notification>>(
    { queryKey: notifyKeys.lists },
    (old) =>
      old && {
        ...old,
        data: old.data.map((item) => (marked(item) ? { ...item, read: true, read_at: readAt } : item)),
      },
  );
};

/**
 * Marks the given notifications (`{ ids }`) or all of them (`{ all: true }`) read; resolves how many
 * changed. The list shows them read at once; the lists and the bell are refetched afterwards, whatever
 * the answer. These callbacks run even when the page has gone (a click-through navigates at once).
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkNotificationsRead) => api.call(endpoints.notify.markRead, { body: request }),
    onMutate: async (request) => {
      // A list answer already on its way would put the old read state back.
      await queryClient.cancelQueries({ queryKey: notifyKeys.lists });
      markReadInCache(queryClient, request);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKeys.all }),
  });
}
