import type { RouteObject } from 'react-router';
import { PageLoading } from './components/page-loading';
import { RouteErrorPage } from './components/route-error-page';

/**
 * The route table of the admin app (basename /admin). Every page is a lazy chunk; the first load shows
 * the large centred spinner. The signed-in routes sit under a pathless route whose loader sends a
 * visitor without a token to /login. Permission keys arrive with the signed-in layout.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./features/session/login-page')).LoginPage }),
      },
      {
        // What this installation is and whether it runs; public, for operators and the smoke test.
        path: 'status',
        lazy: async () => ({ Component: (await import('./features/status/status-page')).StatusPage }),
      },
      {
        lazy: async () => ({ loader: (await import('./features/session/require-session')).requireSession }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./components/not-found-page')).NotFoundPage }),
      },
    ],
  },
];
