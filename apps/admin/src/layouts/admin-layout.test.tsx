// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { requires, sessionAccess } from '@trackit/contract/endpoint';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { answer, answerCalls } from '../testing/api-answers';
import { testProfile } from '../testing/profile-fixture';
import { AdminLayout } from './admin-layout';
import type { AdminRoute } from './route-handle';

vi.mock('../api', () => ({ api: { call: vi.fn() }, tokens: {}, loginHistory: {}, LOGIN_PATH: '/login' }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The shell over two pages of one key, as routes.tsx declares them: a list (read) and its form (edit). */
const pages: AdminRoute[] = [
  {
    path: 'information/model',
    handle: { access: requires('data_management', 'read'), title: '模特' },
    element: <p data-testid="model-list">模特列表</p>,
  },
  {
    path: 'information/model/new',
    handle: { access: requires('data_management', 'edit'), title: '新建模特' },
    element: <form data-testid="model-form" />,
  },
  { path: 'setting', handle: { access: sessionAccess, title: '设置' }, element: <p data-testid="setting" /> },
];

function renderShell(path: string, level: PermissionLevel | null) {
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => (level ? [{ key: 'data_management' as const, level }] : [])),
    answer(endpoints.profile.get, () => testProfile()),
    answer(endpoints.team.mine, () => []),
    answer(endpoints.notify.unreadCount, () => ({ unread_count: 0 })),
  );
  const router = createMemoryRouter([{ path: '/', Component: AdminLayout, children: pages }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('the shell guards each route at the level it declares', () => {
  it('shows the 403 page, and not the form, to a member who reads but may not create', async () => {
    renderShell('/information/model/new', 'read');
    await screen.findByTestId('forbidden-page');
    expect(screen.queryByTestId('model-form')).toBeNull();
    expect(screen.queryByTestId('page-title')).toBeNull();
  });

  it('opens the list at read, and the form from edit up', async () => {
    renderShell('/information/model', 'read');
    await screen.findByTestId('model-list');
    cleanup();
    renderShell('/information/model/new', 'edit');
    await screen.findByTestId('model-form');
    expect(screen.queryByTestId('forbidden-page')).toBeNull();
    cleanup();
    renderShell('/information/model/new', 'manage');
    await screen.findByTestId('model-form');
  });

  it('refuses the list without the key, and opens a page of any member', async () => {
    renderShell('/information/model', null);
    await screen.findByTestId('forbidden-page');
    expect(screen.queryByTestId('model-list')).toBeNull();
    cleanup();
    renderShell('/setting', null);
    await screen.findByTestId('setting');
  });
});

describe('the shell names its landmarks and controls in Chinese', () => {
  it('labels the bell, the account menu, the side menu and its fold button', async () => {
    renderShell('/setting', 'read');
    await screen.findByTestId('setting');
    expect(screen.getByRole('button', { name: '消息通知' })).toBe(screen.getByTestId('header-bell'));
    const account = await screen.findByTestId('header-avatar');
    expect(account.getAttribute('aria-label')).toBe('账号菜单：林晓');
    expect(account.getAttribute('aria-haspopup')).toBe('menu');
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    expect(within(menu).getByText('信息管理')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const fold = screen.getByRole('button', { name: '收起菜单' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fold);
    expect(screen.getByRole('button', { name: '展开菜单' }).getAttribute('aria-expanded')).toBe('false');
  });
});
