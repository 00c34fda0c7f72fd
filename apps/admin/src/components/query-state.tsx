import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ListError } from './list/list-error';
import { PageLoading } from './page-loading';

/**
 * What the component reads of a query: a TanStack `useQuery` result fits, and so does a page's own
 * composition of several (`bothQueries`).
 */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Two queries read as one: data once both have answered, the first error, 重试 asks both again. */
export function bothQueries<A, B>(a: QueryLike<A>, b: QueryLike<B>): QueryLike<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    isFetching: a.isFetching || b.isFetching,
    refetch: () => {
      void a.refetch();
      void b.refetch();
    },
  };
}

/** How the wait looks: skeleton lines (with an avatar), the page's large spinner, or a node of its own. */
export type QueryLoading = { rows: number; avatar?: boolean } | 'page' | { node: ReactNode };

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** A skeleton of 4 lines unless said otherwise. */
  loading?: QueryLoading;
  /** An answer with nothing to show: the text said instead of the children. */
  empty?: { when: (data: T) => boolean; text: string; testId?: string };
  /** The skeleton and the error sit in a card (a detail page whose content brings its own cards). */
  framed?: boolean;
  children: (data: T) => ReactNode;
}

const DEFAULT_LOADING: QueryLoading = { rows: 4 };

/**
 * The one way a page (or a part of one) waits for its data: a skeleton (or the page's spinner) while it
 * loads; the API's message with 重试 (which asks again) when nothing could be loaded; the empty state
 * when given; then the children with the data. A refresh that fails keeps the data on screen.
 */
export function QueryState<T>({
  query,
  loading = DEFAULT_LOADING,
  empty,
  framed = false,
  children,
}: QueryStateProps<T>) {
  const frame = (node: ReactNode) => (framed ? <Card>{node}</Card> : node);
  const { data } = query;
  if (data !== undefined) {
    if (empty?.when(data)) {
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text} data-testid={empty.testId} />
      );
    }
    return <>{children(data)}</>;
  }
  if (query.error) {
    return frame(
      <ListError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />,
    );
  }
  if (loading === 'page') return <PageLoading inline />;
  if ('node' in loading) return <>{loading.node}</>;
  return frame(
    <div data-testid="query-loading">
      <Skeleton active avatar={loading.avatar} paragraph={{ rows: loading.rows }} />
    </div>,
  );
}
