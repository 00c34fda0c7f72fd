/**
 * Every call of the folder pages: the team's folders, one folder, its files (by position then name, loaded 100
 * at a time) and creating a folder; and what each does to the cache. Uploading into a folder goes
 * through the app's upload queue.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { isApiError, type Page } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import { PAGINATION } from '@trackit/contract/envelope';
import type { FolderCreate } from '@trackit/contract/folder.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { useEffect, useRef } from 'react';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { useUploadedCount } from '../../uploads';

/** The server's largest page: a folder of photos is browsed by the hundred. */
export const FILE_PAGE_SIZE = PAGINATION.maxPerPage;

/** Thumbnails being made: ask again this often until they are all done. */
export const THUMBNAIL_POLL_MS = 2000;
/** File addresses are signed for an hour: fetch fresh ones well before they expire. */
export const FILE_URL_REFRESH_MS = 30 * 60 * 1000;
/** At most one refresh of a folder a second while a batch of uploads lands. */
export const UPLOAD_REFRESH_THROTTLE_MS = 1000;

/** Query keys, all under `['folders']`: invalidating that prefix refreshes lists, folders and files. */
export const folderKeys = {
  all: ['folders'] as const,
  lists: ['folders', 'list'] as const,
  detail: (id: number) => ['folders', 'detail', id] as const,
  files: (id: number) => ['folders', 'files', id] as const,
};

/** A folder id from the route; undefined when the segment is not a positive integer. */
export const parseFolderId = (value: string | undefined): number | undefined => {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The team's folders: a name search, an order, a page (`FolderQuery`). */
export const folderListQuery = pagedListQuery(folderKeys.lists, endpoints.folder.list);

/** One folder; the page shows a missing one itself, so no toast. */
export const folderQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.folder.get, { params: { id } }, { signal, hideToast: true }),
  });

/** The folder is not there (or is another team's): the server answered 404 (资源夹不存在). */
export const isFolderMissing = (error: unknown): boolean => isApiError(error) && error.status === 404;

export const hasPendingThumbnails = (data: InfiniteData<Page<FileItem>> | undefined): boolean =>
  data?.pages.some((page) => page.data.some((file) => file.thumbnail_state === 'pending')) ?? false;

/** The folder's files, 100 a page, refreshed every 2 s while a thumbnail is still being made. */
export const folderFilesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: folderKeys.files(id),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        endpoints.folder.files,
        { params: { id }, query: { page: pageParam, per_page: FILE_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: Page<FileItem>) =>
      last.page * last.perPage < last.total ? last.page + 1 : undefined,
    refetchInterval: (query) =>
      hasPendingThumbnails(query.state.data) ? THUMBNAIL_POLL_MS : FILE_URL_REFRESH_MS,
  });

/** Creates a folder; resolves it, already in the cache, so the page can open it at once. */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FolderCreate) => api.call(endpoints.folder.create, { body: values }),
    onSuccess: (folder) => {
      queryClient.setQueryData(folderKeys.detail(folder.id), folder);
      void queryClient.invalidateQueries({ queryKey: folderKeys.lists });
    },
  });
}

/** Refreshes a folder (its count) and its files as uploads into it succeed, at most once a second. */
export function useRefreshOnUploads(folderId: number) {
  const queryClient = useQueryClient();
  const succeeded = useUploadedCount(folderId);
  const lastRun = useRef(0);

  useEffect(() => {
    if (succeeded === 0) return;
    const wait = Math.max(0, lastRun.current + UPLOAD_REFRESH_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastRun.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: folderKeys.all });
    }, wait);
    return () => clearTimeout(timer);
  }, [succeeded, queryClient]);
}
