/** The call of a folder shared alone (docs/product.md "Packages and share pages"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callPublic } from '@trackit/client/share/public-client';
import { endpoints } from '@trackit/contract/endpoints';
import { SHARE_FRESHNESS } from '../../share-freshness';

export const folderKeys = {
  folder: (shareId: string) => ['share-folder', shareId] as const,
};

const folderQuery = (shareId: string) =>
  queryOptions({
    queryKey: folderKeys.folder(shareId),
    queryFn: ({ signal }) =>
      callPublic(endpoints.share.folder, { params: { share_id: shareId } }, { signal }),
    ...SHARE_FRESHNESS,
  });

export const useSharedFolder = (shareId: string) => useQuery(folderQuery(shareId));
