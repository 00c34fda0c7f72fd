/** Every call of the signed-in shell: the member's permission keys, their teams, and the team switch. */
import { queryOptions } from '@tanstack/react-query';
import type { PermissionItem } from '@trackit/contract/permission.schema';
import type { PermissionKey } from '@trackit/contract/permissions';
import type { TeamListItem, TokenPair } from '@trackit/contract/session.schema';
import { api, tokens } from '../api';

/**
 * The permission keys of the current membership, in the server's order (the first is where /admin
 * lands). Read once per page load: a team switch reloads the page, and the server refuses calls the
 * member is no longer allowed anyway.
 */
export const myPermissionsQuery = queryOptions({
  queryKey: ['permissions', 'my'],
  queryFn: async ({ signal }): Promise<PermissionKey[]> => {
    const items = await api.get<PermissionItem[]>('/v1/permissions/my', undefined, { signal });
    return items.map((item) => item.key);
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** The teams (valid memberships) of the signed-in person; 切换账号 shows with more than one. */
export const teamsQuery = queryOptions({
  queryKey: ['teams'],
  queryFn: ({ signal }) => api.get<TeamListItem[]>('/v1/teams', undefined, { signal }),
  staleTime: 60_000,
});

/** Signs in to another membership of the same person and stores its token pair (spec §4 "Team switch"). */
export const switchTeam = async (membershipId: number): Promise<void> => {
  tokens.set(await api.post<TokenPair>(`/v1/teams/${membershipId}/login`, { id: membershipId }));
};
