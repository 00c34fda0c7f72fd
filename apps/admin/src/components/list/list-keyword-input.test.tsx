// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { folderQuerySchema } from '@trackit/contract/folder.schema';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYWORD_DEBOUNCE_MS, ListKeywordInput } from './list-keyword-input';
import { useListSearch } from './use-list-search';

function Search() {
  const search = useListSearch(folderQuerySchema);
  return (
    <>
      <ListKeywordInput search={search} field="keyword" placeholder="搜索名称" testId="keyword" />
      <button type="button" onClick={search.clear}>
        清除
      </button>
      <output data-testid="where">{useLocation().search}</output>
    </>
  );
}

const renderSearch = (search = '') => {
  render(
    <MemoryRouter initialEntries={[`/folders${search}`]}>
      <Search />
    </MemoryRouter>,
  );
  return {
    input: screen.getByTestId('keyword') as HTMLInputElement,
    address: () => decodeURIComponent(screen.getByTestId('where').textContent ?? ''),
  };
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ListKeywordInput', () => {
  it('writes the keyword once typing pauses, back on the first page', () => {
    const { input, address } = renderSearch('?page=3');
    fireEvent.change(input, { target: { value: '春' } });
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS / 2));
    fireEvent.change(input, { target: { value: '春夏 ' } });
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS - 1));
    expect(address()).toBe('?page=3');

    act(() => vi.advanceTimersByTime(1));
    expect(address()).toBe('?keyword=春夏');
    // The trailing space being typed stays in the box.
    expect(input.value).toBe('春夏 ');
  });

  it('writes at once on Enter', () => {
    const { input, address } = renderSearch();
    fireEvent.change(input, { target: { value: '画册' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(address()).toBe('?keyword=画册');
  });

  it('shows the keyword of the address, and follows it when filters are cleared', () => {
    const { input, address } = renderSearch('?keyword=画册');
    expect(input.value).toBe('画册');
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(address()).toBe('');
    expect(input.value).toBe('');
  });
});
