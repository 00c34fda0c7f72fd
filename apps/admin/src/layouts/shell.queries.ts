/** Every call of the signed-in shell: the member's permission keys, their teams, and the team switch. */
import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionKey } from '@trackit/contract/permissions';
import { api, tokens } from '../api';
import { switchTeamToken } from '../features/session/session.queries';
import type { PermissionLevels } from './route-handle';

/**
 * What the current membership holds: each permission key with its level, in the server's order (the
 * first is where /admin lands). Read once per page load: a team switch reloads the page, and the server
 * refuses calls the member is no longer allowed anyway. The two views below share this one call.
 */
const myPermissionItemsQuery = queryOptions({
  queryKey: ['permissions', 'my'],
  queryFn: ({ signal }) => api.call(endpoints.permission.mine, undefined, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The permission keys held, in the server's order (the side menu, the landing page). */
export const myPermissionsQuery = queryOptions({
  ...myPermissionItemsQuery,
  select: (items): PermissionKey[] => items.map((item) => item.key),
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

/**
 * The level of each permission key held: the shell's route guard and the links (route-access.ts), and
 * pages hiding what the level cannot do (use-permission-level.ts).
 */
export const myPermissionLevelsQuery = queryOptions({
  ...myPermissionItemsQuery,
  select: (items): PermissionLevels => Object.fromEntries(items.map((item) => [item.key, item.level])),
});
