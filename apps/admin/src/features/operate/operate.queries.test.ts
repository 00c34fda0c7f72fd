import { describe, expect, it, vi } from 'vitest';
import { parseOperateFilter, toOperateParams, toOperateSearch } from './operate.queries';

vi.mock('../../api', () => ({ api: {} }));

describe('parseOperateFilter', () => {
  it('reads action, dates and page', () => {
    expect(
      parseOperateFilter(new URLSearchParams('action=profile_update&from=2025-01-01&to=2025-01-31&page=2')),
    ).toEqual({ action: 'profile_update', from: '2025-01-01', to: '2025-01-31', page: 2 });
  });

  it('defaults to everything on the first page', () => {
    expect(parseOperateFilter(new URLSearchParams())).toEqual({ page: 1 });
  });

  it('drops malformed or impossible dates', () => {
    expect(parseOperateFilter(new URLSearchParams('from=2025-1-1&to=2025-02-30'))).toEqual({ page: 1 });
    expect(parseOperateFilter(new URLSearchParams('from=yesterday'))).toEqual({ page: 1 });
  });

  it('puts a reversed range in order', () => {
    expect(parseOperateFilter(new URLSearchParams('from=2025-03-10&to=2025-03-01'))).toEqual({
      from: '2025-03-01',
      to: '2025-03-10',
      page: 1,
    });
  });

  it('ignores an empty or overlong action', () => {
    expect(parseOperateFilter(new URLSearchParams('action=%20'))).toEqual({ page: 1 });
    expect(parseOperateFilter(new URLSearchParams(`action=${'a'.repeat(65)}`))).toEqual({ page: 1 });
  });
});

describe('toOperateSearch and toOperateParams', () => {
  it('writes only what is set', () => {
    expect(toOperateSearch({ page: 1 }).toString()).toBe('');
    expect(
      toOperateSearch({ action: 'sign_in', from: '2025-01-01', to: '2025-01-02', page: 3 }).toString(),
    ).toBe('action=sign_in&from=2025-01-01&to=2025-01-02&page=3');
  });

  it('round-trips through parseOperateFilter', () => {
    const filter = { action: 'team_switch', from: '2025-05-01', to: '2025-05-07', page: 2 };
    expect(parseOperateFilter(toOperateSearch(filter))).toEqual(filter);
  });

  it('maps the filter to the query parameters, 20 a page', () => {
    expect(toOperateParams({ page: 1 })).toEqual({ page: 1, per_page: 20 });
    expect(toOperateParams({ action: 'sign_in', from: '2025-01-01', to: '2025-01-02', page: 2 })).toEqual({
      page: 2,
      per_page: 20,
      action: 'sign_in',
      from: '2025-01-01',
      to: '2025-01-02',
    });
  });
});
