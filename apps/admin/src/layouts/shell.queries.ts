/** Every call of the signed-in shell: the member's permission keys, their teams, and the team switch. */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { PermissionKey } from '@trackit/contract/permissions';
import { api, tokens } from '../api';
import { switchTeamToken } from '../features/session/session.queries';

/**
 * The permission keys of the current membership, in the server's order (the first is where /admin
 * lands). Read once per page load: a team switch reloads the page, and the server refuses calls the
 * member is no longer allowed anyway.
 */
export const myPermissionsQuery = queryOptions({
  queryKey: ['permissions', 'my'],
  queryFn: async ({ signal }): Promise<PermissionKey[]> => {
    const items = await api.call(endpoints.permission.mine, undefined, { signal });
    return items.map((item) => item.key);
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** The teams (valid memberships) of the signed-in person; 切换账号 shows with more than one. */
export const teamsQuery = queryOptions({
  queryKey: ['teams'],
  queryFn: ({ signal }) => api.call(endpoints.team.mine, undefined, { signal }),
  staleTime: 60_000,
});

/** Signs in to another membership of the same person and stores its token pair (docs/product.md §4 "Team switch"). */
export const switchTeam = async (membershipId: number): Promise<void> => {
  tokens.set(await switchTeamToken(membershipId));
};

/** The level of each permission key the member holds (pages hide what the level cannot do). */
export const myPermissionLevelsQuery = queryOptions({
  queryKey: ['permissions', 'my', 'levels'],
  queryFn: async ({ signal }): Promise<Partial<Record<PermissionKey, PermissionLevel>>> => {
    const items = await api.call(endpoints.permission.mine, undefined, { signal });
    return Object.fromEntries(items.map((item) => [item.key, item.level]));
  },
  staleTime: Number.POSITIVE_INFINITY,
});
