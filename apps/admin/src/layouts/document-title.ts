import { PRODUCT_NAME_ZH } from '@trackit/contract/messages';
import { useEffect } from 'react';

/** The tab's title when no team is chosen: the login page, the status page, a signed-out 404 (index.html too). */
export const DEFAULT_DOCUMENT_TITLE = PRODUCT_NAME_ZH;

/**
 * The browser tab's title in the signed-in shell (docs/product.md §2): the team's name, or the product's
 * Chinese name until it is known; the product's name again when the shell goes (signing out).
 */
export function useDocumentTitle(teamName: string | undefined): void {
  useEffect(() => {
    document.title = teamName || DEFAULT_DOCUMENT_TITLE;
  }, [teamName]);
  useEffect(
    () => () => {
      document.title = DEFAULT_DOCUMENT_TITLE;
    },
    [],
  );
}
