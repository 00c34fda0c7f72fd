import { folderQuerySchema } from '@trackit/contract/folder.schema';
import { notificationQuerySchema } from '@trackit/contract/notify.schema';
import { operationLogQuerySchema } from '@trackit/contract/operation-log.schema';
import { endUserSessionsRequestSchema } from '@trackit/contract/session.schema';
import { describe, expect, it } from 'vitest';
import { filterKeys, hasFilters, readListSearch, writeListSearch } from './list-search-params';

const read = <Q>(schema: Parameters<typeof readListSearch<Q>>[0], search: string) =>
  readListSearch(schema, new URLSearchParams(search));

describe('readListSearch', () => {
  it('fills the defaults of a plain address', () => {
    expect(read(folderQuerySchema, '')).toEqual({ page: 1, per_page: 20 });
  });

  it('reads every valid field, typed by the schema', () => {
    expect(read(folderQuerySchema, 'keyword=%20画册%20&sort=-name&page=3&per_page=50')).toEqual({
      keyword: '画册',
      sort: '-name',
      page: 3,
      per_page: 50,
    });
    expect(read(operationLogQuerySchema, 'action=sign_in&from=2025-01-01&membership_id=7')).toEqual({
      action: ['sign_in'],
      from: '2025-01-01',
      membership_id: 7,
      page: 1,
      per_page: 20,
    });
  });

  it('drops each invalid field alone, keeping the valid ones', () => {
    expect(read(folderQuerySchema, `keyword=${'长'.repeat(51)}&sort=size&page=0&per_page=500`)).toEqual({
      page: 1,
      per_page: 20,
    });
    expect(read(folderQuerySchema, 'keyword=春&sort=name_desc&page=abc')).toEqual({
      keyword: '春',
      page: 1,
      per_page: 20,
    });
    expect(read(notificationQuerySchema, 'type=spam&read=yes&page=2')).toEqual({ page: 2, per_page: 20 });
  });

  it('keeps no action the team log cannot show, and no impossible date', () => {
    expect(read(operationLogQuerySchema, 'action=sign_in_refused&from=2025-02-30&to=2025-1-1')).toEqual({
      page: 1,
      per_page: 20,
    });
  });

  it('treats an empty or blank value as no filter', () => {
    expect(read(folderQuerySchema, 'keyword=&sort=')).toEqual({ page: 1, per_page: 20 });
    expect(read(folderQuerySchema, 'keyword=%20%20')).toEqual({ page: 1, per_page: 20 });
  });

  it('reads an array field from one value or several', () => {
    const a = '0b7c2f4e-1d2a-4c3b-9a8e-123456789abc';
    const b = '1c8d3a5f-2e3b-4d4c-8b9f-abcdefabcdef';
    expect(read(endUserSessionsRequestSchema, `ids=${a}`)).toEqual({ ids: [a] });
    expect(read(endUserSessionsRequestSchema, `ids=${a}&ids=${b}`)).toEqual({ ids: [a, b] });
    expect(read(endUserSessionsRequestSchema, `ids=${a}&ids=not-a-uuid`)).toEqual({});
  });
});

describe('writeListSearch', () => {
  it('writes nothing for the defaults, so the plain list has a plain address', () => {
    expect(writeListSearch(folderQuerySchema, { page: 1, per_page: 20 }).toString()).toBe('');
    expect(writeListSearch(folderQuerySchema, { page: 1, per_page: 20, keyword: '' }).toString()).toBe('');
  });

  it('writes what differs from the defaults: filters first, then sort and page', () => {
    const written = writeListSearch(folderQuerySchema, {
      page: 2,
      per_page: 20,
      sort: 'name',
      keyword: '春',
    });
    expect(written.toString()).toBe(`keyword=${encodeURIComponent('春')}&sort=name&page=2`);
  });

  it('round-trips through readListSearch', () => {
    const query = { page: 4, per_page: 50, type: 'audit_required', read: 'false' } as const;
    expect(readListSearch(notificationQuerySchema, writeListSearch(notificationQuerySchema, query))).toEqual(
      query,
    );
  });

  it("keeps the page's own parameters and drops the list's invalid ones", () => {
    const current = new URLSearchParams('tab=files&sort=bogus&page=9');
    expect(writeListSearch(folderQuerySchema, { page: 1, per_page: 20 }, current).toString()).toBe(
      'tab=files',
    );
  });

  it('writes an array field as repeated parameters', () => {
    expect(writeListSearch(endUserSessionsRequestSchema, { ids: ['a', 'b'] }).toString()).toBe('ids=a&ids=b');
  });
});

describe('filters', () => {
  it('are the fields other than page, per_page and sort', () => {
    expect(filterKeys(folderQuerySchema)).toEqual(['keyword', 'model_id', 'kind']);
    expect(filterKeys(operationLogQuerySchema)).toEqual(['action', 'membership_id', 'from', 'to']);
  });

  it('count as set only when a filter is', () => {
    expect(hasFilters(folderQuerySchema, { page: 3, per_page: 50, sort: 'name' })).toBe(false);
    expect(hasFilters(folderQuerySchema, { page: 1, per_page: 20, keyword: '春' })).toBe(true);
    expect(hasFilters(notificationQuerySchema, { page: 1, per_page: 20, read: 'true' })).toBe(true);
  });
});
