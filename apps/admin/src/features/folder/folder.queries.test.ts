import { QueryClient } from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import {
  folderFilesQuery,
  folderListQuery,
  folderQuery,
  hasPendingThumbnails,
  reorderPages,
} from './folder.queries';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

const file = (id: number, thumbnail_state: FileItem['thumbnail_state']): FileItem => ({
  id,
  folder_id: 1,
  name: `${id}.jpg`,
  content_type: 'image/jpeg',
  byte_size: 1,
  checksum: 'x',
  kind: 'image',
  thumbnail_state,
  url: '/u',
  thumb_url: null,
  preview_url: null,
  created_at: '2025-01-01T00:00:00Z',
});

const page = (data: FileItem[], pageNumber = 1, total = data.length): Page<FileItem> => ({
  data,
  page: pageNumber,
  perPage: 100,
  total,
});

describe('folderListQuery', () => {
  it('is keyed under the folders prefix, so creating a folder refreshes every list', () => {
    expect(folderListQuery({ page: 1, per_page: 20, keyword: '春' }).queryKey).toEqual([
      'folders',
      'list',
      { page: 1, per_page: 20, keyword: '春' },
    ]);
  });
});

describe('folderQuery', () => {
  it('asks for the folder without a toast: the page shows a missing folder itself', async () => {
    vi.mocked(api.call).mockResolvedValue({ id: 12, name: 'a' });
    await new QueryClient().fetchQuery(folderQuery(12));
    expect(api.call).toHaveBeenCalledWith(
      endpoints.folder.get,
      { params: { id: 12 } },
      { signal: expect.any(AbortSignal), hideToast: true },
    );
  });
});

describe('folderFilesQuery', () => {
  const options = folderFilesQuery(7);

  it("asks for the folder's files by the hundred", async () => {
    vi.mocked(api.call).mockResolvedValue(page([]));
    await new QueryClient().fetchInfiniteQuery(options);
    expect(api.call).toHaveBeenCalledWith(
      endpoints.folder.files,
      { params: { id: 7 }, query: { page: 1, per_page: 100 } },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('asks for the next page while files remain', () => {
    const next = options.getNextPageParam as (last: Page<FileItem>) => number | undefined;
    expect(next(page([file(1, 'ready')], 1, 150))).toBe(2);
    expect(next(page([file(1, 'ready')], 2, 150))).toBeUndefined();
  });

  it('polls every 2 s while a thumbnail is being made', () => {
    const pending = { pages: [page([file(1, 'ready')]), page([file(2, 'pending')], 2)], pageParams: [1, 2] };
    const done = { pages: [page([file(1, 'ready'), file(2, 'none')])], pageParams: [1] };
    expect(hasPendingThumbnails(pending)).toBe(true);
    expect(hasPendingThumbnails(done)).toBe(false);
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    expect(interval({ state: { data: pending } })).toBe(2000);
    expect(interval({ state: { data: done } })).toBeGreaterThan(60_000);
  });
});

describe('reorderPages', () => {
  it('lays the cached files out in the new order, keeping each page’s size', () => {
    const page = (files: FileItem[], n: number): Page<FileItem> => ({
      data: files,
      page: n,
      perPage: 2,
      total: 3,
    });
    const data = {
      pages: [page([file(1, 'ready'), file(2, 'ready')], 1), page([file(3, 'ready')], 2)],
      pageParams: [1, 2],
    };
    const next = reorderPages(data, [3, 1, 2]);
    expect(next?.pages.map((p) => p.data.map((f) => f.id))).toEqual([[3, 1], [2]]);
    expect(next?.pageParams).toEqual([1, 2]);
    expect(reorderPages(undefined, [1])).toBeUndefined();
  });
});
