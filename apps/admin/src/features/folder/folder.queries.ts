/**
 * Every call of the folder pages: the team's folders, one folder, its files (oldest first, loaded 100
 * at a time) and creating a folder. Uploading into a folder goes through the app's upload queue.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
} from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { PAGINATION } from '@trackit/contract/envelope';
import type { Folder, FolderCreate } from '@trackit/contract/folder.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { api } from '../../api';

export const FOLDER_PAGE_SIZE = PAGINATION.defaultPerPage;
/** The server's largest page: a folder of photos is browsed by the hundred. */
export const FILE_PAGE_SIZE = PAGINATION.maxPerPage;

/** Thumbnails being made: ask again this often until they are all done. */
export const THUMBNAIL_POLL_MS = 2000;
/** File addresses are signed for an hour: fetch fresh ones well before they expire. */
export const FILE_URL_REFRESH_MS = 30 * 60 * 1000;

/** Query keys, all under `['folders']`: invalidating that prefix refreshes lists, folders and files. */
export const folderKeys = {
  all: ['folders'] as const,
  list: (page: number) => ['folders', 'list', page] as const,
  detail: (id: number) => ['folders', 'detail', id] as const,
  files: (id: number) => ['folders', 'files', id] as const,
};

/** The page of the list the address asks for (`?page=2`); 1 when absent or malformed. */
export const readListPage = (search: URLSearchParams): number => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** A folder id from the route; undefined when the segment is not a positive integer. */
export const parseFolderId = (value: string | undefined): number | undefined => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export const folderListQuery = (page: number) =>
  queryOptions({
    queryKey: folderKeys.list(page),
    queryFn: ({ signal }) =>
      api.getPage<Folder>('/v1/folders', { page, per_page: FOLDER_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

/** One folder; the page shows a missing one itself, so no toast. */
export const folderQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Folder>(`/v1/folders/${id}`, undefined, { signal, hideToast: true }),
  });

export const hasPendingThumbnails = (data: InfiniteData<Page<FileItem>> | undefined): boolean =>
  data?.pages.some((page) => page.data.some((file) => file.thumbnail_state === 'pending')) ?? false;

/** The folder's files, 100 a page, refreshed every 2 s while a thumbnail is still being made. */
export const folderFilesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: folderKeys.files(id),
    queryFn: ({ pageParam, signal }) =>
      api.getPage<FileItem>(
        `/v1/folders/${id}/files`,
        { page: pageParam, per_page: FILE_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Page<FileItem>) =>
      last.page * last.perPage < last.total ? last.page + 1 : undefined,
    refetchInterval: (query) =>
      hasPendingThumbnails(query.state.data) ? THUMBNAIL_POLL_MS : FILE_URL_REFRESH_MS,
  });

/** Creates a folder; resolves it (the page then opens it). */
export const createFolder = (values: FolderCreate): Promise<Folder> =>
  api.post<Folder>('/v1/folders', values);
