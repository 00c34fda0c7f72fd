import { trackShareView } from '@trackit/client/share/view-tracker';
import type { ShareViewPage } from '@trackit/contract/share';
import { useEffect } from 'react';

/**
 * Records the open of a page and how long it stays visible (view-tracker.ts), once its data has come:
 * a wrong link is not a view.
 */
export function useShareView(ready: boolean, shareId: string, page: ShareViewPage, modelId?: number): void {
  useEffect(
    () => (ready ? trackShareView({ shareId, page, modelId: modelId ?? null, app: 'h5' }) : undefined),
    [ready, shareId, page, modelId],
  );
}

/** The title WeChat shows in its top bar (and the tab's title elsewhere). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
