/**
 * Every call of the folder pages: the team's folders, one folder, its files (by position then name, loaded 100
 * at a time), the models to pick from, and the changes (create, rename, order, move, delete, cover); and what
 * each does to the cache. Uploading into a folder goes through the app's upload queue.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { Page } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import { PAGINATION } from '@trackit/contract/envelope';
import type { FolderCreate, FolderQuery, FolderUpdate } from '@trackit/contract/folder.schema';
import type { ModelQuery } from '@trackit/contract/model.schema';
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
  /** Whether it can be deleted (no files): refreshed with everything under ['folders']. */
  deletion: (id: number) => ['folders', 'deletion', id] as const,
};

/** A model's folders keep it from being deleted: the model page asks again (model.queries.ts). */
const MODEL_DELETIONS = ['models', 'deletion'] as const;

/** The team's folders: a name search, an order, a page (`FolderQuery`). */
export const folderListQuery = pagedListQuery(folderKeys.lists, endpoints.folder.list);

/** A model's folders, oldest first (its book usually comes first), at most 100. */
export const modelFoldersQuery = (modelId: number) =>
  folderListQuery({ model_id: modelId, sort: 'created_at', page: 1, per_page: PAGINATION.maxPerPage });

/** One folder; the page shows a missing one itself, so no toast. */
export const folderQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.folder.get, { params: { id } }, { signal, hideToast: true }),
  });

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

/** The models a folder can belong to, searched by name (20 at a time), for the pickers. */
export const folderModelOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['folder-models', 'options', keyword] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.model.list,
        { query: { page: 1, per_page: 20, ...(keyword ? { keyword } : {}) } satisfies ModelQuery },
        { signal },
      ),
  });

/** One model, to name a model filter from the address before any search. */
export const folderModelQuery = (id: number) =>
  queryOptions({
    queryKey: ['folder-models', 'detail', id] as const,
    queryFn: ({ signal }) => api.call(endpoints.model.get, { params: { id } }, { signal, hideToast: true }),
  });

/** The other folders of the same model (where files may move), at most 100. */
export const siblingFoldersQuery = (folder: { id: number; model_id: number | null }) =>
  queryOptions({
    queryKey: [...folderKeys.lists, 'siblings', folder.model_id ?? 0] as const,
    queryFn: ({ signal }) =>
      api.call(
        endpoints.folder.list,
        {
          query: {
            page: 1,
            per_page: PAGINATION.maxPerPage,
            sort: 'name',
            ...(folder.model_id ? { model_id: folder.model_id } : {}),
          } satisfies FolderQuery,
        },
        { signal },
      ),
    select: (page) =>
      page.data.filter((other) => other.id !== folder.id && other.model_id === folder.model_id),
  });

/** Renames a folder or changes its kind; the answer replaces the cached folder. */
export function useUpdateFolder(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FolderUpdate) =>
      api.call(endpoints.folder.update, { params: { id: folderId }, body: values }),
    onSuccess: (folder) => {
      queryClient.setQueryData(folderKeys.detail(folder.id), folder);
      void queryClient.invalidateQueries({ queryKey: folderKeys.lists });
    },
  });
}

/** The cached files of a folder in the order of `fileIds` (a drag shows its result at once). */
export const reorderPages = (
  data: InfiniteData<Page<FileItem>> | undefined,
  fileIds: readonly number[],
): InfiniteData<Page<FileItem>> | undefined => {
  if (!data) return data;
  const byId = new Map(data.pages.flatMap((page) => page.data).map((file) => [file.id, file]));
  const ordered = fileIds.map((id) => byId.get(id)).filter((file): file is FileItem => Boolean(file));
  let start = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const slice = ordered.slice(start, start + page.data.length);
      start += page.data.length;
      return { ...page, data: slice };
    }),
  };
};

/** Puts every file of the folder in the given order; shown at once, put back if the server refuses. */
export function useOrderFiles(folderId: number) {
  const queryClient = useQueryClient();
  const key = folderKeys.files(folderId);
  return useMutation({
    mutationFn: (fileIds: number[]) =>
      api.call(endpoints.folder.orderFiles, { params: { id: folderId }, body: { file_ids: fileIds } }),
    onMutate: async (fileIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InfiniteData<Page<FileItem>>>(key);
      queryClient.setQueryData<InfiniteData<Page<FileItem>>>(key, (data) => reorderPages(data, fileIds));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}

/** Moves files to another folder of the same model; both folders and the lists refresh. */
export function useMoveFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fileIds: number[]; folderId: number }) =>
      api.call(endpoints.folder.moveFiles, { body: { file_ids: input.fileIds, folder_id: input.folderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}

/** Deletes a file; the folder, its files and the lists refresh (a model whose cover it was too). */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => api.call(endpoints.folder.deleteFile, { params: { id: fileId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: folderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['models'] });
    },
  });
}

/** Makes a picture the cover of the folder's model, through the model's own update. */
export function useSetModelCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { modelId: number; fileId: number }) =>
      api.call(endpoints.model.update, {
        params: { id: input.modelId },
        body: { cover_file_id: input.fileId },
      }),
    // The model pages keep their queries under ['models'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['models'] }),
  });
}

/** Creates a folder; resolves it, already in the cache, so the page can open it at once. */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FolderCreate) => api.call(endpoints.folder.create, { body: values }),
    onSuccess: (folder) => {
      queryClient.setQueryData(folderKeys.detail(folder.id), folder);
      void queryClient.invalidateQueries({ queryKey: folderKeys.lists });
      if (folder.model_id) void queryClient.invalidateQueries({ queryKey: MODEL_DELETIONS });
    },
  });
}

/** Whether the folder can be deleted now (it holds no file), and why not; asked for managers only. */
export const folderDeletionQuery = (id: number) =>
  queryOptions({
    queryKey: folderKeys.deletion(id),
    queryFn: ({ signal }) => api.call(endpoints.folder.deletion, { params: { id } }, { signal }),
  });

/** Deletes an empty folder; the lists refresh, and so does its model's 删除 (the page leaves). */
export function useDeleteFolder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.folder.delete, { params: { id } }),
    // The lists and the model's deletion, not the folder's own queries: the page still open on it would
    // ask for them again and find it gone.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: folderKeys.lists });
      void queryClient.invalidateQueries({ queryKey: MODEL_DELETIONS });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: folderKeys.deletion(id) }),
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
