// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bothQueries, type QueryLoading, QueryState } from './query-state';

afterEach(cleanup);

/** A query whose answers the test hands out one by one. */
function deferredFetch<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const fetch = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('no call waiting');
    return call;
  };
  return { fetch, next };
}

function Names({
  fetch,
  loading,
  withEmpty = false,
}: {
  fetch: () => Promise<string[]>;
  loading?: QueryLoading;
  withEmpty?: boolean;
}) {
  const names = useQuery({ queryKey: ['names'], queryFn: fetch, retry: false });
  return (
    <QueryState
      query={names}
      loading={loading}
      empty={
        withEmpty
          ? { when: (list) => list.length === 0, text: '还没有名字', testId: 'names-empty' }
          : undefined
      }
    >
      {(list) => <p data-testid="names">{list.join('、')}</p>}
    </QueryState>
  );
}

// The app's provider writes 重试 without antd's space between two characters.
const renderWith = (node: React.ReactNode) =>
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </ConfigProvider>,
  );

describe('QueryState', () => {
  it('shows a skeleton while loading, then the children with the data', async () => {
    const { fetch, next } = deferredFetch<string[]>();
    renderWith(<Names fetch={fetch} />);
    expect(screen.getByTestId('query-loading')).toBeTruthy();
    expect(screen.queryByTestId('names')).toBeNull();
    next().resolve(['林晓', '周雨']);
    expect((await screen.findByTestId('names')).textContent).toBe('林晓、周雨');
    expect(screen.queryByTestId('query-loading')).toBeNull();
  });

  it('shows the page spinner or a node of the page’s own while loading when asked', () => {
    renderWith(<Names fetch={deferredFetch<string[]>().fetch} loading="page" />);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    cleanup();
    renderWith(
      <Names fetch={deferredFetch<string[]>().fetch} loading={{ node: <span data-testid="own" /> }} />,
    );
    expect(screen.getByTestId('own')).toBeTruthy();
  });

  it('shows the API’s message with 重试, which asks again and shows the data', async () => {
    const { fetch, next } = deferredFetch<string[]>();
    renderWith(<Names fetch={fetch} />);
    next().reject(new Error('服务繁忙，请稍后再试'));
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('服务繁忙，请稍后再试');
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    next().resolve(['林晓']);
    expect((await screen.findByTestId('names')).textContent).toBe('林晓');
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('says the empty text for an answer with nothing in it', async () => {
    const { fetch, next } = deferredFetch<string[]>();
    renderWith(<Names fetch={fetch} withEmpty />);
    next().resolve([]);
    expect((await screen.findByTestId('names-empty')).textContent).toContain('还没有名字');
    expect(screen.queryByTestId('names')).toBeNull();
  });

  it('reads two queries as one: data once both answered, the first error, 重试 asks both', () => {
    const refetchA = vi.fn();
    const refetchB = vi.fn();
    const a = { data: 1, error: null, isFetching: false, refetch: refetchA };
    const b = { data: undefined, error: new Error('失败'), isFetching: true, refetch: refetchB };
    const both = bothQueries(a, b);
    expect(both.data).toBeUndefined();
    expect(both.error?.message).toBe('失败');
    expect(both.isFetching).toBe(true);
    both.refetch();
    expect(refetchA).toHaveBeenCalledOnce();
    expect(refetchB).toHaveBeenCalledOnce();
    expect(bothQueries(a, { ...b, data: 'x', error: null }).data).toEqual([1, 'x']);
  });
});
