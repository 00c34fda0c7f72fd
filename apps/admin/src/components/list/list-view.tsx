import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { Flex, Pagination, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ListEmpty } from './list-empty';
import { ListError, ListErrorAlert } from './list-error';
import styles from './list-view.module.css';
import type { ListSearch } from './use-list-search';

export interface ListViewProps<T> {
  /** `useQuery(<domain>ListQuery(search.query))`. */
  list: UseQueryResult<Page<T>, Error>;
  search: ListSearch;
  /** What an empty list says: 暂无通知. */
  emptyText: string;
  /** What an empty list says with filters set: 没有符合条件的通知. */
  filteredEmptyText: string;
  /** Above the rows (the selection bar). */
  header?: ReactNode;
  /** The rows of the page: a table or the page's own layout. */
  children: (items: T[]) => ReactNode;
  testId?: string | undefined;
}

/**
 * The states every list has, around the rows it shows: a skeleton on the first load; the error with
 * 重试 when nothing could be loaded; an alert with 重试 above the rows when a refresh failed; the empty
 * state (with 清除筛选 when filters are set); the previous page dimmed while the next one loads; and the
 * pagination (共 N 条) bound to the address's page.
 */
export function ListView<T>({
  list,
  search,
  emptyText,
  filteredEmptyText,
  header,
  children,
  testId,
}: ListViewProps<T>) {
  const page = list.data;
  const retry = () => void list.refetch();

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div data-testid="list-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (!page) {
    body = <ListError error={list.error} retrying={list.isFetching} onRetry={retry} />;
  } else if (page.data.length === 0) {
    body = (
      <ListEmpty
        text={emptyText}
        filteredText={filteredEmptyText}
        filtered={search.isFiltered}
        onClear={search.clear}
        pastEnd={page.total > 0 && search.query.page > 1}
        onFirstPage={() => search.setPage(1)}
      />
    );
  } else {
    body = (
      <>
        {header}
        {children(page.data)}
      </>
    );
  }

  // The rows on screen belong to the previous page or filter while the next answer is on its way.
  const stale = list.isPlaceholderData;

  return (
    <div data-testid={testId}>
      {list.isRefetchError && (
        <ListErrorAlert error={list.error} retrying={list.isFetching} onRetry={retry} />
      )}
      <Spin spinning={stale} delay={120}>
        <div aria-busy={stale}>{body}</div>
      </Spin>
      {page && page.total > 0 && (
        <Flex justify="flex-end" className={styles.pagination}>
          <Pagination
            current={search.query.page}
            pageSize={search.query.per_page}
            total={page.total}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 条`}
            onChange={search.setPage}
          />
        </Flex>
      )}
    </div>
  );
}
