import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../routes';
// Loaded ahead, so the lazy routes resolve at once rather than after a cold transform.
import '../components/not-found-page';
import '../features/fee-statement/fee-statement-page';
import '../features/folder/folder-page';
import '../features/package/model-page';
import '../features/package/package-page';

/** Renders the app's own route table at `path` (below /web), with a fresh query cache. */
export function renderApp(path: string) {
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  window.scrollTo = () => undefined;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return { ...view, router, queryClient };
}
