import { describe, expect, it } from 'vitest';
import { PERMISSION_LEVELS, type PermissionLevel } from './enums';
import {
  levelAllows,
  PERMISSION_KEY_LABELS,
  PERMISSION_KEYS,
  PERMISSION_LEVEL_RANK,
  PERMISSION_MENU,
  PERMISSION_MENU_BY_KEY,
  permissionKeySchema,
} from './permissions';

describe('PERMISSION_MENU', () => {
  it('has one entry per key, in menu order', () => {
    expect(PERMISSION_MENU.map((entry) => entry.key)).toEqual([...PERMISSION_KEYS]);
  });

  it('maps keys to route segments (docs/product.md §2)', () => {
    expect(Object.fromEntries(PERMISSION_MENU.map((entry) => [entry.key, entry.path]))).toEqual({
      dashboard: 'dashboard',
      calendar: 'calendar',
      data_management: 'information',
      organization: 'organization',
      team_recipient: 'team_recipient',
      my_bill: 'order',
      accounting: 'finance',
      operation_record: 'operate',
    });
  });

  it('has the children of docs/product.md §11, the index redirect first', () => {
    const children = (key: (typeof PERMISSION_KEYS)[number]) =>
      PERMISSION_MENU_BY_KEY[key].children.map((child) => `${child.path} ${child.label}`);
    expect(children('data_management')).toEqual([
      'model 模特',
      'folder 资源',
      'company 公司',
      'contacts 联系人',
      'packages 套餐',
    ]);
    expect(children('organization')).toEqual(['member 成员', 'department 部门', 'role 角色']);
    expect(children('my_bill')).toEqual(['ready_to_bill 待办', 'order 订单列表']);
    expect(children('accounting')).toEqual([
      'dashboard 看板',
      'ready_to_invoice 待开票',
      'invoices 发票',
      'fees 费用',
      'receipts 收款',
      'bank_statements 银行流水',
      'settlements 模特结算',
      'controls 审批设置',
    ]);
    expect(children('dashboard')).toEqual([]);
  });

  it('has unique paths, at the top and within each entry', () => {
    expect(new Set(PERMISSION_MENU.map((entry) => entry.path)).size).toBe(PERMISSION_MENU.length);
    for (const entry of PERMISSION_MENU) {
      expect(new Set(entry.children.map((child) => child.path)).size).toBe(entry.children.length);
    }
  });

  it('labels every key', () => {
    expect(PERMISSION_KEY_LABELS.accounting).toBe('财务');
    expect(PERMISSION_KEY_LABELS.operation_record).toBe('操作日志');
    expect(Object.keys(PERMISSION_KEY_LABELS)).toHaveLength(PERMISSION_KEYS.length);
  });

  it('validates keys', () => {
    expect(permissionKeySchema.parse('my_bill')).toBe('my_bill');
    expect(permissionKeySchema.safeParse('order').success).toBe(false);
  });
});

describe('levelAllows', () => {
  it('ranks read < edit < manage', () => {
    expect(PERMISSION_LEVEL_RANK.read).toBeLessThan(PERMISSION_LEVEL_RANK.edit);
    expect(PERMISSION_LEVEL_RANK.edit).toBeLessThan(PERMISSION_LEVEL_RANK.manage);
    expect(Object.keys(PERMISSION_LEVEL_RANK).sort()).toEqual([...PERMISSION_LEVELS].sort());
  });

  const cases: [PermissionLevel, PermissionLevel, boolean][] = [
    ['read', 'read', true],
    ['read', 'edit', false],
    ['read', 'manage', false],
    ['edit', 'read', true],
    ['edit', 'edit', true],
    ['edit', 'manage', false],
    ['manage', 'read', true],
    ['manage', 'edit', true],
    ['manage', 'manage', true],
  ];
  it.each(cases)('%s held, %s required: %s', (held, required, allowed) => {
    expect(levelAllows(held, required)).toBe(allowed);
  });

  it('allows nothing without a level', () => {
    expect(levelAllows(undefined, 'read')).toBe(false);
    expect(levelAllows(null, 'read')).toBe(false);
  });
});
