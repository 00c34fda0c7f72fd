import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallOptions, Page } from '@trackit/client/api-client';
import type { EndpointSpec, PageItem, ParsedQuery } from '@trackit/contract/endpoint';
import { api } from '../../api';

/** An endpoint answering one page of a list, with a query (page, per_page, filters, sort). */
export type PagedEndpoint = EndpointSpec & {
  readonly answer: { readonly kind: 'page' };
  readonly query: NonNullable<EndpointSpec['query']>;
};

/** The call of a paged endpoint, for the generic helper below (the client types each concrete call). */
type CallPage = (
  endpoint: PagedEndpoint,
  input: { query: unknown },
  options: CallOptions,
) => Promise<unknown>;

/**
 * A paged list's query for `<domain>.queries.ts`, in one line:
 * `export const folderListQuery = pagedListQuery(folderKeys.lists, endpoints.folder.list);`
 * then `useQuery(folderListQuery(search.query))`. The key is the domain's list prefix plus the query
 * (invalidating the prefix refreshes every page and filter), and the previous page stays on screen
 * while the next one loads.
 */
export const pagedListQuery =
  <E extends PagedEndpoint>(prefix: readonly unknown[], endpoint: E) =>
  (query: ParsedQuery<E>) =>
    queryOptions({
      queryKey: [...prefix, query],
      queryFn: ({ signal }) =>
        (api.call as CallPage)(endpoint, { query }, { signal }) as Promise<Page<PageItem<E>>>,
      placeholderData: keepPreviousData,
    });
