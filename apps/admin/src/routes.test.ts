import type { PermissionLevel } from '@trackit/contract/enums';
import { levelAllows, PERMISSION_MENU, type PermissionKey } from '@trackit/contract/permissions';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isAdminRouteHandle, routeAllows, showsPageHeader } from './layouts/route-handle';
import { routes } from './routes';

/** Every admin route of docs/product.md §2 with the key and level it needs (null: any signed-in member). */
const SPEC_ROUTES: [string, string | null, PermissionLevel | null][] = [
  ['/dashboard', 'dashboard', 'read'],
  ['/calendar', 'calendar', 'read'],
  ['/setting', null, null],
  ['/notify', null, null],
  ['/operate', 'operation_record', 'read'],
  // Not listed by docs/product.md §2; redirects to its first child like every other group (the contract's rule).
  ['/information', 'data_management', 'read'],
  ['/information/model', 'data_management', 'read'],
  ['/information/model/new', 'data_management', 'edit'],
  ['/information/model/import', 'data_management', 'edit'],
  ['/information/model/12', 'data_management', 'read'],
  ['/information/folder', 'data_management', 'read'],
  ['/information/folder/12', 'data_management', 'read'],
  ['/information/company', 'data_management', 'read'],
  ['/information/company/new', 'data_management', 'edit'],
  ['/information/company/12', 'data_management', 'read'],
  ['/information/contacts', 'data_management', 'read'],
  ['/information/contacts/new', 'data_management', 'edit'],
  ['/information/contacts/12', 'data_management', 'read'],
  ['/information/packages', 'data_management', 'read'],
  ['/organization', 'organization', 'read'],
  ['/organization/member', 'organization', 'read'],
  ['/organization/department', 'organization', 'read'],
  ['/organization/role', 'organization', 'read'],
  ['/team_recipient', 'team_recipient', 'read'],
  ['/order', 'my_bill', 'read'],
  ['/order/ready_to_bill', 'my_bill', 'read'],
  ['/order/order', 'my_bill', 'read'],
  ['/order/new/12', 'my_bill', 'edit'],
  ['/order/12', 'my_bill', 'read'],
  ['/order/export/12', 'my_bill', 'read'],
  ['/finance', 'accounting', 'read'],
  ['/finance/dashboard', 'accounting', 'read'],
  ['/finance/ready_to_invoice', 'accounting', 'read'],
  ['/finance/fees', 'accounting', 'read'],
  ['/finance/12', 'accounting', 'read'],
];

const LEVELS = ['read', 'edit', 'manage'] as const satisfies readonly PermissionLevel[];

const leafOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route;

describe('routes', () => {
  it.each(SPEC_ROUTES)('%s is a signed-in page needing %s at %s', (pathname, key, level) => {
    const matches = (matchRoutes(routes, pathname) ?? []).map((match) => ({ handle: match.route.handle }));
    expect(leafOf(pathname)?.path).not.toBe('*');
    // Nothing held: only the pages of any signed-in member open.
    expect(routeAllows(matches, {}), pathname).toBe(key === null);
    if (key === null || level === null) return;
    const otherKey = PERMISSION_MENU.find((entry) => entry.key !== key)?.key as PermissionKey;
    for (const held of LEVELS) {
      // The page's key at each level: open from the declared level up, the 403 page below it.
      expect(routeAllows(matches, { [key]: held }), `${pathname} at ${held}`).toBe(levelAllows(held, level));
      // Another key, even at manage, never opens it.
      expect(routeAllows(matches, { [otherKey]: 'manage' }), `${pathname} with ${otherKey}`).toBe(false);
    }
  });

  it('declares who may open every signed-in route, its index redirects and the 404 page included', () => {
    const shell = routes[0]?.children?.find((route) => route.path === undefined && route.children);
    const undeclared: string[] = [];
    const walk = (children: RouteObject[] | undefined, parent: string) => {
      for (const route of children ?? []) {
        const path = route.index ? `${parent} (index)` : `${parent}/${route.path ?? ''}`;
        if (!isAdminRouteHandle(route.handle)) undeclared.push(path);
        walk(route.children, path);
      }
    };
    walk(shell?.children, '');
    expect(shell?.children?.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it('has a page for every menu entry and child', () => {
    for (const entry of PERMISSION_MENU) {
      const paths = entry.children.length
        ? entry.children.map((child) => `/${entry.path}/${child.path}`)
        : [`/${entry.path}`];
      for (const pathname of paths) expect(leafOf(pathname)?.lazy, pathname).toBeTypeOf('function');
    }
  });

  it('shows the 404 page of any other path inside the shell, without breadcrumb or heading', () => {
    for (const pathname of ['/nope', '/information/model/1/x', '/dashboard/x', '/information/nope']) {
      const matches = matchRoutes(routes, pathname) ?? [];
      // The shell is the pathless route whose children are the signed-in pages.
      const shell = matches.find((match) => match.route.path === undefined && match.route.children);
      expect(shell, pathname).toBeDefined();
      expect(shell?.route.children?.includes(matches.at(-1)?.route as never), pathname).toBe(true);
      expect(showsPageHeader(matches.map((match) => ({ handle: match.route.handle }))), pathname).toBe(false);
    }
    expect(showsPageHeader([{ handle: { title: '设置' } }])).toBe(true);
  });

  it('sends any other path to the 404 page', () => {
    for (const pathname of ['/nope', '/information/model/1/x', '/dashboard/x']) {
      expect(leafOf(pathname)?.path, pathname).toBe('*');
    }
    expect(leafOf('/login')?.path).toBe('login');
  });
});
