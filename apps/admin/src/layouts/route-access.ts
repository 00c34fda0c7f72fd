/**
 * Whether the member may open an admin page, read from the route table (routes.tsx) exactly as the
 * shell enforces it: every link, button and row that leads to another page asks here first, so no
 * link leads to the 403 page (docs/product.md §2.1).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { matchRoutes } from 'react-router';
import { routes } from '../routes';
import { type PermissionLevels, routeAllows } from './route-handle';
import { myPermissionLevelsQuery } from './shell.queries';

/**
 * Whether a member holding `levels` may open `path` (a router path under /admin such as `/order/12`,
 * with or without a query). A path no page answers (the 404 page) is not worth a link either.
 */
export const canOpenPath = (path: string, levels: PermissionLevels): boolean => {
  const pathname = path.split(/[?#]/, 1)[0] || '/';
  const matches = matchRoutes(routes, pathname);
  if (!matches || matches.at(-1)?.route.path === '*') return false;
  return routeAllows(
    matches.map((match) => ({ handle: match.route.handle })),
    levels,
  );
};

/**
 * `canOpen(path)` for the signed-in member; false for an empty path and while the levels load (a link
 * appears once allowed, never flashes and disappears).
 */
export function useCanOpen(): (path: string | null | undefined) => boolean {
  const levels = useQuery(myPermissionLevelsQuery).data;
  return useCallback((path) => Boolean(path && levels && canOpenPath(path, levels)), [levels]);
}
