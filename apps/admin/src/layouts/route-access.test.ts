import { describe, expect, it } from 'vitest';
import { canOpenPath } from './route-access';

describe('canOpenPath', () => {
  it('opens the pages of any signed-in member whatever they hold', () => {
    for (const path of ['/', '/setting', '/notify']) expect(canOpenPath(path, {}), path).toBe(true);
  });

  it('leaves out a page of a key the member lacks (the calendar popover without 订单)', () => {
    const calendarOnly = { calendar: 'manage', data_management: 'manage' } as const;
    for (const path of ['/order/12', '/order/order', '/order/ready_to_bill', '/order/export/12']) {
      expect(canOpenPath(path, calendarOnly), path).toBe(false);
      expect(canOpenPath(path, { my_bill: 'read' }), path).toBe(true);
    }
    expect(canOpenPath('/operate', calendarOnly)).toBe(false);
    expect(canOpenPath('/calendar', calendarOnly)).toBe(true);
  });

  it('leaves out a page below its level: the forms that create need edit', () => {
    const reader = { data_management: 'read', my_bill: 'read' } as const;
    for (const path of [
      '/information/model/new',
      '/information/model/import',
      '/information/company/new',
      '/information/contacts/new',
      '/order/new/12',
    ]) {
      expect(canOpenPath(path, reader), path).toBe(false);
      expect(canOpenPath(path, { data_management: 'edit', my_bill: 'edit' }), path).toBe(true);
    }
    expect(canOpenPath('/information/model/12', reader)).toBe(true);
  });

  it('reads the path alone, not its query, and refuses what no page answers', () => {
    expect(canOpenPath('/information/packages?package=3', { data_management: 'read' })).toBe(true);
    expect(canOpenPath('/information/packages?package=3', { calendar: 'read' })).toBe(false);
    expect(canOpenPath('/order/order?status=draft#top', { my_bill: 'read' })).toBe(true);
    expect(canOpenPath('/nope', { my_bill: 'manage' })).toBe(false);
    expect(canOpenPath('', { my_bill: 'manage' })).toBe(true);
  });
});
