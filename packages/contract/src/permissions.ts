/**
 * Permission keys (docs/product.md §6) and the admin side menu they gate (docs/product.md §2, docs/product.md §11). The first path segment
 * of an admin route is chosen by permission key; with no sub-path the app opens the first key the user holds.
 */
import { z } from 'zod';
import { PERMISSION_LEVEL_LABELS, type PermissionLevel } from './enums';

/** In menu order. */
export const PERMISSION_KEYS = [
  'dashboard',
  'calendar',
  'data_management',
  'organization',
  'team_recipient',
  'my_bill',
  'accounting',
  'operation_record',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export const permissionKeySchema = z.enum(PERMISSION_KEYS);

export interface MenuChild {
  readonly label: string;
  /** Segment under the parent's path, e.g. 'model' in /admin/information/model. */
  readonly path: string;
}

export interface MenuEntry {
  readonly key: PermissionKey;
  readonly label: string;
  /** First path segment under /admin. */
  readonly path: string;
  /** Empty for a single page. The first child is where the entry's index redirects (docs/product.md §2). */
  readonly children: readonly MenuChild[];
}

export const PERMISSION_MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: '数据看板', path: 'dashboard', children: [] },
  { key: 'calendar', label: '日历', path: 'calendar', children: [] },
  {
    key: 'data_management',
    label: '信息管理',
    path: 'information',
    children: [
      { label: '模特', path: 'model' },
      { label: '资源', path: 'folder' },
      { label: '公司', path: 'company' },
      { label: '联系人', path: 'contacts' },
      { label: '套餐', path: 'packages' },
    ],
  },
  {
    key: 'organization',
    label: '组织架构',
    path: 'organization',
    children: [
      { label: '成员', path: 'member' },
      { label: '部门', path: 'department' },
      { label: '角色', path: 'role' },
    ],
  },
  { key: 'team_recipient', label: '收款主体', path: 'team_recipient', children: [] },
  {
    key: 'my_bill',
    label: '订单',
    path: 'order',
    children: [
      { label: '待办', path: 'ready_to_bill' },
      { label: '订单列表', path: 'order' },
    ],
  },
  {
    key: 'accounting',
    label: '财务',
    path: 'finance',
    children: [
      { label: '看板', path: 'dashboard' },
      { label: '待开票', path: 'ready_to_invoice' },
      { label: '发票', path: 'invoices' },
      { label: '费用', path: 'fees' },
      { label: '收款', path: 'receipts' },
      { label: '银行流水', path: 'bank_statements' },
      { label: '模特结算', path: 'settlements' },
      { label: '审批设置', path: 'controls' },
    ],
  },
  { key: 'operation_record', label: '操作日志', path: 'operate', children: [] },
];

export const PERMISSION_MENU_BY_KEY = Object.fromEntries(
  PERMISSION_MENU.map((entry) => [entry.key, entry]),
) as Readonly<Record<PermissionKey, MenuEntry>>;

export const PERMISSION_KEY_LABELS = Object.fromEntries(
  PERMISSION_MENU.map((entry) => [entry.key, entry.label]),
) as Readonly<Record<PermissionKey, string>>;

/** Each level includes the ones below it: read < edit < manage. */
export const PERMISSION_LEVEL_RANK: Readonly<Record<PermissionLevel, number>> = {
  read: 1,
  edit: 2,
  manage: 3,
};

/** Whether holding `held` (nothing when null/undefined) is enough for an action needing `required`. */
export const levelAllows = (held: PermissionLevel | null | undefined, required: PermissionLevel): boolean =>
  held != null && PERMISSION_LEVEL_RANK[held] >= PERMISSION_LEVEL_RANK[required];

/** A row of a role's matrix: a level, or `none` (the key is not granted), weakest first. */
export const GRANT_LEVELS = ['none', 'read', 'edit', 'manage'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];
export const grantLevelSchema = z.enum(GRANT_LEVELS);
export const GRANT_LEVEL_LABELS: Readonly<Record<GrantLevel, string>> = {
  none: '无',
  ...PERMISSION_LEVEL_LABELS,
};
