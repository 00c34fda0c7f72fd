import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { Health } from '@trackit/contract/system.schema';
import { api } from '../../api';

// The landing card shows failures itself, so these calls never toast.
export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) =>
    api.call(endpoints.system.health, undefined, { signal, skipAuth: true, hideToast: true }),
});

export const configsQuery = queryOptions({
  queryKey: ['configs'],
  queryFn: ({ signal }) => api.call(endpoints.system.configs, undefined, { signal, hideToast: true }),
  staleTime: Number.POSITIVE_INFINITY,
});

const isHealth = (value: unknown): value is Health =>
  typeof value === 'object' && value !== null && 'status' in value && 'database' in value;

/** A degraded server answers 503 with the health record as data: that record, from the query's error. */
export const degradedHealth = (error: unknown): Health | undefined =>
  isApiError(error) && isHealth(error.data) ? error.data : undefined;
