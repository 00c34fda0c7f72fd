import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { createLocalStore } from '@trackit/client/storage';
import { STORAGE_NEVER_EXPIRES } from '@trackit/contract/constants';
import { copyright } from '@trackit/contract/messages';
import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { ForbiddenPage } from '../components/forbidden-page';
import { PageLoadingOverlay } from '../components/page-loading';
import { QueryState } from '../components/query-state';
import { UploadCard } from '../components/upload-card';
import { profileQuery } from '../features/session/session.queries';
import styles from './admin-layout.module.css';
import { AppHeader } from './app-header';
import { BreadcrumbTitleContext, type PageTitleOverride } from './breadcrumb-title';
import { useDocumentTitle } from './document-title';
import { breadcrumbTrail } from './navigation';
import { PageHeader } from './page-header';
import { routeAllows, routeTitle, showsPageHeader } from './route-handle';
import { myPermissionLevelsQuery, myPermissionsQuery } from './shell.queries';
import { SideMenu } from './side-menu';

const shellStore = createLocalStore();
const COLLAPSED_KEY = 'MENU_COLLAPSED';

/** The sticky header's height (admin-layout.module.css). */
const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 208;
const SIDER_COLLAPSED_WIDTH = 64;

/**
 * Scroll positions are kept per page, not per visit: another page opens at its top (a model's page after
 * the long form that created it), Back returns to where the page was left, and a change of a list's
 * filters or page in the address keeps the list where it is.
 */
const scrollKey = (location: { pathname: string }) => location.pathname;

/**
 * The signed-in shell (docs/product.md §2 "Shell navigation"): header, the side menu of the member's permission
 * keys (collapsible, remembered), the breadcrumb and heading of the page, and the page itself, or the
 * 403 page when the member holds the route's key below the level it declares (routes.tsx): the one
 * place a page is refused. Pages render only once the levels are known. The floating upload-progress
 * card sits over every signed-in page.
 */
export function AdminLayout() {
  // One call answers both: the levels guard the route, the keys make the menu.
  const levels = useQuery(myPermissionLevelsQuery);
  const permissions = useQuery(myPermissionsQuery);
  const profile = useQuery(profileQuery);
  const matches = useMatches();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(() => shellStore.get<boolean>(COLLAPSED_KEY) === true);
  const [override, setOverride] = useState<PageTitleOverride>();

  useDocumentTitle(profile.data?.team_name);

  const handleCollapse = (value: boolean) => {
    setCollapsed(value);
    shellStore.set(COLLAPSED_KEY, value, STORAGE_NEVER_EXPIRES);
  };

  const customTitle = override?.pathname === pathname ? override.title : undefined;
  const crumbs = breadcrumbTrail(pathname, customTitle);

  const body = (
    <QueryState query={levels} loading="page">
      {(held) =>
        routeAllows(matches, held) ? (
          <>
            {showsPageHeader(matches) && (
              <PageHeader crumbs={crumbs} title={customTitle ?? routeTitle(matches)} />
            )}
            <Outlet />
          </>
        ) : (
          <ForbiddenPage />
        )
      }
    </QueryState>
  );

  return (
    <BreadcrumbTitleContext value={setOverride}>
      <Layout className={styles.shell}>
        <AppHeader profile={profile.data} />
        <Layout hasSider>
          <Layout.Sider
            theme="light"
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            onCollapse={handleCollapse}
            className={styles.sider}
            trigger={
              // A button, so the keyboard reaches it; its click bubbles to the Sider's trigger, which folds.
              <button
                type="button"
                className={styles.collapseTrigger}
                data-testid="menu-collapse"
                title={collapsed ? '展开菜单' : '收起菜单'}
                aria-label={collapsed ? '展开菜单' : '收起菜单'}
                aria-expanded={!collapsed}
              >
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </button>
            }
          >
            <nav
              className={styles.menu}
              aria-label="主菜单"
              data-testid="side-menu"
              data-collapsed={collapsed}
            >
              {permissions.data && <SideMenu permissions={permissions.data} collapsed={collapsed} />}
            </nav>
          </Layout.Sider>
          <Layout.Content className={styles.content}>
            <div className={styles.body}>{body}</div>
            {/* A page whose code is still loading: the large spinner over the page being left. */}
            <PageLoadingOverlay loading={navigation.state === 'loading'} top={HEADER_HEIGHT} />
            <footer className={styles.footer}>{copyright(new Date().getFullYear())}</footer>
          </Layout.Content>
        </Layout>
        {/* Here rather than in a page: uploads and their card outlive a move to another page. */}
        <UploadCard />
        <ScrollRestoration getKey={scrollKey} />
      </Layout>
    </BreadcrumbTitleContext>
  );
}
