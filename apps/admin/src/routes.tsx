import type { RouteObject } from 'react-router';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';

/**
 * The route table of the admin app (basename /admin). Every page is a lazy chunk; the first load shows
 * the large centred spinner. Permission keys arrive with the signed-in layout.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./components/not-found-page')).NotFoundPage }),
      },
    ],
  },
];
