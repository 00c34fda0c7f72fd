// @vitest-environment jsdom
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Page } from '@trackit/client/api-client';
import { type Folder, type FolderQuery, folderQuerySchema } from '@trackit/contract/folder.schema';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutColumns } from './column-width';
import { DataTable, type DataTableColumn } from './data-table';
import type { BulkAction } from './selection-bar';
import { useListSearch } from './use-list-search';
import { clearKeptSelections, useListSelection } from './use-list-selection';

const folder = (id: number): Folder => ({
  id,
  name: `资源夹 ${id}`,
  kind: 'other',
  model_id: null,
  model_name: null,
  file_count: id,
  previews: [],
  share: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
});

const pageOf = (data: Folder[], total = data.length, page = 1): Page<Folder> => ({
  data,
  page,
  perPage: 20,
  total,
});

const fetchPage = vi.fn<(query: FolderQuery) => Promise<Page<Folder>>>();

const columns: DataTableColumn<Folder, FolderQuery>[] = [
  { title: '名称', dataIndex: 'name', sortField: 'name', kind: 'title' },
  { title: '文件数', dataIndex: 'file_count', kind: 'count' },
  { title: '创建时间', dataIndex: 'created_at', sortField: 'created_at', kind: 'dateTime' },
];

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function FolderTable({
  bulkActions,
  keep,
  tableColumns = columns,
}: {
  bulkActions?: BulkAction<number, Folder>[] | undefined;
  keep?: boolean;
  tableColumns?: DataTableColumn<Folder, FolderQuery>[] | undefined;
}) {
  const search = useListSearch(folderQuerySchema);
  const kept = useListSelection((row: Folder) => row.id, { keep: 'folders' });
  const list = useQuery({
    queryKey: ['folders', 'list', search.query],
    queryFn: () => fetchPage(search.query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      {keep && (
        <button type="button" onClick={() => search.set({ keyword: '资源' })}>
          搜索
        </button>
      )}
      <DataTable
        list={list}
        search={search}
        columns={tableColumns}
        rowKey={(row) => row.id}
        emptyText="还没有资源夹"
        filteredEmptyText="没有符合条件的资源夹"
        bulkActions={bulkActions}
        keptSelection={keep ? { selection: kept, renderSelected: (row) => row.name } : undefined}
        testId="table"
      />
    </>
  );
}

const renderTable = (
  search = '',
  bulkActions?: BulkAction<number, Folder>[],
  keep = false,
  tableColumns?: DataTableColumn<Folder, FolderQuery>[],
) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter initialEntries={[`/folders${search}`]}>
            <FolderTable bulkActions={bulkActions} keep={keep} tableColumns={tableColumns} />
            <Where />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { queryClient, address: () => screen.getByTestId('where').textContent };
};

/** Resolves later, when the test says so. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

const rowCheckbox = (name: string) =>
  within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');

beforeEach(() => {
  fetchPage.mockReset();
  fetchPage.mockResolvedValue(pageOf([folder(1), folder(2)], 2));
});

afterEach(() => {
  cleanup();
  clearKeptSelections();
});

describe('DataTable states', () => {
  it('shows a skeleton until the first page arrives', async () => {
    const first = deferred<Page<Folder>>();
    fetchPage.mockReturnValue(first.promise);
    renderTable();
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    first.resolve(pageOf([folder(1)]));
    expect(await screen.findByText('资源夹 1')).toBeTruthy();
    expect(screen.queryByTestId('list-loading')).toBeNull();
  });

  it('shows the error with 重试 when nothing loaded, and 重试 asks again', async () => {
    fetchPage.mockRejectedValueOnce(new Error('没有权限执行此操作'));
    renderTable();
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('没有权限执行此操作');

    fireEvent.click(within(error).getByRole('button', { name: '重试' }));

    expect(await screen.findByText('资源夹 2')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('keeps the rows on screen under an alert when a refresh fails, and 重试 clears it', async () => {
    const { queryClient } = renderTable();
    await screen.findByText('资源夹 1');

    fetchPage.mockRejectedValueOnce(new Error('网络异常'));
    await queryClient.refetchQueries();

    const alert = await screen.findByTestId('list-error-alert');
    expect(alert.textContent).toContain('网络异常');
    expect(screen.getByText('资源夹 1')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByTestId('list-error-alert')).toBeNull());
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('says the list is empty, without 清除筛选 when nothing is filtered', async () => {
    fetchPage.mockResolvedValue(pageOf([]));
    renderTable('?sort=name');
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('还没有资源夹');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('offers 清除筛选 when filters leave nothing, and it clears them from the address', async () => {
    fetchPage.mockImplementation(async (query) => pageOf(query.keyword ? [] : [folder(1)]));
    const { address } = renderTable('?keyword=zzz&sort=name');
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('没有符合条件的资源夹');

    fireEvent.click(within(empty).getByRole('button', { name: '清除筛选' }));

    expect(await screen.findByText('资源夹 1')).toBeTruthy();
    expect(address()).toBe('?sort=name');
    expect(fetchPage).toHaveBeenLastCalledWith({ sort: 'name', page: 1, per_page: 20 });
  });

  it('sends a page past the end back to the first page', async () => {
    fetchPage.mockImplementation(async (query) => (query.page > 1 ? pageOf([], 2) : pageOf([folder(1)], 1)));
    const { address } = renderTable('?page=5');
    const empty = await screen.findByTestId('list-empty');
    fireEvent.click(within(empty).getByRole('button', { name: '回到第一页' }));
    expect(await screen.findByText('资源夹 1')).toBeTruthy();
    expect(address()).toBe('');
  });
});

describe('DataTable pagination', () => {
  it('shows the total and keeps the old page on screen, marked busy, while the next one loads', async () => {
    fetchPage.mockResolvedValueOnce(pageOf([folder(1)], 45));
    const { address } = renderTable();
    await screen.findByText('资源夹 1');
    expect(screen.getByText('共 45 条')).toBeTruthy();

    const next = deferred<Page<Folder>>();
    fetchPage.mockReturnValueOnce(next.promise);
    fireEvent.click(screen.getByTitle('2'));

    expect(address()).toBe('?page=2');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, per_page: 20 });
    expect(screen.getByText('资源夹 1')).toBeTruthy();
    expect(screen.getByTestId('table').querySelector('[aria-busy="true"]')).not.toBeNull();

    next.resolve(pageOf([folder(21)], 45, 2));
    expect(await screen.findByText('资源夹 21')).toBeTruthy();
    expect(screen.queryByText('资源夹 1')).toBeNull();
    expect(screen.getByTestId('table').querySelector('[aria-busy="true"]')).toBeNull();
  });
});

describe('DataTable sorting', () => {
  it("shows the address's order on its column", async () => {
    renderTable('?sort=-created_at');
    await screen.findByText('资源夹 1');
    const header = screen.getByRole('columnheader', { name: /创建时间/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /名称/ }).getAttribute('aria-sort')).toBeNull();
  });

  it('writes a clicked column to the address as sort, back on the first page', async () => {
    const { address } = renderTable('?page=2');
    await screen.findByText('资源夹 1');

    fireEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(address()).toBe('?sort=name'));
    expect(fetchPage).toHaveBeenLastCalledWith({ sort: 'name', page: 1, per_page: 20 });

    fireEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(address()).toBe('?sort=-name'));

    // A third click turns the order off: the list's default order again.
    fireEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(address()).toBe(''));
  });

  it('leaves columns without a sort field alone', async () => {
    renderTable();
    await screen.findByText('资源夹 1');
    expect(screen.getByRole('columnheader', { name: '文件数' }).className).not.toContain(
      'ant-table-column-has-sorters',
    );
  });
});

describe('DataTable column widths', () => {
  it('fixes the short columns, keeps the title at its minimum and scrolls the table below their sum', async () => {
    renderTable();
    await screen.findByText('资源夹 1');
    const layout = layoutColumns(columns, { size: 'middle', selectable: false });
    const table = screen.getByRole('table');
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    // The title takes what the others leave; the count and the date keep their widths.
    expect(widths).toEqual(['', `${layout.columns[1]?.width}px`, `${layout.columns[2]?.width}px`]);
    expect(table.style.tableLayout).toBe('fixed');
    expect(table.style.width).toBe(`${layout.scrollX}px`);
    expect(table.style.minWidth).toBe('100%');
    // Each heading carries its column's minimum, for the browser journey to check on screen.
    expect(screen.getByRole('columnheader', { name: /名称/ }).getAttribute('data-min-width')).toBe(
      String(layout.columns[0]?.minWidth),
    );
    expect(screen.getByRole('columnheader', { name: '文件数' }).getAttribute('data-min-width')).toBe(
      String(layout.columns[1]?.width),
    );
  });
});

describe('DataTable measured room', () => {
  const wideColumns: DataTableColumn<Folder, FolderQuery>[] = [
    { title: '名称', dataIndex: 'name', kind: 'title' },
    { title: '模特', dataIndex: 'model_name', kind: 'text' },
    { title: '文件数', dataIndex: 'file_count', kind: 'count' },
  ];
  /** A ResizeObserver that reports a fixed width at once (jsdom lays nothing out). */
  const reportWidth = (width: number) =>
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    };

  afterEach(() => vi.unstubAllGlobals());

  it('shares the room the table has beyond its minimum between its growing columns', async () => {
    const { scrollX } = layoutColumns(wideColumns, { size: 'middle', selectable: false });
    vi.stubGlobal('ResizeObserver', reportWidth(scrollX + 200));
    renderTable('', undefined, false, wideColumns);
    await screen.findByText('资源夹 1');
    const measured = layoutColumns(wideColumns, {
      size: 'middle',
      selectable: false,
      available: scrollX + 200,
    });
    const widths = [...screen.getByRole('table').querySelectorAll('colgroup col')].map(
      (col) => (col as HTMLElement).style.width,
    );
    // The second growing column takes its share; the title, left to antd, the rest.
    expect(widths).toEqual(['', `${measured.columns[1]?.width}px`, `${measured.columns[2]?.width}px`]);
    expect(measured.columns[1]?.width).toBeGreaterThan(measured.columns[1]?.minWidth ?? 0);
  });
});

describe('DataTable pinned columns', () => {
  const withActions: DataTableColumn<Folder, FolderQuery>[] = [
    { title: '编号', dataIndex: 'id', kind: 'count' },
    { title: '名称', dataIndex: 'name', kind: 'title' },
    { title: '文件数', dataIndex: 'file_count', kind: 'count' },
    { title: '操作', key: 'actions', kind: 'actions', width: 72, render: () => <a href="#edit">编辑</a> },
  ];
  const pinOf = (cell: Element) =>
    cell.classList.contains('ant-table-cell-fix-start')
      ? 'start'
      : cell.classList.contains('ant-table-cell-fix-end')
        ? 'end'
        : null;

  it('keeps the title, the columns before it and the actions in place while the middle scrolls', async () => {
    renderTable('', undefined, false, withActions);
    await screen.findByText('资源夹 1');
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map(pinOf)).toEqual(['start', 'start', null, 'end']);
    const row = screen.getByText('资源夹 1').closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map(pinOf)).toEqual(['start', 'start', null, 'end']);
    // The actions column is named for the journey, which checks it stays on screen.
    expect(headings.map((th) => th.getAttribute('data-kind'))).toEqual([
      'count',
      'title',
      'count',
      'actions',
    ]);
  });

  it('pins the selection column with the title', async () => {
    renderTable('', [{ key: 'share', label: '分享', onRun: vi.fn() }]);
    await screen.findByText('资源夹 1');
    const [selection, title, count] = screen.getAllByRole('columnheader');
    expect(selection?.classList.contains('ant-table-selection-column')).toBe(true);
    expect([selection, title, count].map((cell) => cell && pinOf(cell))).toEqual(['start', 'start', null]);
  });
});

describe('DataTable selection', () => {
  it('has no checkboxes without bulk actions', async () => {
    renderTable();
    await screen.findByText('资源夹 1');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows 已选 N 项 with the actions, runs one on the selected keys, then clears', async () => {
    let finish = () => {};
    const onRun = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderTable('', [{ key: 'archive', label: '归档', onRun }]);
    await screen.findByText('资源夹 1');
    expect(screen.queryByTestId('list-selection-bar')).toBeNull();

    fireEvent.click(rowCheckbox('资源夹 1'));
    fireEvent.click(rowCheckbox('资源夹 2'));
    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 2 项');

    fireEvent.click(within(bar).getByRole('button', { name: '归档' }));
    expect(onRun).toHaveBeenCalledWith([1, 2], [folder(1), folder(2)]);
    finish();
    await waitFor(() => expect(screen.queryByTestId('list-selection-bar')).toBeNull());
  });

  it('keeps the selection when the action fails', async () => {
    const onRun = vi.fn(() => Promise.reject(new Error('失败')));
    renderTable('', [{ key: 'archive', label: '归档', onRun }]);
    await screen.findByText('资源夹 1');
    fireEvent.click(rowCheckbox('资源夹 1'));
    fireEvent.click(within(screen.getByTestId('list-selection-bar')).getByRole('button', { name: '归档' }));
    await waitFor(() => expect(onRun).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByTestId('list-selection-bar').textContent).toContain('已选 1 项');
  });

  it('取消选择 empties the selection', async () => {
    renderTable('', [{ key: 'archive', label: '归档', onRun: vi.fn() }]);
    await screen.findByText('资源夹 1');
    fireEvent.click(rowCheckbox('资源夹 1'));
    fireEvent.click(screen.getByRole('button', { name: '取消选择' }));
    expect(screen.queryByTestId('list-selection-bar')).toBeNull();
    expect((rowCheckbox('资源夹 1') as HTMLInputElement).checked).toBe(false);
  });

  it('forgets the selection when the page changes', async () => {
    fetchPage.mockImplementation(async (query) => pageOf([folder(query.page * 10 + 1)], 45, query.page));
    renderTable('', [{ key: 'archive', label: '归档', onRun: vi.fn() }]);
    await screen.findByText('资源夹 11');
    fireEvent.click(rowCheckbox('资源夹 11'));
    expect(screen.getByTestId('list-selection-bar')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));

    expect(await screen.findByText('资源夹 21')).toBeTruthy();
    expect(screen.queryByTestId('list-selection-bar')).toBeNull();
  });

  it('keeps a kept selection across pages and a new search, shows it in 查看已选, and runs on all of it', async () => {
    fetchPage.mockImplementation(async (query) =>
      query.keyword ? pageOf([folder(99)], 1) : pageOf([folder(query.page * 10 + 1)], 45, query.page),
    );
    const onRun = vi.fn();
    const { address } = renderTable('', [{ key: 'archive', label: '归档', onRun }], true);
    await screen.findByText('资源夹 11');
    fireEvent.click(rowCheckbox('资源夹 11'));

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('资源夹 21');
    fireEvent.click(rowCheckbox('资源夹 21'));
    expect(screen.getByTestId('list-selection-bar').textContent).toContain('已选 2 项');

    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(address()).toContain('keyword='));
    await screen.findByText('资源夹 99');
    fireEvent.click(rowCheckbox('资源夹 99'));
    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 3 项');

    // 查看已选 lists every selected row, wherever it was found; 移除 takes one out.
    fireEvent.click(within(bar).getByRole('button', { name: '查看已选' }));
    const review = await screen.findByTestId('list-selection-review');
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['资源夹 11', '资源夹 21', '资源夹 99']);
    fireEvent.click(within(screen.getByTestId('list-selected-21')).getByRole('button', { name: '移除' }));
    await waitFor(() => expect(within(review).queryByTestId('list-selected-21')).toBeNull());
    expect(bar.textContent).toContain('已选 2 项');

    fireEvent.click(within(bar).getByRole('button', { name: '归档' }));
    expect(onRun).toHaveBeenCalledWith([11, 99], [folder(11), folder(99)]);
    // A plain action clears the selection once it has run.
    await waitFor(() => expect(screen.queryByTestId('list-selection-bar')).toBeNull());
  });
});
