import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { unavailableQueryRetry } from '@trackit/client/unavailable-retry';
import { BASE_PATHS } from '@trackit/contract/constants';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setPendingHref } from './chunk-reload';
import { FeedbackBridge } from './components/feedback-bridge';
import { ImageGalleryHost } from './components/image-gallery';
import { NewVersionNotice } from './components/new-version-notice';
import { routes } from './routes';

// docs/product.md §7: queries do not refetch on window focus, nor retry but a 503 (the server a moment
// without its database), twice.
const queryClient = new QueryClient({
  defaultOptions: { queries: { ...unavailableQueryRetry, refetchOnWindowFocus: false } },
});

// TanStack Query takes only the tab's visibility as focus; a window brought back in front of another
// counts too. Only the queries that opt in (the unread badge) refetch on it.
focusManager.setEventListener((setFocused) => {
  const handleVisibility = () => setFocused(document.visibilityState === 'visible');
  const handleFocus = () => setFocused(true);
  const handleBlur = () => setFocused(false);
  document.addEventListener('visibilitychange', handleVisibility);
  window.addEventListener('focus', handleFocus);
  window.addEventListener('blur', handleBlur);
  return () => {
    document.removeEventListener('visibilitychange', handleVisibility);
    window.removeEventListener('focus', handleFocus);
    window.removeEventListener('blur', handleBlur);
  };
});

const router = createBrowserRouter(routes, { basename: BASE_PATHS.admin });

// A page whose code fails to load reloads at the address it was going to (see chunk-reload.ts).
setPendingHref(() => {
  const target = router.state.navigation.location;
  return target ? router.createHref(target) : undefined;
});

// The brand navy of the logo as antd's primary colour, so buttons and links match the login screen.
// antd derives grey tints from so dark a navy; selected menu items and options get a light blue instead.
// Text colours meet WCAG AA (4.5:1) on white and on the shell's #f5f7fb, which antd's defaults do not
// (secondary text at 45 % black is 3.4:1, placeholders 1.8:1, #ff4d4f 3.3:1; docs/decisions.md
// "Accessibility"): secondary text and placeholders darker, the status colours and the text of the
// preset tag colours (their 7th shade, on their 1st) one shade deeper.
const presetTagText = Object.fromEntries(
  Object.entries({
    cyan: '#006d75',
    green: '#237804',
    gold: '#874d00',
    orange: '#ad4e00',
    volcano: '#ad2102',
    lime: '#3f6600',
    yellow: '#876800',
  }).flatMap(([color, text]) => [
    // Both spellings: antd emits each as the same CSS variable (--ant-orange-7), the later one winning.
    [`${color}7`, text],
    [`${color}-7`, text],
  ]),
);

const theme = {
  token: {
    colorPrimary: '#1d3a8a',
    colorLink: '#1d3a8a',
    colorPrimaryBg: '#e8edf8',
    colorPrimaryBgHover: '#d8e0f3',
    controlItemBgActive: '#e8edf8',
    controlItemBgActiveHover: '#d8e0f3',
    colorTextSecondary: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    ...presetTagText,
  },
};

/**
 * Providers of the admin app: antd (Chinese, no space in two-character buttons), queries, router; and
 * the app-wide pieces that show on any page: the new-version notice and the image gallery.
 */
export function AppRoot() {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App>
        <FeedbackBridge />
        <NewVersionNotice />
        <ImageGalleryHost />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
