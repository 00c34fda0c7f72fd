/**
 * Every call of the model pages: the team's models, one model, creating and changing one, its
 * measurement history and its trips; and what each does to the cache. Also the country list the form
 * and the filters choose a nationality from.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type { ModelCreate, ModelUpdate, TripCreate, TripUpdate } from '@trackit/contract/model.schema';
import { api } from '../../api';

/** Query keys, all under `['models']`. */
export const modelKeys = {
  all: ['models'] as const,
  lists: ['models', 'list'] as const,
  detail: (id: number) => ['models', 'detail', id] as const,
  measurements: (id: number) => ['models', 'measurements', id] as const,
  trips: (id: number) => ['models', 'trips', id] as const,
};

/** What GET /v1/models takes, as sent: ranges as `min-max` texts (`height[]=168-173`). */
export type ModelListInput = NonNullable<CallInput<typeof endpoints.model.list>['query']>;

/**
 * The team's models for a list query. Not `pagedListQuery`: that one takes the parsed query, where a
 * range is already `{min, max}`; the list sends the texts the server parses.
 */
export const modelListQuery = (query: ModelListInput) =>
  queryOptions({
    queryKey: [...modelKeys.lists, query],
    queryFn: ({ signal }) => api.call(endpoints.model.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** One model; the page shows a missing one itself, so no toast. */
export const modelQuery = (id: number) =>
  queryOptions({
    queryKey: modelKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.model.get, { params: { id } }, { signal, hideToast: true }),
  });

/** A model's measurement history, newest first. */
export const measurementsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...modelKeys.measurements(id), page],
    queryFn: ({ signal }) =>
      api.call(endpoints.model.measurements, { params: { id }, query: { page, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A model's trips, latest start first. */
export const tripsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...modelKeys.trips(id), page],
    queryFn: ({ signal }) =>
      api.call(endpoints.model.trips, { params: { id }, query: { page, per_page: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Countries and regions (code → 中文名称); they do not change while the app is open. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: ({ signal }) => api.call(endpoints.country.list, undefined, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Creates a model; resolves it, already in the cache, so the page can open it at once. */
export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ModelCreate) => api.call(endpoints.model.create, { body: values }),
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model.id), model);
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
    },
  });
}

/** Changes a model; a change of measurements adds a history entry, so that refreshes too. */
export function useUpdateModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ModelUpdate) => api.call(endpoints.model.update, { params: { id }, body: values }),
    onSuccess: (model) => {
      queryClient.setQueryData(modelKeys.detail(model.id), model);
      void queryClient.invalidateQueries({ queryKey: modelKeys.lists });
      void queryClient.invalidateQueries({ queryKey: modelKeys.measurements(model.id) });
    },
  });
}

/** Adds a trip to a model. */
export function useCreateTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TripCreate) =>
      api.call(endpoints.model.createTrip, { params: { id: modelId }, body: values }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}

/** Changes one of a model's trips. */
export function useUpdateTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TripUpdate }) =>
      api.call(endpoints.model.updateTrip, { params: { id }, body: values }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}

/** Deletes one of a model's trips. */
export function useDeleteTrip(modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.model.deleteTrip, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: modelKeys.trips(modelId) }),
  });
}
