import {
  type QueryKey,
  type UndefinedInitialDataOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBreadcrumbTitle } from '../layouts/breadcrumb-title';
import { QueryState } from './query-state';
import { isRecordMissing, parseRecordId } from './record-id';
import { ResultPage } from './result-page';

/**
 * The record a detail route names (`…/{id}`): its query (not sent for an id that is not one), whether it
 * is missing (a bad id, or 404 from the server, another team's too), and the breadcrumb set to its name,
 * or `notFoundTitle` when it is missing, never the id in the address.
 */
export function useRouteRecord<T extends { name: string }, K extends QueryKey>(
  options: (id: number) => UndefinedInitialDataOptions<T, Error, T, K>,
  notFoundTitle: string,
) {
  const recordId = parseRecordId(useParams().id);
  const query = useQuery({ ...options(recordId ?? 0), enabled: recordId !== undefined });
  const missing = recordId === undefined || isRecordMissing(query.error);
  useBreadcrumbTitle(query.data?.name ?? (missing ? notFoundTitle : undefined));
  return { query, missing };
}

export interface RecordPageProps<T> {
  /** The record's query (disabled when the route's id is not a valid one). */
  query: UseQueryResult<T, Error>;
  /** The record is not there: a bad id in the route, or the server answered 404 (another team's too). */
  missing: boolean;
  /** Said on the 404 page, e.g. 该公司可能不存在，或不属于当前团队. */
  missingMessage: string;
  /** The way back from the 404 page: its list. */
  back: { label: string; to: string };
  testId: string;
  /** Lines of the loading skeleton, about the height of the page. */
  skeletonRows?: number;
  children: (record: T) => ReactNode;
}

/**
 * The frame of a record's detail page: the 404 page when it is not there, the error with 重试 when it
 * could not be loaded, a skeleton while it loads, then the page itself.
 */
export function RecordPage<T>({
  query,
  missing,
  missingMessage,
  back,
  testId,
  skeletonRows = 6,
  children,
}: RecordPageProps<T>) {
  const navigate = useNavigate();
  if (missing) {
    return (
      <ResultPage
        status="404"
        message={missingMessage}
        testId={testId}
        action={
          <Button type="primary" onClick={() => navigate(back.to)}>
            {back.label}
          </Button>
        }
      />
    );
  }
  return (
    <QueryState query={query} loading={{ rows: skeletonRows }} framed>
      {children}
    </QueryState>
  );
}
