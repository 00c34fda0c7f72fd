import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BASE_PATHS } from '@trackit/contract/constants';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FeedbackBridge } from './components/feedback-bridge';
import { routes } from './routes';

// Spec §7: queries neither retry nor refetch on window focus.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(routes, { basename: BASE_PATHS.admin });

// The brand navy of the logo as antd's primary colour, so buttons and links match the login screen.
const theme = { token: { colorPrimary: '#1d3a8a', colorLink: '#1d3a8a' } };

/** Providers of the admin app: antd (Chinese, no space in two-character buttons), queries, router. */
export function AppRoot() {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
