import type { Profile } from '@trackit/contract/session.schema';

/** The signed-in member's profile as the shell asks for it; pages' tests change what they need. */
export const testProfile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 1,
  nickname: '林晓',
  avatar: null,
  avatar_thumb: null,
  base_color: '#1677ff',
  team_id: 1,
  team_name: '星辰模特经纪',
  department_name: null,
  superior_name: null,
  mobile: '13900000000',
  is_owner: false,
  ...overrides,
});
