// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Folder } from '@trackit/contract/folder.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { LevelsLoaded } from '../../testing/levels-loaded';
import { renderPage as renderPageAt } from '../../testing/render-page';
import { folderKeys } from './folder.queries';
import { FolderListPage } from './folder-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));
vi.mock('../../uploads', () => ({ useUploadedCount: () => 0 }));

const folder = (id: number, name: string): Folder => ({
  id,
  name,
  kind: 'other',
  model_id: null,
  model_name: null,
  file_count: 3,
  previews: [],
  share: null,
  created_at: '2025-01-01T08:00:00Z',
  updated_at: '2025-01-02T08:00:00Z',
});

let folders: Folder[] = [];

/** The page's calls, for a member holding 信息管理 at `level`. */
const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    permissionsAnswer({ data_management: level }),
    answer(endpoints.folder.list, ({ query }) => {
      const data = folders.filter((item) => !query?.keyword || item.name.includes(query.keyword));
      return { data, page: query?.page ?? 1, perPage: 20, total: data.length };
    }),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    // Only what the model picker reads of a model.
    answer(endpoints.model.get, ({ params }) => ({ id: params.id, name: '刘晓阳' }) as never),
    answer(endpoints.folder.create, ({ body }) => {
      const created = folder(9, body.name);
      folders = [created, ...folders];
      return created;
    }),
  );

beforeEach(() => {
  folders = [folder(1, '2025 春夏画册'), folder(2, '宝丽来')];
  answerAs('edit');
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = (path = '/information/folder') =>
  renderPageAt(
    <>
      <FolderListPage />
      <LevelsLoaded />
    </>,
    '/information/folder',
    path,
  );

describe('FolderListPage', () => {
  it("asks for the address's search, order and page, 20 a page", async () => {
    renderPage('/information/folder?keyword=春&sort=-updated_at&page=2');
    await screen.findByTestId('folder-list');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(
        endpoints.folder.list,
        { query: { keyword: '春', sort: '-updated_at', page: 2, per_page: 20 } },
        { signal: expect.any(AbortSignal) },
      ),
    );
  });

  it('lists the folders with their count in the title', async () => {
    renderPage();
    const row = await screen.findByTestId('folder-row-1');
    expect(row.textContent).toContain('2025 春夏画册');
    expect(screen.getByText('共 2 个资源夹')).toBeTruthy();
  });

  it('searches by name once typing pauses', async () => {
    const { where } = renderPage();
    await screen.findByTestId('folder-row-2');
    fireEvent.change(screen.getByTestId('folder-search'), { target: { value: '宝丽' } });

    await waitFor(() => expect(where()).toBe('/information/folder?keyword=宝丽'));
    await waitFor(() => expect(screen.queryByTestId('folder-row-1')).toBeNull());
    expect(screen.getByTestId('folder-row-2')).toBeTruthy();
    expect(callsTo(api, endpoints.folder.list).at(-1)?.[0]).toEqual({
      query: { keyword: '宝丽', page: 1, per_page: 20 },
    });
  });

  it('offers 清除筛选 when no folder matches', async () => {
    const { where } = renderPage('/information/folder?keyword=没有');
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('没有符合条件的资源夹');
    fireEvent.click(within(empty).getByRole('button', { name: '清除筛选' }));
    expect(await screen.findByTestId('folder-row-1')).toBeTruthy();
    expect(where()).toBe('/information/folder');
    expect((screen.getByTestId('folder-search') as HTMLInputElement).value).toBe('');
  });

  it('sorts by name, creation and update time through the address', async () => {
    const { where } = renderPage();
    await screen.findByTestId('folder-row-1');
    fireEvent.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    // Dates start newest first.
    await waitFor(() => expect(where()).toBe('/information/folder?sort=-created_at'));
    fireEvent.click(screen.getByRole('columnheader', { name: /名称/ }));
    await waitFor(() => expect(where()).toBe('/information/folder?sort=name'));
    expect(screen.getByRole('columnheader', { name: /更新时间/ }).className).toContain(
      'ant-table-column-has-sorters',
    );
    expect(screen.getByRole('columnheader', { name: /文件数/ }).className).not.toContain(
      'ant-table-column-has-sorters',
    );
  });

  it('creates a folder, says 创建成功 and opens it, with the folder already cached', async () => {
    const { queryClient, where } = renderPage();
    await screen.findByTestId('folder-row-1');
    fireEvent.click(await screen.findByTestId('folder-create'));
    fireEvent.change(await screen.findByTestId('folder-name-input'), { target: { value: '  试镜照片  ' } });
    fireEvent.click(screen.getByTestId('folder-create-submit'));

    expect(await screen.findByText('创建成功')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(endpoints.folder.create, {
      body: { name: '试镜照片', kind: 'other' },
    });
    await waitFor(() => expect(where()).toBe('/information/folder/9'));
    expect(queryClient.getQueryData(folderKeys.detail(9))).toMatchObject({ id: 9, name: '试镜照片' });
  });

  it('offers no 新建资源夹 to a member who may only read', async () => {
    answerAs('read');
    renderPage();
    await screen.findByTestId('folder-row-1');
    await screen.findByTestId('levels-loaded');
    expect(screen.queryByTestId('folder-create')).toBeNull();
    expect(screen.queryByText('新建资源夹')).toBeNull();
  });

  it('shows each folder’s kind, model and first thumbnails', async () => {
    folders = [
      {
        ...folder(5, '刘晓阳 画册'),
        kind: 'book',
        model_id: 7,
        model_name: '刘晓阳',
        previews: [
          { id: 1, kind: 'image', thumb_url: '/t1.webp' },
          { id: 2, kind: 'video', thumb_url: null },
        ],
      },
    ];
    renderPage();
    const row = await screen.findByTestId('folder-row-5');
    expect(within(row).getByTestId('folder-kind').textContent).toBe('画册');
    expect(within(row).getByRole('link', { name: '刘晓阳' }).getAttribute('href')).toBe(
      '/information/model/7',
    );
    const previews = within(row).getByTestId('folder-previews-5');
    expect(within(previews).getAllByTestId('folder-preview')).toHaveLength(2);
    expect(previews.querySelector('img')?.getAttribute('src')).toBe('/t1.webp');
  });

  it('filters by kind and model through the address', async () => {
    renderPage('/information/folder?kind=polaroid&model_id=7');
    await screen.findByTestId('folder-list');
    await waitFor(() =>
      expect(callsTo(api, endpoints.folder.list).at(-1)?.[0]).toEqual({
        query: { kind: 'polaroid', model_id: 7, page: 1, per_page: 20 },
      }),
    );
    expect(screen.getByTestId('folder-kind-filter').textContent).toContain('拍立得');
    // The chosen model is named (it is not among the first search results).
    await waitFor(() => expect(screen.getByTestId('folder-model-filter').textContent).toContain('刘晓阳'));
  });
});
