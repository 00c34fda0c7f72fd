import { useMemo, useState } from 'react';
import type { ListQueryBase } from '../../components/list/list-search-params';
import type { ListSearch } from '../../components/list/use-list-search';

/**
 * A list's query kept in the page rather than the address: a fixed query (a stable object) and its page.
 * For a second list on a page whose address already belongs to the first (待办's 待我审批).
 */
export function useLocalListSearch<Q extends ListQueryBase>(base: Q): ListSearch<Q> {
  const [page, setPage] = useState(1);
  return useMemo(
    () => ({
      query: { ...base, page },
      isFiltered: false,
      set: (patch) => {
        if (typeof patch.page === 'number') setPage(patch.page);
      },
      setPage,
      clear: () => setPage(1),
    }),
    [base, page],
  );
}
