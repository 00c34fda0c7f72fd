/**
 * What a route of the signed-in layout declares in its `handle` (routes.tsx): the permission key its
 * first path segment is gated by, and the page title shown above it. Children inherit the nearest key.
 */
import type { PermissionKey } from '@trackit/contract/permissions';

export interface AdminRouteHandle {
  /** Needed to open the route (and everything below it); absent: any signed-in member. */
  permission?: PermissionKey;
  /** The heading of the page. */
  title?: string;
  /** `false`: no breadcrumb and heading above the page (the 404 page). */
  pageHeader?: false;
}

const isHandle = (value: unknown): value is AdminRouteHandle => typeof value === 'object' && value !== null;

/** The key the deepest matched route needs: the nearest one declared on it or an ancestor. */
export const requiredPermission = (matches: readonly { handle: unknown }[]): PermissionKey | undefined => {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isHandle(handle) && handle.permission) return handle.permission;
  }
  return undefined;
};

/** The title of the deepest matched route that declares one. */
export const routeTitle = (matches: readonly { handle: unknown }[]): string | undefined => {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isHandle(handle) && handle.title) return handle.title;
  }
  return undefined;
};

/** Whether the shell shows the breadcrumb and heading above the deepest matched route. */
export const showsPageHeader = (matches: readonly { handle: unknown }[]): boolean => {
  const handle = matches.at(-1)?.handle;
  return !(isHandle(handle) && handle.pageHeader === false);
};
