import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { Health } from '@trackit/contract/system.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { configsQuery, degradedHealth, healthQuery } from './status.queries';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

const health: Health = {
  status: 'degraded',
  database: 'error',
  database_driver: 'pglite',
  version: 'v1',
  instance_id: 'i',
  uptime_seconds: 1,
};

describe('status calls', () => {
  it('ask for health without a token or a toast, and for the public settings without a toast', async () => {
    vi.mocked(api.call).mockResolvedValue({});
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(healthQuery);
    await queryClient.fetchQuery(configsQuery);
    const signal = expect.any(AbortSignal);
    expect(api.call).toHaveBeenCalledWith(endpoints.system.health, undefined, {
      signal,
      skipAuth: true,
      hideToast: true,
    });
    expect(api.call).toHaveBeenCalledWith(endpoints.system.configs, undefined, { signal, hideToast: true });
  });

  it('read the health record a degraded server answers with its 503', () => {
    const refusal = new ApiError({ code: 50300, message: '服务暂不可用', data: health, status: 503 });
    expect(degradedHealth(refusal)).toBe(health);
    expect(degradedHealth(new ApiError({ code: -9999, message: '网络异常', status: 0 }))).toBeUndefined();
    expect(degradedHealth(new Error('x'))).toBeUndefined();
  });
});
