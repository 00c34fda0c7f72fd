import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { Checkbox } from 'antd';
import type { Key, ReactNode } from 'react';
import type { ListQueryBase } from './list-search-params';
import { ListView } from './list-view';
import styles from './list-view.module.css';
import { type BulkAction, type SelectAllControl, SelectionBar } from './selection-bar';
import type { ListSearch } from './use-list-search';
import { type ListSelection, useListSelection } from './use-list-selection';

export interface DataListProps<T, Q extends ListQueryBase, K extends Key> {
  list: UseQueryResult<Page<T>, Error>;
  search: ListSearch<Q>;
  rowKey: (item: T) => K;
  /** One row of the page's own design (a notification, a card). */
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  filteredEmptyText: string;
  /** With actions, rows get checkboxes and the selection bar offers these. */
  bulkActions?: readonly BulkAction<K, T>[];
  testId?: string;
}

/** The 全选 box of a page of rows: ticks or unticks them all, whatever is selected elsewhere. */
export const selectAllOf = <T, K extends Key>(
  selection: ListSelection<T, K>,
  rows: readonly T[],
  rowKey: (row: T) => K,
): SelectAllControl => {
  const selected = rows.filter((row) => selection.has(rowKey(row))).length;
  return {
    checked: selected > 0 && selected === rows.length,
    indeterminate: selected > 0 && selected < rows.length,
    onChange: (all: boolean) => selection.select(rows, all),
  };
};

/** A list page whose rows are its own design rather than a table: the same states, pagination and selection. */
export function DataList<T, Q extends ListQueryBase, K extends Key>({
  list,
  search,
  rowKey,
  renderItem,
  emptyText,
  filteredEmptyText,
  bulkActions,
  testId,
}: DataListProps<T, Q, K>) {
  const selection = useListSelection<T, K>(rowKey, { scope: search.query });
  const rows = list.data?.data ?? [];

  return (
    <ListView
      list={list}
      search={search}
      emptyText={emptyText}
      filteredEmptyText={filteredEmptyText}
      testId={testId}
      header={
        bulkActions && (
          <SelectionBar
            selection={selection}
            actions={bulkActions}
            selectAll={selectAllOf(selection, rows, rowKey)}
          />
        )
      }
    >
      {(items) => (
        <div className={styles.rows}>
          {items.map((item) => {
            const key = rowKey(item);
            return (
              <div key={key} className={styles.row} data-testid={`list-row-${key}`}>
                {bulkActions && (
                  <Checkbox
                    className={styles.rowCheck}
                    checked={selection.has(key)}
                    onChange={(event) => selection.select([item], event.target.checked)}
                    aria-label="选择"
                  />
                )}
                <div className={styles.rowBody}>{renderItem(item)}</div>
              </div>
            );
          })}
        </div>
      )}
    </ListView>
  );
}
