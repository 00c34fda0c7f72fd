/**
 * Every call of the calendar page: the entries and trips of the range on screen, the team's active models
 * (the resource view's rows), models to pick, holding days and releasing an option; and what each does
 * to the cache.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarHold, CalendarQueryInput } from '@trackit/contract/calendar.schema';
import { endpoints } from '@trackit/contract/endpoints';
import { PAGINATION } from '@trackit/contract/envelope';
import type { ModelQuery } from '@trackit/contract/model.schema';
import { api } from '../../api';
import type { ResourceRow } from './calendar-layout';

/** Query keys, all under `['calendar']`. */
export const calendarKeys = {
  all: ['calendar'] as const,
  ranges: ['calendar', 'range'] as const,
  activeModels: ['calendar', 'active-models'] as const,
  modelSearch: (keyword: string) => ['calendar', 'model-search', keyword] as const,
  model: (id: number) => ['calendar', 'model', id] as const,
};

/** The order pages' keys (features/order/order.queries.ts): a hold makes a draft, a release changes one. */
const ORDER_KEYS = ['orders'] as const;

/**
 * Entries, orders, trips and models of a range with the filters. The previous range stays on screen while
 * the next one loads, so paging through months never blanks the calendar.
 */
export const calendarQuery = (query: CalendarQueryInput) =>
  queryOptions({
    queryKey: [...calendarKeys.ranges, query] as const,
    queryFn: ({ signal }) => api.call(endpoints.calendar.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

const activeModelsPage = (page: number, signal: AbortSignal) =>
  api.call(
    endpoints.model.list,
    {
      query: {
        page,
        per_page: PAGINATION.maxPerPage,
        status: 'active',
        sort: 'name',
      } satisfies Partial<ModelQuery>,
    },
    { signal },
  );

/**
 * Every active model of the team, names only: the resource view's rows for a member who may list models.
 * The first page says how many there are; the others are asked for together.
 */
export const activeModelsQuery = queryOptions({
  queryKey: calendarKeys.activeModels,
  queryFn: async ({ signal }): Promise<ResourceRow[]> => {
    const first = await activeModelsPage(1, signal);
    const pages = Math.ceil(first.total / PAGINATION.maxPerPage);
    const rest = await Promise.all(
      Array.from({ length: Math.max(pages - 1, 0) }, (_, index) => activeModelsPage(index + 2, signal)),
    );
    return [first, ...rest].flatMap((page) => page.data.map(({ id, name }) => ({ id, name })));
  },
  // The team's models change rarely while the calendar is open.
  staleTime: 5 * 60_000,
});

/** The first 20 models whose name (or its pinyin) starts with the text, for the model pickers. */
export const modelSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: calendarKeys.modelSearch(keyword),
    queryFn: async ({ signal }): Promise<ResourceRow[]> => {
      const page = await api.call(
        endpoints.model.list,
        { query: { page: 1, per_page: 20, keyword } satisfies Partial<ModelQuery> },
        { signal },
      );
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** One model's name, for a model filter from the address that nothing else names. */
export const modelNameQuery = (id: number) =>
  queryOptions({
    queryKey: calendarKeys.model(id),
    queryFn: async ({ signal }): Promise<ResourceRow> => {
      const model = await api.call(endpoints.model.get, { params: { id } }, { signal, hideToast: true });
      return { id: model.id, name: model.name };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Holds models' days: a draft order owned by the caller; resolves its id and number. */
export function useHoldDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarHold) => api.call(endpoints.calendar.hold, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.ranges });
      void queryClient.invalidateQueries({ queryKey: ORDER_KEYS });
    },
  });
}

/** Releases an option; the next one on that model's day moves up, so the calendar is asked again. */
export function useReleaseEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.calendar.release, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.ranges });
      void queryClient.invalidateQueries({ queryKey: ORDER_KEYS });
    },
  });
}
