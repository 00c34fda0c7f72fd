import { createContext, type Dispatch, type SetStateAction, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';

/** A page's own title for the path it was set on (stale once the path changes). */
export interface PageTitleOverride {
  pathname: string;
  title: string;
}

export const BreadcrumbTitleContext = createContext<Dispatch<SetStateAction<PageTitleOverride | undefined>>>(
  () => undefined,
);

/**
 * Replaces the last breadcrumb segment and the heading of the current page with the page's own title,
 * e.g. `useBreadcrumbTitle(model?.name)` on information/model/{id}. Nothing changes while the title is
 * empty (still loading); the override ends when the page unmounts or the path changes.
 */
export function useBreadcrumbTitle(title: string | null | undefined): void {
  const setOverride = useContext(BreadcrumbTitleContext);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!title) return;
    const mine: PageTitleOverride = { pathname, title };
    setOverride(mine);
    return () => setOverride((current) => (current === mine ? undefined : current));
  }, [setOverride, pathname, title]);
}
