import type { Page } from '@trackit/client/api-client';
import type { FileItem } from '@trackit/contract/upload.schema';
import { describe, expect, it, vi } from 'vitest';
import { folderFilesQuery, hasPendingThumbnails, parseFolderId, readListPage } from './folder.queries';

vi.mock('../../api', () => ({ api: {} }));

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

describe('parseFolderId', () => {
  it('takes positive whole numbers only', () => {
    expect(parseFolderId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '12x'])
      expect(parseFolderId(bad)).toBeUndefined();
  });
});

describe('readListPage', () => {
  it('reads ?page, defaulting to 1', () => {
    expect(readListPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readListPage(new URLSearchParams('page=x'))).toBe(1);
    expect(readListPage(new URLSearchParams())).toBe(1);
  });
});

describe('folderFilesQuery', () => {
  const options = folderFilesQuery(7);

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
