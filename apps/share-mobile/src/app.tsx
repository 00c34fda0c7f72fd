import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BASE_PATHS } from '@trackit/contract/constants';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

// docs/product.md §7: queries neither retry nor refetch on window focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(routes, { basename: BASE_PATHS.h5 });

/** Providers of the mobile share app. antd-mobile only: this app never loads antd. */
export function AppRoot() {
  return (
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
