import { requires, sessionAccess } from '@trackit/contract/endpoint';
import type { PermissionLevel } from '@trackit/contract/enums';
import { type MenuEntry, PERMISSION_MENU_BY_KEY, type PermissionKey } from '@trackit/contract/permissions';
import type { ComponentType } from 'react';
import { type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import { loadChunk } from './chunk-reload';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';
import { entryPath, SHELL_PAGES } from './layouts/navigation';
import type { AdminRoute, AdminRouteHandle } from './layouts/route-handle';

/**
 * The route table of the admin app (basename /admin, docs/product.md §2). Every page is a lazy chunk (a chunk that
 * fails to load reloads the page once); the first load shows the large centred spinner. The signed-in
 * routes sit under the shell, whose loader sends a visitor without a token to /login. Each first path
 * segment is chosen by its permission key (the menu's path for that key). Every signed-in route declares
 * who may open it as the server's endpoints do (`requires(key, level)`, or `sessionAccess` for any
 * member): lists and details need read, the pages that create (…/new, …/import, the order editor) need
 * edit, like the endpoints they call. The shell shows the 403 page below the declared level, and the 404
 * page on any other path; links use the same table (layouts/route-access.ts) to leave out pages the
 * member cannot open. `handle.title` is the heading the shell shows.
 */

type Lazy = LazyRouteFunction<RouteObject>;

/** A page: the named export of a lazily loaded module. */
const page =
  <K extends string>(importer: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K): Lazy =>
  async () => ({ Component: (await loadChunk(importer))[name] });

/** One shared frame for the pages whose module comes in a later release. */

const RedirectOnly = () => null;

const handle = (value: AdminRouteHandle): AdminRouteHandle => value;

/** A menu entry without children: one page at the entry's path. */
const single = (key: PermissionKey, level: PermissionLevel, lazy: Lazy): AdminRoute => {
  const entry = PERMISSION_MENU_BY_KEY[key];
  return { path: entry.path, handle: handle({ access: requires(key, level), title: entry.label }), lazy };
};

const childLabel = (entry: MenuEntry, path: string): string => {
  const child = entry.children.find((candidate) => candidate.path === path);
  if (!child) throw new Error(`the menu of ${entry.key} has no child ${path}`);
  return child.label;
};

interface SubPage {
  path: string;
  /** The level of the group's key the page needs: that of the endpoints it is there to call. */
  level: PermissionLevel;
  /** Defaults to the menu label of a child path. */
  title?: string;
  lazy: Lazy;
}

/**
 * A menu entry with children: its index redirects to the first child (docs/product.md §2), then its
 * pages. The group needs its key at read; each page declares its own level on top.
 */
const group = (key: PermissionKey, pages: SubPage[]): AdminRoute => {
  const entry = PERMISSION_MENU_BY_KEY[key];
  const read = handle({ access: requires(key, 'read') });
  return {
    path: entry.path,
    handle: read,
    children: [
      // The redirect happens in the loader, before anything renders; the empty component only tells the
      // router this leaf renders nothing on purpose.
      { index: true, handle: read, loader: () => redirect(entryPath(entry)), Component: RedirectOnly },
      ...pages.map(
        ({ path, level, title, lazy }): AdminRoute => ({
          path,
          handle: handle({ access: requires(key, level), title: title ?? childLabel(entry, path) }),
          lazy,
        }),
      ),
    ],
  };
};

/** The pages of the signed-in shell. */
const signedInRoutes: AdminRoute[] = [
  {
    index: true,
    handle: handle({ access: sessionAccess }),
    lazy: page(() => import('./layouts/admin-index'), 'AdminIndex'),
  },
  single(
    'dashboard',
    'read',
    page(() => import('./features/dashboard/dashboard-page'), 'DashboardPage'),
  ),
  single(
    'calendar',
    'read',
    page(() => import('./features/calendar/calendar-page'), 'CalendarPage'),
  ),
  // Any signed-in member: no key.
  {
    path: 'setting',
    handle: handle({ access: sessionAccess, title: SHELL_PAGES.setting }),
    lazy: page(() => import('./features/setting/setting-page'), 'SettingPage'),
  },
  {
    path: 'notify',
    handle: handle({ access: sessionAccess, title: SHELL_PAGES.notify }),
    lazy: page(() => import('./features/notify/notify-page'), 'NotifyPage'),
  },
  single(
    'operation_record',
    'read',
    page(() => import('./features/operate/operate-page'), 'OperatePage'),
  ),
  group('data_management', [
    {
      path: 'model',
      level: 'read',
      lazy: page(() => import('./features/model/model-list-page'), 'ModelListPage'),
    },
    {
      path: 'model/new',
      level: 'edit',
      title: '新建模特',
      lazy: page(() => import('./features/model/model-new-page'), 'ModelNewPage'),
    },
    {
      path: 'model/import',
      level: 'edit',
      title: '导入模特',
      lazy: page(() => import('./features/model/model-import-page'), 'ModelImportPage'),
    },
    {
      path: 'model/:id',
      level: 'read',
      title: '模特详情',
      lazy: page(() => import('./features/model/model-detail-page'), 'ModelDetailPage'),
    },
    {
      path: 'folder',
      level: 'read',
      lazy: page(() => import('./features/folder/folder-list-page'), 'FolderListPage'),
    },
    {
      path: 'folder/:id',
      level: 'read',
      title: '资源详情',
      lazy: page(() => import('./features/folder/folder-detail-page'), 'FolderDetailPage'),
    },
    {
      path: 'company',
      level: 'read',
      lazy: page(() => import('./features/company/company-list-page'), 'CompanyListPage'),
    },
    {
      path: 'company/new',
      level: 'edit',
      title: '新建公司',
      lazy: page(() => import('./features/company/company-new-page'), 'CompanyNewPage'),
    },
    {
      path: 'company/:id',
      level: 'read',
      title: '公司详情',
      lazy: page(() => import('./features/company/company-detail-page'), 'CompanyDetailPage'),
    },
    {
      path: 'contacts',
      level: 'read',
      lazy: page(() => import('./features/contact/contact-list-page'), 'ContactListPage'),
    },
    {
      path: 'contacts/new',
      level: 'edit',
      title: '新建联系人',
      lazy: page(() => import('./features/contact/contact-new-page'), 'ContactNewPage'),
    },
    {
      path: 'contacts/:id',
      level: 'read',
      title: '联系人详情',
      lazy: page(() => import('./features/contact/contact-detail-page'), 'ContactDetailPage'),
    },
    {
      path: 'packages',
      level: 'read',
      lazy: page(() => import('./features/package/package-list-page'), 'PackageListPage'),
    },
  ]),
  group('organization', [
    {
      path: 'member',
      level: 'read',
      lazy: page(() => import('./features/organization/member-list-page'), 'MemberListPage'),
    },
    {
      path: 'department',
      level: 'read',
      lazy: page(() => import('./features/organization/department-page'), 'DepartmentPage'),
    },
    {
      path: 'role',
      level: 'read',
      lazy: page(() => import('./features/organization/role-page'), 'RolePage'),
    },
  ]),
  single(
    'team_recipient',
    'read',
    page(() => import('./features/team-recipient/team-recipient-list-page'), 'TeamRecipientListPage'),
  ),
  group('my_bill', [
    {
      path: 'ready_to_bill',
      level: 'read',
      lazy: page(() => import('./features/order/ready-to-bill-page'), 'ReadyToBillPage'),
    },
    {
      path: 'order',
      level: 'read',
      lazy: page(() => import('./features/order/order-list-page'), 'OrderListPage'),
    },
    {
      path: 'new/:id',
      level: 'edit',
      title: '新建订单',
      lazy: page(() => import('./features/order/order-editor-page'), 'OrderEditorPage'),
    },
    {
      path: 'export/:id',
      level: 'read',
      title: '导出订单',
      lazy: page(() => import('./features/order/order-export-page'), 'OrderExportPage'),
    },
    {
      path: ':id',
      level: 'read',
      title: '订单详情',
      lazy: page(() => import('./features/order/order-detail-page'), 'OrderDetailPage'),
    },
  ]),
  group('accounting', [
    {
      path: 'dashboard',
      level: 'read',
      lazy: page(() => import('./features/finance-dashboard/finance-dashboard-page'), 'FinanceDashboardPage'),
    },
    {
      path: 'ready_to_invoice',
      level: 'read',
      lazy: page(() => import('./features/finance/ready-to-invoice-page'), 'ReadyToInvoicePage'),
    },
    {
      path: 'invoices',
      level: 'read',
      lazy: page(() => import('./features/finance/invoice-list'), 'InvoicesPage'),
    },
    { path: 'fees', level: 'read', lazy: page(() => import('./features/finance/fees-page'), 'FeesPage') },
    // A fixed segment: the router ranks it above `:id` (财务详情).
    {
      path: 'receipts',
      level: 'read',
      lazy: page(() => import('./features/finance/receipts-page'), 'ReceiptsPage'),
    },
    {
      path: 'bank_statements',
      level: 'read',
      lazy: page(() => import('./features/finance/bank-statements-page'), 'BankStatementsPage'),
    },
    {
      path: 'settlements',
      level: 'read',
      lazy: page(() => import('./features/settlement/settlement-list-page'), 'SettlementListPage'),
    },
    {
      path: 'settlements/:id',
      level: 'read',
      title: '结算单',
      lazy: page(() => import('./features/settlement/settlement-page'), 'SettlementPage'),
    },
    {
      path: 'controls',
      level: 'read',
      lazy: page(() => import('./features/approval/approval-settings-page'), 'ApprovalSettingsPage'),
    },
    {
      path: ':id',
      level: 'read',
      title: '财务详情',
      lazy: page(() => import('./features/finance/finance-order-page'), 'FinanceOrderPage'),
    },
  ]),
  // Any other path: the 404 page inside the shell, without breadcrumb or heading (a visitor without a
  // token gets it over the window, from the shell's loader).
  {
    path: '*',
    handle: handle({ access: sessionAccess, pageHeader: false }),
    lazy: page(() => import('./components/not-found-page'), 'NotFoundPage'),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: 'login', lazy: page(() => import('./features/session/login-page'), 'LoginPage') },
      // What this installation is and whether it runs; public, for operators and the smoke test.
      { path: 'status', lazy: page(() => import('./features/status/status-page'), 'StatusPage') },
      {
        lazy: async () => {
          const [{ requireSession }, { AdminLayout }] = await Promise.all([
            loadChunk(() => import('./features/session/require-session')),
            loadChunk(() => import('./layouts/admin-layout')),
          ]);
          return { loader: requireSession, Component: AdminLayout };
        },
        children: signedInRoutes,
      },
    ],
  },
];
