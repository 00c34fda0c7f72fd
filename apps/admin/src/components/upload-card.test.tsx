// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UploadItem, UploadQueue } from '@trackit/client/upload/upload-queue';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadCard } from './upload-card';

vi.mock('../api', () => ({ api: {} }));

const item = (uid: string, status: UploadItem['status'], percent = 0, error?: string): UploadItem => ({
  uid,
  name: `${uid}.jpg`,
  status,
  percent,
  thumbUrl: status === 'success' ? `blob:${uid}` : undefined,
  foldId: 1,
  size: 2048,
  contentType: 'image/jpeg',
  error,
  file: undefined,
});

/** A queue whose items the test sets; records retries and clears. */
const fakeQueue = (initial: UploadItem[]) => {
  let items: readonly UploadItem[] = initial;
  const listeners = new Set<() => void>();
  const queue: UploadQueue & { set(next: UploadItem[]): void } = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    enqueue: () => [],
    retry: vi.fn(),
    clearFinished: vi.fn(() => queue.set(items.filter((candidate) => candidate.status === 'uploading'))),
    isBusy: () => items.some((candidate) => candidate.status === 'uploading'),
    set(next) {
      items = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
  return queue;
};

const renderCard = (queue: UploadQueue) =>
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <UploadCard queue={queue} />
    </ConfigProvider>,
  );

afterEach(cleanup);

describe('UploadCard', () => {
  it('shows nothing without uploads', () => {
    renderCard(fakeQueue([]));
    expect(screen.queryByTestId('upload-card')).toBeNull();
  });

  it('simple view: 已完成 {done}/{total}, no 关闭 while files upload', () => {
    renderCard(fakeQueue([item('a', 'success', 100), item('b', 'uploading', 40), item('c', 'uploading')]));
    expect(screen.getByTestId('upload-card').dataset.view).toBe('simple');
    expect(screen.getByTestId('upload-card-summary').textContent).toBe('已完成 1/3');
    expect(screen.queryByTestId('upload-card-close')).toBeNull();
    expect(screen.queryByTestId('upload-item-a')).toBeNull();
    expect(screen.getByTestId('upload-card-toggle').textContent).toBe('查看详情');
    expect(screen.getByTestId('upload-card-hide').textContent).toBe('隐藏');
  });

  it('detail view: each file with 成功, or 失败 and 重试', () => {
    const queue = fakeQueue([
      item('a', 'success', 100),
      item('b', 'error', 30, '文件存储失败（状态码 500）'),
    ]);
    renderCard(queue);
    fireEvent.click(screen.getByTestId('upload-card-toggle'));
    expect(screen.getByTestId('upload-card').dataset.view).toBe('detail');

    const done = screen.getByTestId('upload-item-a');
    expect(done.dataset.status).toBe('success');
    expect(done.textContent).toContain('成功');
    expect(done.querySelector('img')?.getAttribute('src')).toBe('blob:a');

    const failed = screen.getByTestId('upload-item-b');
    expect(failed.dataset.status).toBe('error');
    expect(failed.textContent).toContain('失败');
    expect(failed.textContent).toContain('文件存储失败（状态码 500）');
    fireEvent.click(screen.getByTestId('upload-retry-b'));
    expect(queue.retry).toHaveBeenCalledWith('b');
  });

  it('关闭 appears once all ended and clears the list', () => {
    const queue = fakeQueue([item('a', 'success', 100), item('b', 'uploading', 50)]);
    renderCard(queue);
    expect(screen.queryByTestId('upload-card-close')).toBeNull();
    queue.set([item('a', 'success', 100), item('b', 'error', 50, '网络异常')]);
    fireEvent.click(screen.getByTestId('upload-card-close'));
    expect(queue.clearFinished).toHaveBeenCalled();
    expect(screen.queryByTestId('upload-card')).toBeNull();
  });

  it('counts failures apart: 已完成 0/6 with 5 failed is not 88 %, and the bar shows them in red', () => {
    const failed = (uid: string) => item(uid, 'error', 90, '网络异常');
    const queue = fakeQueue([
      failed('a'),
      failed('b'),
      failed('c'),
      failed('d'),
      failed('e'),
      item('f', 'uploading', 30),
    ]);
    renderCard(queue);
    expect(screen.getByTestId('upload-card-summary').textContent).toBe('已完成 0/6');
    expect(screen.getByTestId('upload-card-failed').textContent).toBe('失败 5');
    expect(screen.getByTestId('upload-card').textContent).not.toContain('88%');
    // Progress over the one file that can still finish.
    expect(screen.getByTestId('upload-card-percent').textContent).toBe('30%');
    const bar = screen.getByTestId('upload-card-bar');
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('已完成 0/6，失败 5');
    expect(bar.dataset.state).toBe('active');
    // On the whole batch's bar: 30 % of one file in six uploaded, five files in six failed.
    expect(screen.getByTestId('upload-card-bar-progress').style.width).toBe('5%');
    expect(Number.parseFloat(screen.getByTestId('upload-card-bar-failed').style.width)).toBeCloseTo(83.33, 1);

    // Everything failed: nothing looks done.
    queue.set(['a', 'b', 'c', 'd', 'e', 'f'].map(failed));
    expect(screen.getByTestId('upload-card-bar').getAttribute('aria-valuenow')).toBe('0');
    // No percentage at all: a red warning sign instead.
    expect(screen.getByTestId('upload-card-percent').textContent).toBe('');
    expect(
      screen.getByTestId('upload-card-percent').querySelector('[aria-label="exclamation-circle"]'),
    ).not.toBeNull();
    expect(screen.getByTestId('upload-card-bar').dataset.state).toBe('failed');
    expect(screen.getByTestId('upload-card-bar-progress').style.width).toBe('0%');
    expect(screen.getByTestId('upload-card-bar-failed').style.width).toBe('100%');
    expect(screen.getByTestId('upload-card-failed').textContent).toBe('失败 6');
  });

  it('a batch without failures ends full and green, with no red part', () => {
    const queue = fakeQueue([item('a', 'success', 100), item('b', 'uploading', 50)]);
    renderCard(queue);
    expect(screen.getByTestId('upload-card-percent').textContent).toBe('75%');
    expect(screen.queryByTestId('upload-card-bar-failed')).toBeNull();
    queue.set([item('a', 'success', 100), item('b', 'success', 100)]);
    expect(screen.getByTestId('upload-card-bar').dataset.state).toBe('done');
    expect(screen.getByTestId('upload-card-bar-progress').style.width).toBe('100%');
    expect(screen.queryByTestId('upload-card-failed')).toBeNull();
  });

  it('隐藏 folds it into a pill that reopens it; new files reopen it too', () => {
    const queue = fakeQueue([item('a', 'uploading', 10)]);
    renderCard(queue);
    fireEvent.click(screen.getByTestId('upload-card-hide'));
    expect(screen.queryByTestId('upload-card')).toBeNull();
    expect(screen.getByTestId('upload-card-pill').textContent).toContain('已完成 0/1');
    queue.set([item('a', 'error', 10, '网络异常')]);
    expect(screen.getByTestId('upload-card-pill').textContent).toBe('已完成 0/1失败 1');
    queue.set([item('a', 'uploading', 10)]);

    fireEvent.click(screen.getByTestId('upload-card-pill'));
    expect(screen.getByTestId('upload-card')).toBeTruthy();

    fireEvent.click(screen.getByTestId('upload-card-hide'));
    queue.set([item('a', 'uploading', 10), item('b', 'uploading')]);
    expect(screen.getByTestId('upload-card-summary').textContent).toBe('已完成 0/2');
  });
});
