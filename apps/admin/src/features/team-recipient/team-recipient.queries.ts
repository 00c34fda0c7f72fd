/**
 * Every call of the payee entity pages: the team's entities, one entity, creating and changing one; and
 * what each does to the cache (orders show their entity's short name).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDecision } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  TeamRecipient,
  TeamRecipientCreate,
  TeamRecipientQuery,
  TeamRecipientUpdate,
} from '@trackit/contract/team-recipient.schema';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { approvalKeys } from '../approval/approval.queries';

/** Query keys, all under `['team_recipients']`. */
export const teamRecipientKeys = {
  all: ['team_recipients'] as const,
  lists: ['team_recipients', 'list'] as const,
  detail: (id: number) => ['team_recipients', 'detail', id] as const,
};

/** The team's entities: keyword, status and a page (`TeamRecipientQuery`). */
export const teamRecipientListQuery = pagedListQuery(teamRecipientKeys.lists, endpoints.teamRecipient.list);

/** The active entities an order may choose (a team has a handful: the first 100). */
export const teamRecipientOptionsQuery = teamRecipientListQuery({
  page: 1,
  per_page: 100,
  status: 'active',
} satisfies TeamRecipientQuery);

/** One entity; the drawer shows a missing one itself, so no toast. */
export const teamRecipientQuery = (id: number) =>
  queryOptions({
    queryKey: teamRecipientKeys.detail(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.teamRecipient.get, { params: { id } }, { signal, hideToast: true }),
  });

/** Creates an entity; the lists refresh. */
export function useCreateTeamRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TeamRecipientCreate) => api.call(endpoints.teamRecipient.create, { body: values }),
    onSuccess: (entity) => {
      queryClient.setQueryData(teamRecipientKeys.detail(entity.id), entity);
      // A new default unsets the old one: every row may have changed.
      void queryClient.invalidateQueries({ queryKey: teamRecipientKeys.lists });
    },
  });
}

/** Changes an entity (fields, its account, the default, its status). */
export function useUpdateTeamRecipient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TeamRecipientUpdate) =>
      api.call(endpoints.teamRecipient.update, { params: { id }, body: values }),
    onSuccess: (entity) => {
      queryClient.setQueryData(teamRecipientKeys.detail(entity.id), entity);
      void queryClient.invalidateQueries({ queryKey: teamRecipientKeys.lists });
      // Orders show their entity's short name.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** After a bank change is decided or withdrawn: the entity (its account may have changed), the lists, 待我审批. */
function useBankChangeSettled() {
  const queryClient = useQueryClient();
  return (entity: TeamRecipient) => {
    queryClient.setQueryData(teamRecipientKeys.detail(entity.id), entity);
    void queryClient.invalidateQueries({ queryKey: teamRecipientKeys.lists });
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

/** 同意 / 拒绝 a bank account change waiting for its checker. */
export function useDecideBankChange() {
  const settled = useBankChangeSettled();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ApprovalDecision }) =>
      api.call(endpoints.teamRecipient.decideBankChange, { params: { id }, body: decision }),
    onSuccess: settled,
  });
}

/** 撤回 one's own bank account change. */
export function useWithdrawBankChange() {
  const settled = useBankChangeSettled();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.teamRecipient.withdrawBankChange, { params: { id } }),
    onSuccess: settled,
  });
}
