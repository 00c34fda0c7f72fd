import { trackShareView } from '@trackit/client/share/view-tracker';
import type { ShareViewPage } from '@trackit/contract/share';
import { useEffect } from 'react';

/**
 * Records the open of a package or model page and how long it stays visible, once the page has
 * something to show (a link that answers 404 records nothing). Leaving the page, or moving to the next
 * model, ends the view.
 */
export function useShareView(shareId: string, page: ShareViewPage, modelId: number | null, shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    return trackShareView({ shareId, page, modelId, app: 'web' });
  }, [shareId, page, modelId, shown]);
}
