import { describe, expect, it, vi } from 'vitest';
import { parseNotifyFilter, toAppPath, toNotifyParams, toNotifySearch } from './notify.queries';

vi.mock('../../api', () => ({ api: {} }));

describe('parseNotifyFilter', () => {
  it('reads type, read state and page', () => {
    expect(parseNotifyFilter(new URLSearchParams('type=audit_required&read=false&page=3'))).toEqual({
      type: 'audit_required',
      read: 'false',
      page: 3,
    });
  });

  it('defaults to every notification on the first page', () => {
    expect(parseNotifyFilter(new URLSearchParams())).toEqual({ page: 1 });
  });

  it('drops unknown values rather than sending them', () => {
    expect(parseNotifyFilter(new URLSearchParams('type=spam&read=yes&page=-2'))).toEqual({ page: 1 });
    expect(parseNotifyFilter(new URLSearchParams('page=1.5'))).toEqual({ page: 1 });
    expect(parseNotifyFilter(new URLSearchParams('page=abc'))).toEqual({ page: 1 });
  });
});

describe('toNotifySearch', () => {
  it('writes only what differs from the defaults', () => {
    expect(toNotifySearch({ page: 1 }).toString()).toBe('');
    expect(toNotifySearch({ type: 'event_notice', read: 'true', page: 2 }).toString()).toBe(
      'type=event_notice&read=true&page=2',
    );
  });

  it('round-trips through parseNotifyFilter', () => {
    const filter = { type: 'audit_required', read: 'false', page: 4 } as const;
    expect(parseNotifyFilter(toNotifySearch(filter))).toEqual(filter);
  });
});

describe('toNotifyParams', () => {
  it('asks for 20 a page and sends only the filters that are set', () => {
    expect(toNotifyParams({ page: 1 })).toEqual({ page: 1, per_page: 20 });
    expect(toNotifyParams({ type: 'audit_required', read: 'false', page: 2 })).toEqual({
      page: 2,
      per_page: 20,
      type: 'audit_required',
      read: 'false',
    });
  });
});

describe('toAppPath', () => {
  it('removes the /admin prefix for the router', () => {
    expect(toAppPath('/admin/order/12')).toBe('/order/12');
    expect(toAppPath('/admin/information/model/3?tab=fees')).toBe('/information/model/3?tab=fees');
    expect(toAppPath('/admin')).toBe('/');
    expect(toAppPath('/admin?x=1')).toBe('/?x=1');
  });

  it('gives nothing for an empty link or one outside the admin app', () => {
    expect(toAppPath(null)).toBeNull();
    expect(toAppPath('')).toBeNull();
    expect(toAppPath('  ')).toBeNull();
    expect(toAppPath('/administrator/x')).toBeNull();
    expect(toAppPath('/h5/package/1')).toBeNull();
    expect(toAppPath('https://example.com/admin/order/1')).toBeNull();
  });
});
