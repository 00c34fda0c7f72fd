/** Every call of the organization feature so far: the team's members as pickers offer them. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { MemberOptionQuery } from '@trackit/contract/organization.schema';
import { api } from '../../api';

/** The first 20 members who may sign in whose nickname contains the text (all of them when empty). */
export const memberOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['members', 'options', keyword] as const,
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
