/**
 * Every call of the organization feature: members as pickers offer them, members, departments and roles
 * as the organization pages manage them; and what each change does to the cache.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { OrgUnitKind } from '@trackit/contract/enums';
import type {
  MemberHandover,
  MemberInvite,
  MemberOptionQuery,
  MemberUpdate,
  OrgUnitCreate,
  OrgUnitUpdate,
  RolePermissions,
} from '@trackit/contract/organization.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';

/** Query keys: members under `['members']`, departments and roles under `['roles']`. */
export const memberKeys = {
  all: ['members'] as const,
  lists: ['members', 'list'] as const,
  options: ['members', 'options'] as const,
};
export const orgUnitKeys = {
  all: ['roles'] as const,
  kind: (kind: OrgUnitKind) => ['roles', kind] as const,
};

/** The first 20 members who may sign in whose nickname contains the text (all of them when empty). */
export const memberOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...memberKeys.options, keyword] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.organization.memberOptions,
        { query: { page: 1, per_page: 20, ...(keyword ? { keyword } : {}) } satisfies MemberOptionQuery },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Colleagues change rarely; a picker opened again shows them at once.
    staleTime: 60_000,
  });

/** The team's members: keyword, department (with sub-departments), role, status and a page. */
export const memberListQuery = pagedListQuery(memberKeys.lists, endpoints.organization.listMembers);

/** Every department (the page builds the tree from `parent_id`) or every role of the team, by name. */
export const orgUnitsQuery = (kind: OrgUnitKind) =>
  queryOptions({
    queryKey: orgUnitKeys.kind(kind),
    queryFn: ({ signal }) => api.call(endpoints.organization.listOrgUnits, { query: { kind } }, { signal }),
    staleTime: 30_000,
  });

/**
 * What a change of members or of the roles resource makes stale: member rows (they name departments,
 * roles and superiors), the counts of departments and roles, the pickers, and the member's own profile
 * card (their department or superior may have changed).
 */
const useInvalidateOrganization = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    void queryClient.invalidateQueries({ queryKey: orgUnitKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
};

/** Invites a member by mobile (a new number becomes a user who signs in by SMS). */
export function useInviteMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (values: MemberInvite) => api.call(endpoints.organization.inviteMember, { body: values }),
    onSuccess: invalidate,
  });
}

/** Changes a member: fields, role, or account status (pausing or marking departed ends their sessions). */
export function useUpdateMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: MemberUpdate }) =>
      api.call(endpoints.organization.updateMember, { params: { id }, body: values }),
    onSuccess: invalidate,
  });
}

/** Hands a departed member's models, companies and open orders to another member; resolves the counts. */
export function useHandOverMember() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: MemberHandover }) =>
      api.call(endpoints.organization.handOverMember, { params: { id }, body: values }),
    onSuccess: () => {
      invalidate();
      // The records moved name their new manager or owner.
      for (const key of ['models', 'companies', 'orders']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

/** Creates a department (under `parent_id`, or at the top) or a role. */
export function useCreateOrgUnit() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (values: OrgUnitCreate) => api.call(endpoints.organization.createOrgUnit, { body: values }),
    onSuccess: invalidate,
  });
}

/** Renames a department or a role, or moves a department (`parent_id` null: to the top). */
export function useUpdateOrgUnit() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: OrgUnitUpdate }) =>
      api.call(endpoints.organization.updateOrgUnit, { params: { id }, body: values }),
    onSuccess: invalidate,
  });
}

/** Deletes an empty department or a role nobody holds. */
export function useDeleteOrgUnit() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.organization.deleteOrgUnit, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Sets a role's whole matrix; the caller's own levels are refreshed, in case they hold that role. */
export function useSetRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: RolePermissions }) =>
      api.call(endpoints.organization.setRolePermissions, { params: { id }, body: values }),
    onSuccess: (role) => {
      queryClient.setQueryData(orgUnitKeys.kind('role'), (roles: (typeof role)[] | undefined) =>
        roles?.map((candidate) => (candidate.id === role.id ? role : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: orgUnitKeys.kind('role') });
      void queryClient.invalidateQueries({ queryKey: ['permissions', 'my'] });
    },
  });
}
