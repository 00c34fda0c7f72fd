import type { RouteObject } from 'react-router';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';

const notFoundPage = async () => ({ Component: (await import('./components/not-found-page')).NotFoundPage });

/** The route table of the desktop share app (basename /web); share pages arrive in later issues. */
export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    // Until the share pages arrive, the bare base path is as unknown as any other.
    children: [
      { index: true, lazy: notFoundPage },
      { path: '*', lazy: notFoundPage },
    ],
  },
];
