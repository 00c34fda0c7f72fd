import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, tokens } from '../api';
import { myPermissionLevelsQuery, myPermissionsQuery, switchTeam, teamsQuery } from './shell.queries';

vi.mock('../api', () => ({
  api: { call: vi.fn() },
  tokens: { set: vi.fn() },
  loginHistory: {},
}));

afterEach(() => {
  vi.clearAllMocks();
});

describe('shell calls', () => {
  it("read the permission keys in the server's order and their levels, in one call", async () => {
    vi.mocked(api.call).mockResolvedValue([
      { key: 'data_management', level: 'read' },
      { key: 'operation_record', level: 'manage' },
    ]);
    const queryClient = new QueryClient();
    const items = await queryClient.fetchQuery(myPermissionsQuery);
    // One cache entry, two views of it.
    expect(myPermissionLevelsQuery.queryKey).toEqual(myPermissionsQuery.queryKey);
    await queryClient.fetchQuery(myPermissionLevelsQuery);
    expect(myPermissionsQuery.select?.(items)).toEqual(['data_management', 'operation_record']);
    expect(myPermissionLevelsQuery.select?.(items)).toEqual({
      data_management: 'read',
      operation_record: 'manage',
    });
    expect(api.call).toHaveBeenCalledTimes(1);
    expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, {
      signal: expect.any(AbortSignal),
    });
  });

  it("read the person's teams", async () => {
    vi.mocked(api.call).mockResolvedValue([]);
    await new QueryClient().fetchQuery(teamsQuery);
    expect(api.call).toHaveBeenCalledWith(endpoints.team.mine, undefined, {
      signal: expect.any(AbortSignal),
    });
  });

  it('switch team and store the new token pair', async () => {
    const pair = { access_token: 'a2', refresh_token: 'r2' };
    vi.mocked(api.call).mockResolvedValue(pair);
    await switchTeam(8);
    expect(api.call).toHaveBeenCalledWith(endpoints.session.switchTeam, {
      params: { id: 8 },
      body: { id: 8 },
    });
    expect(tokens.set).toHaveBeenCalledWith(pair);
  });
});
