import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { unavailableQueryRetry } from '@trackit/client/unavailable-retry';
import { BASE_PATHS } from '@trackit/contract/constants';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

// docs/product.md §7: queries do not refetch on window focus, nor retry but a 503 (the server a moment
// without its database), twice.
const queryClient = new QueryClient({
  defaultOptions: { queries: { ...unavailableQueryRetry, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(routes, { basename: BASE_PATHS.web });

// A lookbook's restraint: ink instead of a brand colour, near-square corners, quiet controls. The
// hearts' red is the only colour on the page besides the photos (styles.css).
const theme = {
  token: {
    colorPrimary: '#1c1b1a',
    colorLink: '#1c1b1a',
    colorText: '#1c1b1a',
    // Secondary text (labels, captions) at WCAG AA's 4.5:1 on white and on the paper tone (styles.css).
    colorTextSecondary: '#6b665f',
    colorTextTertiary: '#6b665f',
    colorTextDescription: '#6b665f',
    // An empty table's 暂无数据 (antd draws it in the disabled colour, 1.8:1 by default).
    colorTextDisabled: '#6b665f',
    borderRadius: 2,
    borderRadiusLG: 2,
    borderRadiusSM: 2,
    colorBorder: '#dedbd6',
    colorBorderSecondary: '#ecebe8',
  },
};

/** Providers of the desktop share app: antd in Chinese, queries, router. */
export function AppRoot() {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
