import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterKeys,
  hasFilters,
  type ListPatch,
  type ListQueryBase,
  type ListQuerySchema,
  listDefaults,
  readListSearch,
  writeListSearch,
} from './list-search-params';

/** A list's query as the address holds it, and the ways to change it. */
export interface ListSearch<Q extends ListQueryBase = ListQueryBase> {
  /** The typed query for `api.call`, defaults filled (page 1, per_page 20). */
  readonly query: Q;
  /** Whether a filter is set (page and sort are not filters). */
  readonly isFiltered: boolean;
  /** Changes filters or sort (back to the first page, replacing the history entry) or only the page. */
  set(patch: ListPatch<Q>): void;
  /** Goes to a page; a history entry of its own, so Back returns to the previous page. */
  setPage(page: number): void;
  /** Removes every filter, keeping the order. */
  clear(): void;
}

export interface ListSearchOptions<Q> {
  /** Puts a valid but awkward query right (a reversed date range in order); a stable function. */
  normalize?: (query: Q) => Q;
}

const keep = <Q>(query: Q): Q => query;

/**
 * The filters, sort and page of a list page, kept in the address (so Back, reload and a shared link keep
 * them) and parsed with the contract's query schema of the list, e.g. `useListSearch(folderQuerySchema)`.
 */
export function useListSearch<Q extends ListQueryBase>(
  schema: ListQuerySchema<Q>,
  { normalize = keep }: ListSearchOptions<Q> = {},
): ListSearch<Q> {
  // The router keeps `params` while the address's search stays the same, and so the query keeps its
  // identity (and the selection and the query key with it).
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => normalize(readListSearch(schema, params)), [schema, normalize, params]);

  const set = useCallback(
    (patch: ListPatch<Q>) => {
      const pageOnly = Object.keys(patch).every((key) => key === 'page');
      setParams(
        (current) => {
          const now = normalize(readListSearch(schema, current));
          // A new filter or order starts again from the first page.
          const page = pageOnly ? {} : { page: listDefaults(schema).page };
          return writeListSearch(schema, { ...now, ...page, ...patch }, current);
        },
        { replace: !pageOnly },
      );
    },
    [schema, normalize, setParams],
  );

  return useMemo(
    () => ({
      query,
      isFiltered: hasFilters(schema, query),
      set,
      setPage: (page: number) => set({ page } as ListPatch<Q>),
      clear: () => set(Object.fromEntries(filterKeys(schema).map((key) => [key, undefined])) as ListPatch<Q>),
    }),
    [schema, query, set],
  );
}
