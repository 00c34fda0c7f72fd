import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { type HTMLAttributes, type Key, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ColumnSize, layoutColumns, SELECTION_COLUMN_WIDTH } from './column-width';
import type { ListPatch, ListQueryBase } from './list-search-params';
import { ListView } from './list-view';
import { type BulkAction, SelectionBar } from './selection-bar';
import { type SortFieldOf, sortOrderOf, sortValueOf } from './table-sort';
import type { ListSearch } from './use-list-search';
import { type ListSelection, useListSelection } from './use-list-selection';

/**
 * An antd column whose `dataIndex` is a field of the row (antd accepts any string, so a field renamed in
 * the contract would leave an empty column; here it fails the typecheck). `sortField` makes it sortable
 * through the query's `sort` (`name` → `sort=name`). Each column says how wide it is, by what it holds
 * (`kind: 'date'`) or in pixels (see column-width.ts): the table lays them out and scrolls below their
 * sum, the `kind: 'title'` column (and those before it) pinned at the left, the `kind: 'actions'` one at
 * the right.
 */
export type DataTableColumn<T, Q> = Omit<ColumnType<T>, 'dataIndex' | 'width' | 'minWidth'> & {
  dataIndex?: keyof T & string;
  sortField?: SortFieldOf<Q>;
  /** Texts the column shows that must each fit on one line (an enumeration's labels). */
  fits?: readonly string[];
} & ColumnSize;

/**
 * A record type's shared columns for a small antd table outside a list page (a record's own card): the
 * kit's fields dropped, a fixed `width` kept, the rest left to antd's automatic layout.
 */
export const plainColumns = <T, Q>(columns: readonly DataTableColumn<T, Q>[]): ColumnType<T>[] =>
  columns.map(({ sortField: _sort, kind: _kind, minWidth: _min, fits: _fits, ...column }) => column);

export interface DataTableProps<T, Q extends ListQueryBase, K extends Key> {
  list: UseQueryResult<Page<T>, Error>;
  search: ListSearch<Q>;
  columns: readonly DataTableColumn<T, Q>[];
  rowKey: (row: T) => K;
  emptyText: string;
  filteredEmptyText: string;
  /** With actions, rows get checkboxes and the selection bar offers these. */
  bulkActions?: readonly BulkAction<K, T>[];
  /**
   * A selection the page keeps across searches and pages (`useListSelection(rowKey, { keep })`), with
   * how each selected row reads in 查看已选; without it the selection empties when the query changes.
   */
  keptSelection?: { selection: ListSelection<T, K>; renderSelected: (row: T) => ReactNode };
  /** Where a double-click on a row goes (the record's page). */
  rowPath?: (row: T) => string;
  /** Each row's test id, e.g. `company-row-12`. */
  rowTestId?: (row: T) => string;
  /** The rows' density: `middle` by default, at whose cell padding the lists fit a 1280 px window. */
  size?: TableProps<T>['size'];
  /**
   * Rows that open below themselves (antd's `expandable`). Keep `showExpandColumn: false` and toggle from
   * a cell: the column layout does not count antd's expand column.
   */
  expandable?: TableProps<T>['expandable'];
  testId?: string;
}

/**
 * The width of the room an element has, followed as the window or the side menu changes it; undefined
 * until measured (and where there is no ResizeObserver, as in jsdom).
 */
function useContentWidth(): [number | undefined, (node: HTMLElement | null) => (() => void) | undefined] {
  const [width, setWidth] = useState<number>();
  const measure = useCallback((node: HTMLElement | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [width, measure];
}

/** A list page's antd table: the list states and pagination of `ListView`, sorting bound to the address. */
export function DataTable<T extends object, Q extends ListQueryBase, K extends Key>({
  list,
  search,
  columns,
  rowKey,
  emptyText,
  filteredEmptyText,
  bulkActions,
  keptSelection,
  rowPath,
  rowTestId,
  size = 'middle',
  expandable,
  testId,
}: DataTableProps<T, Q, K>) {
  const scopedSelection = useListSelection<T, K>(rowKey, { scope: search.query });
  const selection = keptSelection?.selection ?? scopedSelection;
  const navigate = useNavigate();
  const onRow = (row: T) =>
    ({
      ...(rowTestId && { 'data-testid': rowTestId(row) }),
      ...(rowPath && { onDoubleClick: () => navigate(rowPath(row)) }),
    }) as HTMLAttributes<HTMLElement>;
  const sort = (search.query as { sort?: string }).sort;

  const selectable = bulkActions !== undefined;
  const [available, measure] = useContentWidth();
  const layout = useMemo(
    () => layoutColumns(columns, { size, selectable, available }),
    [columns, size, selectable, available],
  );

  // The sortable field of each column as antd hands it back in onChange.
  const { tableColumns, sortFields } = useMemo(() => {
    const fields = new Map<ColumnType<T>, string>();
    const mapped = columns.map(
      (
        { sortField, kind, width: _width, minWidth: _minWidth, fits: _fits, ...column },
        index,
      ): ColumnType<T> => {
        const { width, minWidth, fixed } = layout.columns[index] ?? {
          width: undefined,
          minWidth: 0,
          fixed: undefined,
        };
        const sized: ColumnType<T> = {
          ...column,
          width,
          fixed,
          // The journey reads each heading's minimum and kind off the page (e2e/list-widths.e2e.test.ts).
          onHeaderCell: (col) =>
            ({
              ...column.onHeaderCell?.(col),
              'data-min-width': minWidth,
              'data-kind': kind,
            }) as HTMLAttributes<HTMLElement>,
        };
        if (!sortField) return sized;
        const sortable: ColumnType<T> = {
          ...sized,
          key: column.key ?? sortField,
          sorter: true,
          sortOrder: sortOrderOf(sort, sortField),
        };
        fields.set(sortable, sortField);
        return sortable;
      },
    );
    return { tableColumns: mapped, sortFields: fields };
  }, [columns, layout, sort]);

  const handleChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const changed = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = changed?.column && sortFields.get(changed.column);
    const sortPatch = { sort: field ? sortValueOf(field, changed.order) : undefined };
    // Only a query with `sort` has sortable columns (SortFieldOf<Q> is never otherwise).
    search.set(sortPatch as unknown as ListPatch<Q>);
  };

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
            renderSelected={keptSelection?.renderSelected}
          />
        )
      }
    >
      {(rows) => (
        <div ref={measure}>
          <Table<T>
            rowKey={rowKey}
            columns={tableColumns}
            dataSource={rows}
            pagination={false}
            size={size}
            tableLayout="fixed"
            scroll={{ x: layout.scrollX }}
            onRow={onRow}
            onChange={handleChange}
            {...(expandable ? { expandable } : {})}
            rowSelection={
              bulkActions && {
                columnWidth: SELECTION_COLUMN_WIDTH,
                selectedRowKeys: [...selection.keys],
                // antd hands back this page's ticked keys; a kept selection keeps the other pages' rows.
                onChange: (keys) => selection.setPage(rows, keys as K[]),
              }
            }
          />
        </div>
      )}
    </ListView>
  );
}
