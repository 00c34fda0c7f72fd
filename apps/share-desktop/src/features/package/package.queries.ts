/**
 * Every call of a shared package (docs/product.md "Packages and share pages"): the package with this
 * device's picks, a model's page, and the pick itself. Pages use these hooks and nothing else.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callPublic, PublicCallError } from '@trackit/client/share/public-client';
import { visitorId } from '@trackit/client/share/visitor';
import { endpoints } from '@trackit/contract/endpoints';
import { MESSAGES } from '@trackit/contract/messages';
import type { PublicPackage, PublicPick } from '@trackit/contract/share.schema';
import { App } from 'antd';
import { useCallback } from 'react';
import { SHARE_FRESHNESS } from '../../share-freshness';

export const packageKeys = {
  all: ['share-package'] as const,
  package: (shareId: string) => [...packageKeys.all, shareId] as const,
  model: (shareId: string, modelId: number) => [...packageKeys.all, shareId, 'model', modelId] as const,
};

const packageQuery = (shareId: string) =>
  queryOptions({
    queryKey: packageKeys.package(shareId),
    queryFn: ({ signal }) =>
      callPublic(
        endpoints.share.package,
        { params: { share_id: shareId }, query: { visitor_id: visitorId() } },
        { signal },
      ),
    ...SHARE_FRESHNESS,
  });

const modelQuery = (shareId: string, modelId: number) =>
  queryOptions({
    queryKey: packageKeys.model(shareId, modelId),
    queryFn: ({ signal }) =>
      callPublic(
        endpoints.share.packageModel,
        { params: { share_id: shareId, model_id: modelId } },
        { signal },
      ),
    ...SHARE_FRESHNESS,
  });

/** The package, with the hearts this device gave. */
export const usePackage = (shareId: string) => useQuery(packageQuery(shareId));

/** One model of the package: facts, photos, videos and documents. */
export const usePackageModel = (shareId: string, modelId: number) => useQuery(modelQuery(shareId, modelId));

/** Loads a model's page ahead (on hovering its card, or its neighbours), so opening it shows at once. */
export function usePrefetchModel(shareId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (modelId: number) => {
      void queryClient.prefetchQuery(modelQuery(shareId, modelId));
    },
    [queryClient, shareId],
  );
}

/** This device's pick of a model (not picked, no comment, when it has none). */
export const pickOf = (picks: readonly PublicPick[] | undefined, modelId: number): PublicPick =>
  picks?.find((pick) => pick.model_id === modelId) ?? { model_id: modelId, picked: false, comment: '' };

const withPick = (data: PublicPackage, pick: PublicPick): PublicPackage => ({
  ...data,
  picks: [...data.picks.filter((item) => item.model_id !== pick.model_id), pick],
});

export interface PickInput extends PublicPick {
  /** The client's name as they gave it (may be empty). */
  name: string;
}

/**
 * Sends a heart and/or comment. The package's picks change at once and go back, with the server's
 * message, if the call fails. Picks of one package are sent one after another, so a quick second click
 * cannot overtake the first.
 */
export function usePickModel(shareId: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  // The typed key of the package's query, so the cache edits below know its data.
  const key = packageQuery(shareId).queryKey;
  return useMutation({
    scope: { id: `share-pick-${shareId}` },
    mutationFn: ({ model_id, picked, comment, name }: PickInput) =>
      callPublic(endpoints.share.pick, {
        params: { share_id: shareId },
        body: { model_id, picked, comment, name, visitor_id: visitorId() },
      }),
    onMutate: async ({ model_id, picked, comment }) => {
      // A refetch on its way would put the old hearts back; the first load (nothing shown yet) goes on.
      if (queryClient.getQueryData(key)) await queryClient.cancelQueries({ queryKey: key });
      const previous = pickOf(queryClient.getQueryData(key)?.picks, model_id);
      queryClient.setQueryData(key, (data) => (data ? withPick(data, { model_id, picked, comment }) : data));
      return { previous };
    },
    onSuccess: (pick) => {
      queryClient.setQueryData(key, (data) => (data ? withPick(data, pick) : data));
    },
    onError: (error, _input, context) => {
      if (context) queryClient.setQueryData(key, (data) => (data ? withPick(data, context.previous) : data));
      message.error(error instanceof PublicCallError ? error.message : MESSAGES.systemError);
    },
  });
}
