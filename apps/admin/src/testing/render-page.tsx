import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows the router's address, so a test can read where the page put it. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{decodeURIComponent(location.pathname + location.search)}</output>;
}

/**
 * Renders a page at `path` as the app does (query client without retries, antd's App, the router),
 * with `route` as its route. Returns the query client and the current address (decoded).
 */
export function renderPage(page: ReactElement, route: string, path: string = route) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { queryClient, where: () => screen.getByTestId('where').textContent };
}

/**
 * Waits until none of the page's queries is fetching and React has rendered what they answered, so what
 * a test then finds missing (a button a reader may not use) is missing for good, not still to come. A fixed
 * delay would be too short on a busy machine and needlessly long on a quiet one.
 */
export async function pageSettled(queryClient: QueryClient): Promise<void> {
  await waitFor(() => {
    if (queryClient.isFetching() > 0) throw new Error('queries still fetching');
  });
  // TanStack Query tells its observers in a later task (its notifyManager): one more turn renders them.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
