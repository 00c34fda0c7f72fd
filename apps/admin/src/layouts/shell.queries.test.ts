import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, tokens } from '../api';
import { myPermissionsQuery, switchTeam, teamsQuery } from './shell.queries';

vi.mock('../api', () => ({
  api: { call: vi.fn() },
  tokens: { set: vi.fn() },
  loginHistory: {},
}));

afterEach(() => {
  vi.clearAllMocks();
});

describe('shell calls', () => {
  it('read the permission keys, in the order the server gives', async () => {
    vi.mocked(api.call).mockResolvedValue([{ key: 'data_management' }, { key: 'operation_record' }]);
    await expect(new QueryClient().fetchQuery(myPermissionsQuery)).resolves.toEqual([
      'data_management',
      'operation_record',
    ]);
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
