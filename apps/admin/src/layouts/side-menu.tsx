import {
  AccountBookOutlined,
  ApartmentOutlined,
  BankOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HistoryOutlined,
} from '@ant-design/icons';
import type { PermissionKey } from '@trackit/contract/permissions';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { navItemsFor, openNavKey, selectedNavKey } from './navigation';

const ICONS: Record<PermissionKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  calendar: <CalendarOutlined />,
  data_management: <DatabaseOutlined />,
  organization: <ApartmentOutlined />,
  team_recipient: <BankOutlined />,
  my_bill: <FileTextOutlined />,
  accounting: <AccountBookOutlined />,
  operation_record: <HistoryOutlined />,
};

/** `/information/model` → `nav-information-model`. */
const testIdOf = (path: string): string => `nav${path.replaceAll('/', '-')}`;

export interface SideMenuProps {
  permissions: readonly PermissionKey[];
  collapsed: boolean;
}

/** The entries the member holds (docs/product.md §6), with the current page highlighted and its group open. */
export function SideMenu({ permissions, collapsed }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const items = useMemo<MenuProps['items']>(
    () =>
      navItemsFor(permissions).map((item) =>
        item.children.length > 0
          ? {
              key: item.key,
              icon: ICONS[item.permission],
              label: item.label,
              children: item.children.map((child) => ({
                key: child.key,
                label: child.label,
                'data-testid': testIdOf(child.key),
              })),
            }
          : {
              key: item.key,
              icon: ICONS[item.permission],
              label: item.label,
              'data-testid': testIdOf(item.key),
            },
      ),
    [permissions],
  );

  const selected = selectedNavKey(pathname);
  const group = openNavKey(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (group ? [group] : []));

  // Arriving in another group (a link, the back button) opens it; groups opened by hand stay open.
  useEffect(() => {
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [group]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      // Collapsed, the groups are pop-ups that open on hover: antd keeps that state itself.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => navigate(key, { replace: key === pathname })}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
