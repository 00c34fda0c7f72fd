import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { pagedListQuery } from './list-query';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

describe('pagedListQuery', () => {
  const folderListQuery = pagedListQuery(['folders', 'list'], endpoints.folder.list);
  const query = { page: 2, per_page: 20, keyword: '春', sort: 'name' as const };

  it("keys the query under the domain's list prefix, with the whole query", () => {
    expect(folderListQuery(query).queryKey).toEqual(['folders', 'list', query]);
  });

  it('calls the endpoint with the query and the abort signal', async () => {
    const page = { data: [], page: 2, perPage: 20, total: 0 };
    vi.mocked(api.call).mockResolvedValue(page);
    const answer = await new QueryClient().fetchQuery(folderListQuery(query));
    expect(answer).toBe(page);
    expect(api.call).toHaveBeenCalledWith(
      endpoints.folder.list,
      { query },
      { signal: expect.any(AbortSignal) },
    );
  });

  it('keeps the previous page on screen while the next one loads', () => {
    expect(folderListQuery(query).placeholderData).toBe(keepPreviousData);
  });
});
