/** The calls of a settlement shared with its model (docs/product.md "Model settlements"): read it, its PDF. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callPublic } from '@trackit/client/share/public-client';
import { API_BASE_PATH } from '@trackit/contract/constants';
import { fillPath } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';

const settlementQuery = (shareId: string) =>
  queryOptions({
    queryKey: ['share-settlement', shareId] as const,
    queryFn: ({ signal }) =>
      callPublic(endpoints.settlementPublic.get, { params: { share_id: shareId } }, { signal }),
    // A settlement moves on (approved, paid): read again on coming back to the tab, never on a timer.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

export const useSharedSettlement = (shareId: string) => useQuery(settlementQuery(shareId));

/** The PDF's address (a plain download: the browser saves it with the server's file name). */
export const settlementPdfUrl = (shareId: string) =>
  `${API_BASE_PATH}${fillPath(endpoints.settlementPublic.pdf.path, { share_id: shareId })}`;
