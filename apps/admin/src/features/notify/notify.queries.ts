/**
 * Every call of the notifications page, and the mapping between the page's address (filters and page
 * in the search params, so back and reload keep them) and the list query.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BASE_PATHS } from '@trackit/contract/constants';
import { NOTIFICATION_TYPES, type NotificationType } from '@trackit/contract/enums';
import { PAGINATION } from '@trackit/contract/envelope';
import type {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  Notification,
  unreadCountSchema,
} from '@trackit/contract/notify.schema';
import { api } from '../../api';

type UnreadCount = ReturnType<typeof unreadCountSchema.parse>;
type MarkReadRequest = ReturnType<typeof markNotificationsReadSchema.parse>;
type MarkReadResult = ReturnType<typeof markNotificationsReadResultSchema.parse>;

export const NOTIFY_PAGE_SIZE = PAGINATION.defaultPerPage;

export type ReadFilter = 'true' | 'false';

/** What the page shows: the filters and the page, all optional but the page. */
export interface NotifyFilter {
  type?: NotificationType;
  read?: ReadFilter;
  page: number;
}

/**
 * Query keys, all under `['notifies']`: invalidating that prefix refreshes the page's list and the
 * header bell's unread badge (`['notifies', 'unread_count']`) together.
 */
export const notifyKeys = {
  all: ['notifies'] as const,
  lists: ['notifies', 'list'] as const,
  list: (filter: NotifyFilter) => ['notifies', 'list', filter] as const,
  unreadCount: ['notifies', 'unread_count'] as const,
};

const isNotificationType = (value: string | null): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly (string | null)[]).includes(value);

const readPage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The filter the address asks for; anything unknown or malformed is dropped rather than sent. */
export const parseNotifyFilter = (search: URLSearchParams): NotifyFilter => {
  const type = search.get('type');
  const read = search.get('read');
  return {
    ...(isNotificationType(type) ? { type } : {}),
    ...(read === 'true' || read === 'false' ? { read } : {}),
    page: readPage(search.get('page')),
  };
};

/** The address of a filter: only what differs from the defaults, so the plain list has a plain URL. */
export const toNotifySearch = (filter: NotifyFilter): URLSearchParams => {
  const search = new URLSearchParams();
  if (filter.type) search.set('type', filter.type);
  if (filter.read) search.set('read', filter.read);
  if (filter.page > 1) search.set('page', String(filter.page));
  return search;
};

/** GET /v1/notifies query parameters. */
export const toNotifyParams = (filter: NotifyFilter) => ({
  page: filter.page,
  per_page: NOTIFY_PAGE_SIZE,
  ...(filter.type ? { type: filter.type } : {}),
  ...(filter.read ? { read: filter.read } : {}),
});

/**
 * The in-app route of a notification's link (`/admin/order/12` → `/order/12`), for the router, whose
 * basename is /admin. Null when the link is empty or points outside the admin app.
 */
export const toAppPath = (link: string | null | undefined): string | null => {
  const trimmed = link?.trim();
  if (!trimmed) return null;
  const base = BASE_PATHS.admin;
  if (trimmed === base) return '/';
  if (trimmed.startsWith(`${base}/`) || trimmed.startsWith(`${base}?`)) {
    const rest = trimmed.slice(base.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return null;
};

export const notifyListQuery = (filter: NotifyFilter) =>
  queryOptions({
    queryKey: notifyKeys.list(filter),
    queryFn: ({ signal }) => api.getPage<Notification>('/v1/notifies', toNotifyParams(filter), { signal }),
    // Keeps the old page on screen while the next one loads, so the pagination does not jump.
    placeholderData: keepPreviousData,
  });

/** The count the header bell shows; the page uses it to enable 全部标为已读. */
export const unreadCountQuery = queryOptions({
  queryKey: notifyKeys.unreadCount,
  queryFn: ({ signal }) => api.get<UnreadCount>('/v1/notifies/unread_count', undefined, { signal }),
});

/** Marks the given notifications, or all of them, as read; resolves how many changed. */
export const markNotificationsRead = async (request: MarkReadRequest): Promise<number> => {
  const answer = await api.patch<MarkReadResult>('/v1/notifies', request);
  return answer.updated;
};
