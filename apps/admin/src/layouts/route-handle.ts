/**
 * What a route of the signed-in layout declares in its `handle` (routes.tsx): who may open it, in the
 * terms the contract's endpoint map uses (`requires(key, level)` or `sessionAccess`), and the page
 * title shown above it. A group declares its key at read; each of its pages declares its own level.
 */
import type { Access } from '@trackit/contract/endpoint';
import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows, type PermissionKey } from '@trackit/contract/permissions';
import type { IndexRouteObject, NonIndexRouteObject } from 'react-router';

/** Who may open a signed-in route: any member (`sessionAccess`) or one holding a key at a level or above. */
export type RouteAccess = Exclude<Access, { readonly kind: 'public' }>;

export interface AdminRouteHandle {
  /** Needed to open the route (and everything below it). */
  access: RouteAccess;
  /** The heading of the page. */
  title?: string;
  /** `false`: no breadcrumb and heading above the page (the 404 page). */
  pageHeader?: false;
}

/**
 * A route of the signed-in shell: react-router's route whose `handle` (typed `any` by the router) must
 * be an `AdminRouteHandle`, so a route without its access declaration does not compile.
 */
export type AdminRoute =
  | (Omit<IndexRouteObject, 'handle'> & { handle: AdminRouteHandle })
  | (Omit<NonIndexRouteObject, 'handle' | 'children'> & {
      handle: AdminRouteHandle;
      children?: AdminRoute[];
    });

/** The level of each key the member holds (`GET /v1/permissions/my`); a key not held is absent. */
export type PermissionLevels = Readonly<Partial<Record<PermissionKey, PermissionLevel>>>;

export const isAdminRouteHandle = (value: unknown): value is AdminRouteHandle =>
  typeof value === 'object' &&
  value !== null &&
  'access' in value &&
  typeof value.access === 'object' &&
  value.access !== null;

/** Whether a member holding `levels` passes one declaration. */
export const accessAllows = (access: RouteAccess, levels: PermissionLevels): boolean =>
  access.kind === 'session' || levelAllows(levels[access.key], access.level);

/**
 * Whether the member may open the deepest matched route: every matched route that declares access
 * allows it (a group's key at read and its page's level). Routes outside the shell declare nothing.
 */
export const routeAllows = (matches: readonly { handle: unknown }[], levels: PermissionLevels): boolean =>
  matches.every(({ handle }) => !isAdminRouteHandle(handle) || accessAllows(handle.access, levels));

const isHandle = (value: unknown): value is Partial<AdminRouteHandle> =>
  typeof value === 'object' && value !== null;

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
