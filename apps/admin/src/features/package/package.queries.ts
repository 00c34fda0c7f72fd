/**
 * Every call of the package pages: the team's packages, one package, what its client did with it,
 * creating, changing (expiry too) and revoking one; a folder's share link; and what each does to the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Package, PackageCreate, PackageUpdate } from '@trackit/contract/package.schema';
import { useCallback } from 'react';
import { api } from '../../api';
import { pagedListQuery } from '../../components/list/list-query';
import { folderKeys } from '../folder/folder.queries';
import { modelQuery } from '../model/model.queries';

/** Query keys, all under `['packages']`. */
export const packageKeys = {
  all: ['packages'] as const,
  lists: ['packages', 'list'] as const,
  detail: (id: number) => ['packages', 'detail', id] as const,
  activity: (id: number) => ['packages', 'activity', id] as const,
};

/** While the activity is on screen, what the client does shows up within this long. */
export const ACTIVITY_REFRESH_MS = 30_000;

/** The team's packages: title keyword, status, company, creator, model and a page (`PackageQuery`). */
export const packageListQuery = pagedListQuery(packageKeys.lists, endpoints.package.list);

/** One package; the drawer shows a missing one itself, so no toast. */
export const packageQuery = (id: number) =>
  queryOptions({
    queryKey: packageKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.package.get, { params: { id } }, { signal, hideToast: true }),
  });

/** What the client did: opens, visitors, picks and comments; refreshed while shown. */
export const packageActivityQuery = (id: number) =>
  queryOptions({
    queryKey: packageKeys.activity(id),
    queryFn: ({ signal }) =>
      api.call(endpoints.package.activity, { params: { id } }, { signal, hideToast: true }),
    refetchInterval: ACTIVITY_REFRESH_MS,
  });

/** A changed package: cached as answered, and every list (counts, status, expiry) asked again. */
const storePackage = (queryClient: ReturnType<typeof useQueryClient>, pkg: Package) => {
  queryClient.setQueryData(packageKeys.detail(pkg.id), pkg);
  void queryClient.invalidateQueries({ queryKey: packageKeys.lists });
};

/** Creates a package; resolves it with its links, already in the cache. */
export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PackageCreate) => api.call(endpoints.package.create, { body: values }),
    onSuccess: (pkg) => storePackage(queryClient, pkg),
  });
}

/** Changes a package (fields, models, or only its expiry); the id is given per call, for a whole list. */
export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: PackageUpdate }) =>
      api.call(endpoints.package.update, { params: { id }, body: values }),
    onSuccess: (pkg) => storePackage(queryClient, pkg),
  });
}

/** Revokes a package: its links stop working at once, for good. */
export function useRevokePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(endpoints.package.revoke, { params: { id } }),
    onSuccess: (pkg) => storePackage(queryClient, pkg),
  });
}

/** One model by id, from the cache when a page has it (a model added to a package in the editor). */
export function useFetchModel() {
  const queryClient = useQueryClient();
  return useCallback((id: number) => queryClient.fetchQuery(modelQuery(id)), [queryClient]);
}

// --- A folder's share link ----------------------------------------------------------------------------------

/** The cached folder with its share link as it now is; the folder lists are asked again. */
const storeFolderShare = (
  queryClient: ReturnType<typeof useQueryClient>,
  folderId: number,
  share: Folder['share'],
) => {
  queryClient.setQueryData<Folder>(folderKeys.detail(folderId), (folder) => folder && { ...folder, share });
  void queryClient.invalidateQueries({ queryKey: folderKeys.lists });
};

/** Shares a folder: answers its link (the existing one when it is shared already). */
export function useShareFolder(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.folder.share, { params: { id: folderId } }),
    onSuccess: (share) => storeFolderShare(queryClient, folderId, share),
  });
}

/** Stops sharing a folder: the link stops working; sharing again makes a new one. */
export function useRevokeFolderShare(folderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(endpoints.folder.revokeShare, { params: { id: folderId } }),
    onSuccess: () => storeFolderShare(queryClient, folderId, null),
  });
}
