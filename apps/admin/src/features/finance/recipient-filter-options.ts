import { useQuery } from '@tanstack/react-query';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';

/** The team's active payee entities as filter options (short name), for finance's lists. */
export function useRecipientFilterOptions() {
  const entities = useQuery(teamRecipientOptionsQuery);
  return {
    options: (entities.data?.data ?? []).map((entity) => ({ value: entity.id, label: entity.short_name })),
    loading: entities.isLoading,
  };
}
