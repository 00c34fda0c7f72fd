// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { folderQuerySchema } from '@trackit/contract/folder.schema';
import { type OperationLogQuery, operationLogQuerySchema } from '@trackit/contract/operation-log.schema';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListSearch, type ListSearchOptions, useListSearch } from './use-list-search';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="where" data-type={type}>
      {location.search}
    </output>
  );
}

/** Renders the hook at an address; `current()` is its latest answer. */
function renderSearch<Q extends { page: number; per_page: number }>(
  schema: Parameters<typeof useListSearch<Q>>[0],
  search: string,
  options?: ListSearchOptions<Q>,
) {
  let latest: ListSearch<Q> | undefined;
  function Probe() {
    latest = useListSearch(schema, options);
    return null;
  }
  render(
    <MemoryRouter initialEntries={[`/list${search}`]}>
      <Probe />
      <Where />
    </MemoryRouter>,
  );
  const where = () => screen.getByTestId('where');
  return {
    current: () => latest as ListSearch<Q>,
    address: () => where().textContent,
    navigation: () => where().dataset.type,
  };
}

describe('useListSearch', () => {
  it('gives the typed query of the address, invalid fields dropped and defaults filled', () => {
    const { current } = renderSearch(folderQuerySchema, '?keyword=春&sort=bogus&page=-1');
    expect(current().query).toEqual({ keyword: '春', page: 1, per_page: 20 });
    expect(current().isFiltered).toBe(true);
  });

  it('is not filtered by a sort or a page', () => {
    const { current } = renderSearch(folderQuerySchema, '?sort=name&page=2');
    expect(current().isFiltered).toBe(false);
  });

  it('writes a filter back to the first page, replacing the history entry', () => {
    const { current, address, navigation } = renderSearch(folderQuerySchema, '?sort=name&page=3');
    act(() => current().set({ keyword: '画册' }));
    expect(address()).toBe(`?keyword=${encodeURIComponent('画册')}&sort=name`);
    expect(navigation()).toBe('REPLACE');
    expect(current().query).toEqual({ keyword: '画册', sort: 'name', page: 1, per_page: 20 });
  });

  it('resets the page on a new order too', () => {
    const { current, address } = renderSearch(folderQuerySchema, '?page=3');
    act(() => current().set({ sort: '-updated_at' }));
    expect(address()).toBe('?sort=-updated_at');
  });

  it('moves to a page as a history entry of its own, keeping the filters', () => {
    const { current, address, navigation } = renderSearch(folderQuerySchema, '?keyword=a');
    act(() => current().setPage(2));
    expect(address()).toBe('?keyword=a&page=2');
    expect(navigation()).toBe('PUSH');
    act(() => current().setPage(1));
    expect(address()).toBe('?keyword=a');
  });

  it('removes a filter set to undefined', () => {
    const { current, address } = renderSearch(operationLogQuerySchema, '?action=sign_in&from=2025-01-01');
    act(() => current().set({ action: undefined }));
    expect(address()).toBe('?from=2025-01-01');
  });

  it('clears every filter but keeps the order', () => {
    const { current, address } = renderSearch(folderQuerySchema, '?keyword=a&sort=-name&page=4');
    act(() => current().clear());
    expect(address()).toBe('?sort=-name');
    expect(current().isFiltered).toBe(false);
  });

  it("applies the page's normalisation to what it reads", () => {
    const ordered = (query: OperationLogQuery): OperationLogQuery =>
      query.from && query.to && query.from > query.to ? { ...query, from: query.to, to: query.from } : query;
    const { current } = renderSearch(operationLogQuerySchema, '?from=2025-03-10&to=2025-03-01', {
      normalize: ordered,
    });
    expect(current().query).toMatchObject({ from: '2025-03-01', to: '2025-03-10' });
  });

  it('keeps the identity of the query while the address stays the same', () => {
    const { current } = renderSearch(folderQuerySchema, '?keyword=a');
    const first = current().query;
    act(() => current().set({ keyword: 'a' }));
    expect(current().query).toBe(first);
  });
});
