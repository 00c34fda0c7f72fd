import { queryOptions } from '@tanstack/react-query';
import type { Configs, Health } from '@trackit/contract/system.schema';
import { api } from '../../api';

// The landing card shows failures itself, so these calls never toast.
export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => api.get<Health>('/health', undefined, { signal, skipAuth: true, hideToast: true }),
});

export const configsQuery = queryOptions({
  queryKey: ['configs'],
  queryFn: ({ signal }) => api.get<Configs>('/v1/configs', undefined, { signal, hideToast: true }),
  staleTime: Number.POSITIVE_INFINITY,
});
