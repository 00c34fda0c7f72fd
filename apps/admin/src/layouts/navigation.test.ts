import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, firstEntryPath, navItemsFor, openNavKey, selectedNavKey } from './navigation';
import { routeAllows, routeTitle } from './route-handle';

const LIMITED = ['dashboard', 'calendar', 'data_management', 'my_bill'];

describe('navItemsFor', () => {
  it('keeps the entries whose key is held, in menu order, with their children', () => {
    const items = navItemsFor(['my_bill', 'dashboard', 'data_management', 'calendar']);
    expect(items.map((item) => item.label)).toEqual(['数据看板', '日历', '信息管理', '订单']);
    expect(items[2]?.children.map((child) => [child.key, child.label])).toEqual([
      ['/information/model', '模特'],
      ['/information/folder', '资源'],
      ['/information/company', '公司'],
      ['/information/contacts', '联系人'],
      ['/information/packages', '套餐'],
    ]);
    expect(items[0]).toMatchObject({ key: '/dashboard', permission: 'dashboard', children: [] });
  });

  it('shows nothing for no keys and ignores keys the menu does not know', () => {
    expect(navItemsFor([])).toEqual([]);
    expect(navItemsFor(['bogus', 'operation_record']).map((item) => item.key)).toEqual(['/operate']);
  });
});

describe('firstEntryPath', () => {
  it('opens the first key returned, at its first child when it has children', () => {
    expect(firstEntryPath(LIMITED)).toBe('/dashboard');
    expect(firstEntryPath(['organization', 'dashboard'])).toBe('/organization/member');
    expect(firstEntryPath(['accounting'])).toBe('/finance/dashboard');
    expect(firstEntryPath(['operation_record'])).toBe('/operate');
  });

  it('skips unknown keys and gives nothing when no key is held', () => {
    expect(firstEntryPath(['bogus', 'my_bill'])).toBe('/order/ready_to_bill');
    expect(firstEntryPath([])).toBeUndefined();
  });
});

describe('menu highlighting', () => {
  it('selects the page or the list a detail page belongs to, and opens its group', () => {
    expect(selectedNavKey('/dashboard')).toBe('/dashboard');
    expect(selectedNavKey('/information/model/12')).toBe('/information/model');
    expect(selectedNavKey('/order/new/3')).toBeUndefined();
    expect(selectedNavKey('/setting')).toBeUndefined();
    expect(openNavKey('/order/new/3')).toBe('/order');
    expect(openNavKey('/dashboard')).toBeUndefined();
  });
});

describe('breadcrumbTrail', () => {
  const labels = (pathname: string, title?: string) =>
    breadcrumbTrail(pathname, title).map((crumb) => crumb.label);

  it('labels menu segments, keeps ids as they are, and names new/export', () => {
    expect(labels('/information/model')).toEqual(['信息管理', '模特']);
    expect(labels('/information/model/12')).toEqual(['信息管理', '模特', '12']);
    expect(labels('/information/company/new')).toEqual(['信息管理', '公司', '新建']);
    expect(labels('/order/export/7')).toEqual(['订单', '导出', '7']);
    expect(labels('/information/model/import')).toEqual(['信息管理', '模特', '导入']);
    expect(labels('/finance/fees')).toEqual(['财务', '费用']);
    expect(labels('/operate')).toEqual(['操作日志']);
    expect(labels('/setting')).toEqual(['设置']);
    expect(labels('/notify')).toEqual(['消息通知']);
    expect(labels('/')).toEqual([]);
  });

  it('lets a page replace the last segment with its own title', () => {
    expect(labels('/information/model/12', '林晓')).toEqual(['信息管理', '模特', '林晓']);
    expect(labels('/information/model/12', '')).toEqual(['信息管理', '模特', '12']);
  });

  it('links the pages one can go back to, never a group or the current page', () => {
    const trail = breadcrumbTrail('/information/model/12');
    expect(trail.map((crumb) => crumb.path)).toEqual([undefined, '/information/model', undefined]);
    expect(breadcrumbTrail('/dashboard')[0]?.path).toBeUndefined();
  });

  it('decodes segments and never reads inherited properties as labels', () => {
    expect(labels('/information/model/%E6%9E%97')).toEqual(['信息管理', '模特', '林']);
    expect(labels('/order/constructor')).toEqual(['订单', 'constructor']);
    expect(labels('/toString')).toEqual(['toString']);
  });
});

describe('route handles', () => {
  const matches = [
    { handle: undefined },
    { handle: { access: { kind: 'permission', key: 'data_management', level: 'read' } } },
    { handle: { access: { kind: 'permission', key: 'data_management', level: 'edit' }, title: '新建模特' } },
  ];

  it('needs every declared access along the way and takes the deepest title', () => {
    expect(routeAllows(matches, { data_management: 'edit' })).toBe(true);
    expect(routeAllows(matches, { data_management: 'read' })).toBe(false);
    expect(routeAllows(matches, {})).toBe(false);
    expect(routeTitle(matches)).toBe('新建模特');
    expect(routeAllows([{ handle: { access: { kind: 'session' }, title: '设置' } }], {})).toBe(true);
    // Routes outside the shell (login, status) declare nothing.
    expect(routeAllows([{ handle: undefined }], {})).toBe(true);
  });
});
