/** @vitest-environment jsdom */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notFound, ok, stubFetch } from '@trackit/client/testing/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { folderAnswer, SHARE_ID } from '../../testing/share-fixtures';

const FOLDER_PATH = `/v1/public/folders/${SHARE_ID}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a folder shared alone', () => {
  it("shows its name, the model's name, photos, videos and documents, and records no view", async () => {
    const seen = stubFetch([['GET', FOLDER_PATH, () => ok(folderAnswer())]]);
    renderApp(`/f/${SHARE_ID}`);
    expect((await screen.findByTestId('folder-name')).textContent).toBe('2025 春夏画册');
    expect(screen.getByTestId('folder-model').textContent).toBe('林晓Lin Xiao');
    expect(screen.getByTestId('team-name').textContent).toBe('星辰模特经纪');
    const photos = [...screen.getByTestId('photos').querySelectorAll('img')];
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual([
      'https://files.test/thumb/401.webp',
      'https://files.test/thumb/402.webp',
    ]);
    expect(within(screen.getByTestId('videos')).getAllByTestId('video')).toHaveLength(1);
    expect(within(screen.getByTestId('documents')).getByText('模特卡.pdf')).toBeTruthy();
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${FOLDER_PATH}`]);
  });

  it('takes renewed addresses when the folder is fetched again (they are signed for minutes)', async () => {
    let answer = folderAnswer();
    stubFetch([['GET', FOLDER_PATH, () => ok(answer)]]);
    const { queryClient } = renderApp(`/f/${SHARE_ID}`);
    await screen.findByTestId('photos');
    const renew = (url: string | null) => url && `${url}?renewed`;
    answer = {
      ...answer,
      photos: answer.photos.map((file) => ({ ...file, thumb_url: renew(file.thumb_url) })),
      files: answer.files.map((file) => ({ ...file, url: `${file.url}?renewed` })),
    };
    await queryClient.refetchQueries();
    await waitFor(() =>
      expect(screen.getByTestId('photos').querySelector('img')?.getAttribute('src')).toBe(
        'https://files.test/thumb/401.webp?renewed',
      ),
    );
    // A video not started yet takes its new address at once.
    expect(screen.getByTestId('video').getAttribute('src')).toBe(
      'https://files.test/original/403.mp4?renewed',
    );
  });

  it('shows the 404 page for an unknown or revoked folder link', async () => {
    stubFetch([['GET', FOLDER_PATH, () => notFound()]]);
    renderApp(`/f/${SHARE_ID}`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});
