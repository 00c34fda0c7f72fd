import { PERMISSION_MENU } from '@trackit/contract/permissions';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requiredPermission, showsPageHeader } from './layouts/route-handle';
import { routes } from './routes';

/** Every admin route of docs/product.md §2 with the key it needs (null: any signed-in member). */
const SPEC_ROUTES: [string, string | null][] = [
  ['/dashboard', 'dashboard'],
  ['/calendar', 'calendar'],
  ['/setting', null],
  ['/notify', null],
  ['/operate', 'operation_record'],
  // Not listed by docs/product.md §2; redirects to its first child like every other group (the contract's rule).
  ['/information', 'data_management'],
  ['/information/model', 'data_management'],
  ['/information/model/new', 'data_management'],
  ['/information/model/12', 'data_management'],
  ['/information/folder', 'data_management'],
  ['/information/folder/12', 'data_management'],
  ['/information/company', 'data_management'],
  ['/information/company/new', 'data_management'],
  ['/information/company/12', 'data_management'],
  ['/information/contacts', 'data_management'],
  ['/information/contacts/new', 'data_management'],
  ['/information/contacts/12', 'data_management'],
  ['/information/packages', 'data_management'],
  ['/organization', 'organization'],
  ['/organization/member', 'organization'],
  ['/organization/department', 'organization'],
  ['/organization/role', 'organization'],
  ['/team_recipient', 'team_recipient'],
  ['/order', 'my_bill'],
  ['/order/ready_to_bill', 'my_bill'],
  ['/order/order', 'my_bill'],
  ['/order/new/12', 'my_bill'],
  ['/order/12', 'my_bill'],
  ['/order/export/12', 'my_bill'],
  ['/finance', 'accounting'],
  ['/finance/dashboard', 'accounting'],
  ['/finance/ready_to_invoice', 'accounting'],
  ['/finance/fees', 'accounting'],
  ['/finance/12', 'accounting'],
];

const leafOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route;

describe('routes', () => {
  it.each(SPEC_ROUTES)('%s is a signed-in page needing %s', (pathname, key) => {
    const matches = matchRoutes(routes, pathname) ?? [];
    expect(leafOf(pathname)?.path).not.toBe('*');
    expect(requiredPermission(matches.map((match) => ({ handle: match.route.handle })))).toBe(
      key ?? undefined,
    );
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
