import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { UserSession } from '@trackit/contract/session.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { devicesQuery, endDevices, sortDevices, updateProfile } from './setting.queries';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));
vi.mock('../../uploads', () => ({ uploadDeps: {} }));

afterEach(() => {
  vi.clearAllMocks();
});

const device = (id: string, lastSeen: string, current = false): UserSession => ({
  id,
  browser: 'Chrome 140',
  os: 'macOS',
  device: 'desktop',
  ip: '10.0.0.1',
  signed_in_at: '2025-01-01T00:00:00Z',
  last_seen_at: lastSeen,
  expires_at: '2025-02-01T00:00:00Z',
  team_name: '星河模特经纪',
  current,
});

describe('sortDevices', () => {
  it('lists this device first, then the most recently active', () => {
    const list = [
      device('old', '2025-01-01T00:00:00Z'),
      device('new', '2025-01-03T00:00:00Z'),
      device('me', '2025-01-02T00:00:00Z', true),
    ];
    expect(sortDevices(list).map((item) => item.id)).toEqual(['me', 'new', 'old']);
    expect(list.map((item) => item.id)).toEqual(['old', 'new', 'me']);
  });
});

describe('setting calls', () => {
  it('list the devices, this one first', async () => {
    vi.mocked(api.call).mockResolvedValue([
      device('other', '2025-01-03T00:00:00Z'),
      device('me', '2025-01-01T00:00:00Z', true),
    ]);
    const queryClient = new QueryClient();
    const devices = await queryClient.fetchQuery(devicesQuery);
    expect(api.call).toHaveBeenCalledWith(endpoints.session.devices, undefined, {
      signal: expect.any(AbortSignal),
    });
    expect(devicesQuery.select?.(devices).map((item) => item.id)).toEqual(['me', 'other']);
  });

  it('save the nickname as the body of the profile update', async () => {
    vi.mocked(api.call).mockResolvedValue({});
    await updateProfile({ nickname: '小明' });
    expect(api.call).toHaveBeenCalledWith(endpoints.profile.update, { body: { nickname: '小明' } });
  });

  it('sign out the given devices, or every other one without a body', async () => {
    vi.mocked(api.call).mockResolvedValue({ ended: 1 });
    await expect(endDevices(['a'])).resolves.toEqual({ ended: 1 });
    expect(api.call).toHaveBeenLastCalledWith(endpoints.session.endDevices, { body: { ids: ['a'] } });
    await endDevices();
    expect(api.call).toHaveBeenLastCalledWith(endpoints.session.endDevices, undefined);
  });
});
