// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { saveDownloadedFile } from '@trackit/client/save-file';
import { endpoints } from '@trackit/contract/endpoints';
import type { FolderKind } from '@trackit/contract/enums';
import type { Folder } from '@trackit/contract/folder.schema';
import type { FileItem, FileKind } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { CompCardModal } from './comp-card-modal';
import { modelFixture } from './model.fixtures';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));
vi.mock('@trackit/client/save-file', () => ({ saveDownloadedFile: vi.fn() }));

const folder = (id: number, kind: FolderKind, fileCount: number): Folder => ({
  id,
  name: `资源夹${id}`,
  kind,
  model_id: 9,
  model_name: '刘晓阳',
  file_count: fileCount,
  previews: [],
  share: null,
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
});

const file = (id: number, folderId: number, kind: FileKind = 'image'): FileItem => ({
  id,
  folder_id: folderId,
  name: `${id}.jpg`,
  content_type: kind === 'image' ? 'image/jpeg' : 'application/pdf',
  byte_size: 1000,
  checksum: 'x',
  kind,
  thumbnail_state: 'ready',
  url: `/files/${id}`,
  thumb_url: `/thumbs/${id}.webp`,
  preview_url: `/previews/${id}.webp`,
  created_at: '2026-11-01T08:00:00Z',
});

/** A book (the cover and two more), polaroids (three), a video folder and a folder of documents only. */
const FILES: Record<number, FileItem[]> = {
  1: [file(11, 1), file(12, 1), file(13, 1)],
  2: [file(21, 2), file(22, 2), file(23, 2)],
  4: [file(41, 4, 'document')],
};

const answerPictures = () =>
  answerCalls(
    api,
    answer(endpoints.folder.list, () => ({
      data: [folder(1, 'book', 3), folder(2, 'polaroid', 3), folder(3, 'video', 2), folder(4, 'other', 1)],
      page: 1,
      perPage: 100,
      total: 4,
    })),
    answer(endpoints.folder.files, ({ params }) => {
      const data = FILES[params.id];
      if (!data) throw new Error(`folder ${params.id} should not be listed`);
      return { data, page: 1, perPage: 100, total: data.length };
    }),
  );

const withCover = modelFixture({ cover_file_id: 11, cover_thumb_url: '/thumbs/11.webp', hair_color: '黑色' });

const badges = () =>
  ['12', '13', '21', '22', '23'].map(
    (id) => screen.getByTestId(`comp-card-photo-${id}`).querySelector('span')?.textContent ?? '',
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CompCardModal', () => {
  it('shows the cover as the front and ticks the first photos of the book, then of the others', async () => {
    answerPictures();
    renderPage(<CompCardModal model={withCover} onClose={() => undefined} />, '/');
    await screen.findByTestId('comp-card-photo-23');
    expect(screen.getByTestId('comp-card-figures').textContent).toBe(
      '身高 178 · 胸围 84 · 腰围 60 · 臀围 88 · 鞋码 39 · 尺码 S · 发色 黑色',
    );
    const cover = screen.getByTestId('comp-card-photo-11') as HTMLButtonElement;
    expect(cover.disabled).toBe(true);
    expect(cover.textContent).toContain('封面');
    expect(badges()).toEqual(['1', '2', '3', '4', '']);
    expect(screen.getByTestId('comp-card-count').textContent).toBe('已选 4/4');
    // Four are ticked: a fifth waits until one is unticked.
    expect((screen.getByTestId('comp-card-photo-23') as HTMLButtonElement).disabled).toBe(true);
    // Neither the video folder nor the folder of documents is offered.
    expect(screen.queryByTestId('comp-card-folder-3')).toBeNull();
    expect(screen.queryByTestId('comp-card-folder-4')).toBeNull();
  });

  it('downloads the card with the photos in the order ticked, and closes', async () => {
    answerPictures();
    const pdf = { blob: new Blob(['%PDF']), fileName: '模卡-刘晓阳.pdf' };
    vi.mocked(api.download).mockResolvedValue(pdf);
    const onClose = vi.fn();
    renderPage(<CompCardModal model={withCover} onClose={onClose} />, '/');
    fireEvent.click(await screen.findByTestId('comp-card-photo-13'));
    fireEvent.click(screen.getByTestId('comp-card-photo-23'));
    expect(badges()).toEqual(['1', '', '2', '3', '4']);
    fireEvent.click(screen.getByTestId('comp-card-download'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.download).toHaveBeenCalledWith(
      endpoints.model.compCard,
      { params: { id: 9 }, query: { file_ids: [12, 21, 22, 23] } },
      { hideToast: true },
    );
    expect(saveDownloadedFile).toHaveBeenCalledWith(pdf, '模卡-刘晓阳.pdf');
  });

  it('says why the card could not be made, and stays open', async () => {
    answerPictures();
    vi.mocked(api.download).mockRejectedValue(
      new ApiError({ code: 40000, status: 400, message: '照片「12.jpg」无法读取，请换一张' }),
    );
    const onClose = vi.fn();
    renderPage(<CompCardModal model={withCover} onClose={onClose} />, '/');
    await screen.findByTestId('comp-card-photo-12');
    fireEvent.click(screen.getByTestId('comp-card-download'));
    expect((await screen.findByTestId('comp-card-error')).textContent).toBe(
      '照片「12.jpg」无法读取，请换一张',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(saveDownloadedFile).not.toHaveBeenCalled();
  });

  it('puts the first ticked photo on the front of a model without a cover', async () => {
    answerPictures();
    renderPage(<CompCardModal model={modelFixture()} onClose={() => undefined} />, '/');
    await screen.findByTestId('comp-card-photo-11');
    expect(screen.getByText('该模特还没有设置封面：第一张所选照片印在正面。')).toBeTruthy();
    expect(screen.getByTestId('comp-card-photo-11').textContent).toBe('正面');
    expect(screen.getByTestId('comp-card-front').querySelector('img')?.getAttribute('src')).toBe(
      '/thumbs/11.webp',
    );
    expect(callsTo(api, endpoints.folder.files)).toHaveLength(3);
  });
});
