import type { UserSession } from '@trackit/contract/session.schema';
import { describe, expect, it, vi } from 'vitest';
import { sortDevices } from './setting.queries';

vi.mock('../../api', () => ({ api: {} }));

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
