/** @vitest-environment jsdom */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notFound, ok } from '@trackit/client/testing/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderApp } from '../testing/render-app';
import { folderAnswer, modelAnswer, SHARE_ID } from '../testing/share-fixtures';

const PACKAGE_PATH = `/v1/public/packages/${SHARE_ID}`;
const MODEL_PATH = `${PACKAGE_PATH}/models/11`;

describe('videos and files (/h5/files/:shareId/:modelId)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('plays the videos in place and lists the documents to download with name and size', async () => {
    const calls = stubFetch([['GET', MODEL_PATH, () => ok(modelAnswer())]]);
    const { container } = renderApp(`/files/${SHARE_ID}/11`);

    expect(await screen.findByRole('heading', { name: '视频与文件', level: 1 })).toBeTruthy();
    const videos = container.querySelectorAll('video');
    expect(videos).toHaveLength(1);
    const [video] = videos;
    expect(video?.getAttribute('src')).toMatch(/\/original\/\d+\.mp4$/);
    expect(video?.getAttribute('poster')).toMatch(/\/thumb\/\d+\.webp$/);
    expect(video?.getAttribute('preload')).toBe('metadata');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.hasAttribute('playsinline')).toBe(true);
    expect(screen.getByText('走秀.mp4')).toBeTruthy();
    expect(screen.getByText('15M')).toBeTruthy();

    const card = screen.getByRole('link', { name: /模卡\.pdf/ });
    expect(card.getAttribute('href')).toMatch(/\/original\/\d+\.pdf$/);
    expect(card.getAttribute('download')).toBe('模卡.pdf');
    expect(within(card).getByText('1.5M')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /简历\.pdf/ })).getByText('1.5K')).toBeTruthy();

    // Back goes to the model's page.
    expect(screen.getByRole('link', { name: /林晓/ }).getAttribute('href')).toBe(`/h5/s/${SHARE_ID}/11`);
    await waitFor(() => expect(calls.some((call) => call.path === `${PACKAGE_PATH}/views`)).toBe(true));
    expect(calls.find((call) => call.path === `${PACKAGE_PATH}/views`)?.body).toMatchObject({
      page: 'files',
      model_id: 11,
    });
  });

  it('shows the 404 page when the share is gone', async () => {
    stubFetch([['GET', MODEL_PATH, () => notFound()]]);
    renderApp(`/files/${SHARE_ID}/11`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});

describe('a folder shared alone (/h5/f/:shareId)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows its name, the model, the photos to the gallery, videos and documents, and records no view', async () => {
    const calls = stubFetch([['GET', `/v1/public/folders/${SHARE_ID}`, () => ok(folderAnswer())]]);
    const { container } = renderApp(`/f/${SHARE_ID}`);

    expect(await screen.findByRole('heading', { name: 'Polaroid 2026', level: 1 })).toBeTruthy();
    expect(screen.getByText('林晓 · Lin Xiao')).toBeTruthy();
    const photos = screen.getAllByRole('img', { name: /^林晓 照片/ });
    expect(photos).toHaveLength(2);
    expect(photos[1]?.closest('a')?.getAttribute('href')).toBe(`/h5/f/${SHARE_ID}?i=1`);
    expect(container.querySelectorAll('video')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /尺码表\.pdf/ })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/views'))).toBe(false);
  });
});
