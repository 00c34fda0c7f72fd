import type { RouteObject } from 'react-router';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';
import { ShareLayout } from './components/share-layout';

const notFoundPage = async () => ({ Component: (await import('./components/not-found-page')).NotFoundPage });

/**
 * The route table of the desktop share app (basename /web): a package and its models, a folder shared
 * alone, a fee statement (对账单), a model's settlement (结算单).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: ShareLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: notFoundPage },
      {
        path: 's/:shareId',
        lazy: async () => ({ Component: (await import('./features/package/package-page')).PackagePage }),
      },
      {
        path: 's/:shareId/:modelId',
        lazy: async () => ({ Component: (await import('./features/package/model-page')).ModelPage }),
      },
      {
        path: 'f/:shareId',
        lazy: async () => ({ Component: (await import('./features/folder/folder-page')).FolderPage }),
      },
      {
        path: 'fees/:shareId',
        lazy: async () => ({
          Component: (await import('./features/fee-statement/fee-statement-page')).FeeStatementPage,
        }),
      },
      {
        path: 'settlements/:shareId',
        lazy: async () => ({
          Component: (await import('./features/settlement/settlement-page')).SettlementPage,
        }),
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];
