// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UploadItem, UploadQueue } from '@trackit/client/upload/upload-queue';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORNER_PLACES } from './corner-dock';
import { NewVersionNotice } from './new-version-notice';
import { UploadCard } from './upload-card';

vi.mock('../api', () => ({ api: {} }));

const page = (version: string) =>
  `<!doctype html><html><head><meta name="version" content="${version}"></head><body></body></html>`;

let served = page('1.0.0-a');

beforeEach(() => {
  served = page('1.0.0-a');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(served, { status: 200, headers: { 'content-type': 'text/html' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Brings the window back to the front and lets the version check answer. */
const focusWindow = async () => {
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

const uploading: UploadItem = {
  uid: 'u1',
  name: 'look.jpg',
  status: 'error',
  percent: 40,
  thumbUrl: undefined,
  foldId: 1,
  size: 2048,
  contentType: 'image/jpeg',
  error: '网络异常',
  file: undefined,
};

const staticQueue = (items: UploadItem[]): UploadQueue => ({
  subscribe: () => () => undefined,
  getSnapshot: () => items,
  enqueue: () => [],
  retry: vi.fn(),
  clearFinished: vi.fn(),
  isBusy: () => false,
});

describe('NewVersionNotice', () => {
  it('shows 更新提醒 once per new version on focus; 刷新 reloads, × closes', async () => {
    const reload = vi.fn();
    render(
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <NewVersionNotice loaded="1.0.0-a" reload={reload} />
      </ConfigProvider>,
    );
    await focusWindow();
    expect(screen.queryByTestId('new-version-notice')).toBeNull();

    served = page('1.0.1-b');
    await focusWindow();
    const notice = screen.getByTestId('new-version-notice');
    expect(notice.textContent).toContain('更新提醒');
    expect(notice.textContent).toContain('新版本已发布，请刷新页面');
    fireEvent.click(screen.getByTestId('new-version-refresh'));
    expect(reload).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByTestId('new-version-close'));
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    // The same version is not announced twice.
    await focusWindow();
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    served = page('1.0.2-c');
    await focusWindow();
    expect(screen.getByTestId('new-version-notice').dataset.version).toBe('1.0.2-c');
  });

  it('never checks in a development build', async () => {
    render(<NewVersionNotice loaded="dev" />);
    served = page('1.0.1-b');
    await focusWindow();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stacks above the upload card in the bottom-right corner instead of covering it', async () => {
    render(
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <NewVersionNotice loaded="1.0.0-a" />
        <UploadCard queue={staticQueue([uploading])} />
      </ConfigProvider>,
    );
    served = page('1.0.1-b');
    await focusWindow();

    const notice = screen.getByTestId('new-version-notice');
    const card = screen.getByTestId('upload-card');
    // One corner container holds both, each in its own place: the card at the bottom (place 0), the
    // notice above it, so neither hides the other; the card's 重试 stays reachable.
    const dock = document.querySelector('[data-testid="corner-dock"]');
    expect(dock).not.toBeNull();
    expect(dock?.contains(notice)).toBe(true);
    expect(dock?.contains(card)).toBe(true);
    const placeOf = (element: HTMLElement) =>
      element.closest<HTMLElement>('[data-corner-place]')?.style.order;
    expect(placeOf(card)).toBe(String(CORNER_PLACES.uploadCard));
    expect(placeOf(notice)).toBe(String(CORNER_PLACES.newVersionNotice));
    expect(CORNER_PLACES.newVersionNotice).toBeGreaterThan(CORNER_PLACES.uploadCard);
    expect(notice.contains(card) || card.contains(notice)).toBe(false);
    fireEvent.click(screen.getByTestId('upload-card-toggle'));
    expect(screen.getByTestId('upload-retry-u1')).toBeTruthy();
  });
});
