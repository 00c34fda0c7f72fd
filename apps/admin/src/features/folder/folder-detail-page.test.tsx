// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Folder } from '@trackit/contract/folder.schema';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import type { FileItem } from '@trackit/contract/upload.schema';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { BreadcrumbTitleContext, type PageTitleOverride } from '../../layouts/breadcrumb-title';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { folderKeys } from './folder.queries';
import { FolderDetailPage } from './folder-detail-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));
vi.mock('../../uploads', () => ({ useUploadedCount: () => 0, uploadQueue: { enqueue: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The page with the shell's breadcrumb-title context, showing the title it sets. */
function WithBreadcrumb() {
  const [override, setOverride] = useState<PageTitleOverride>();
  return (
    <BreadcrumbTitleContext value={setOverride}>
      <output data-testid="crumb-title">{override?.title ?? ''}</output>
      <FolderDetailPage />
    </BreadcrumbTitleContext>
  );
}

describe('FolderDetailPage', () => {
  it('names a folder that is not there as such, in the breadcrumb too, never by its id', async () => {
    answerCalls(
      api,
      answer(endpoints.folder.get, () => {
        throw new ApiError({ code: 40400, message: UPLOAD_MESSAGES.folderNotFound, status: 404 });
      }),
    );
    renderPage(<WithBreadcrumb />, '/information/folder/:id', '/information/folder/987654');
    await screen.findByTestId('folder-missing');
    await waitFor(() =>
      expect(screen.getByTestId('crumb-title').textContent).toBe(UPLOAD_MESSAGES.folderNotFound),
    );
    expect(screen.getByTestId('not-found-illustration')).toBeTruthy();
    expect(screen.getByTestId('folder-missing').textContent).not.toContain('987654');
  });

  it('offers a retry, not a 404, when the folder could not be loaded', async () => {
    answerCalls(
      api,
      answer(endpoints.folder.get, () => {
        throw new ApiError({ code: 0, message: '网络异常', status: 0 });
      }),
    );
    renderPage(<WithBreadcrumb />, '/information/folder/:id', '/information/folder/12');
    await screen.findByText('网络异常');
    expect(screen.queryByTestId('folder-missing')).toBeNull();
  });
});

const FOLDER: Folder = {
  id: 12,
  name: '刘晓阳 画册',
  kind: 'book',
  model_id: 7,
  model_name: '刘晓阳',
  file_count: 3,
  previews: [],
  share: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const picture = (id: number, name: string): FileItem => ({
  id,
  folder_id: 12,
  name,
  content_type: 'image/jpeg',
  byte_size: 2048,
  checksum: 'x',
  kind: 'image',
  thumbnail_state: 'ready',
  url: `/blobs/${id}`,
  thumb_url: `/t${id}.webp`,
  preview_url: `/p${id}.webp`,
  created_at: '2025-01-01T00:00:00Z',
});

/** The folder page over a folder of a model with three pictures, for a member at `level`. */
function answerFolder(level: PermissionLevel) {
  let folder = FOLDER;
  let files = [picture(1, 'a.jpg'), picture(2, 'b.jpg'), picture(3, 'c.jpg')];
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management', level }] as never),
    answer(endpoints.folder.get, () => folder),
    answer(endpoints.folder.files, () => ({ data: files, page: 1, perPage: 100, total: files.length })),
    answer(endpoints.folder.update, ({ body }) => {
      folder = { ...folder, ...body };
      return folder;
    }),
    answer(endpoints.folder.orderFiles, ({ body }) => {
      files = body.file_ids.map((id) => files.find((file) => file.id === id) as FileItem);
      return null;
    }),
    answer(endpoints.folder.deleteFile, ({ params }) => {
      files = files.filter((file) => file.id !== params.id);
      return null;
    }),
    answer(endpoints.folder.moveFiles, ({ body }) => {
      files = files.filter((file) => !body.file_ids.includes(file.id));
      return null;
    }),
    answer(endpoints.folder.list, () => ({
      data: [FOLDER, { ...FOLDER, id: 13, name: '刘晓阳 拍立得', kind: 'polaroid' as const }],
      page: 1,
      perPage: 100,
      total: 2,
    })),
    answer(endpoints.model.get, () => ({ id: 7, name: '刘晓阳', cover_file_id: 1 }) as never),
    answer(endpoints.model.update, () => ({ id: 7, name: '刘晓阳', cover_file_id: 2 }) as never),
  );
}

const openFolder = () =>
  renderPage(<FolderDetailPage />, '/information/folder/:id', '/information/folder/12');

describe('FolderDetailPage: editing', () => {
  it('shows the kind and model, and only files to look at for a member who may read', async () => {
    answerFolder('read');
    openFolder();
    await screen.findByTestId('folder-file-3');
    expect(screen.getByTestId('folder-kind').textContent).toBe('画册');
    expect(screen.getByTestId('folder-model').getAttribute('href')).toBe('/information/model/7');
    expect(screen.queryByTestId('folder-edit')).toBeNull();
    expect(screen.queryByTestId('file-delete-1')).toBeNull();
    // Adding a file needs edit: no upload button for a reader.
    expect(screen.queryByTestId('folder-upload')).toBeNull();
  });

  it('renames and changes the kind', async () => {
    answerFolder('edit');
    const { queryClient } = openFolder();
    fireEvent.click(await screen.findByTestId('folder-edit'));
    fireEvent.change(await screen.findByTestId('folder-name-input'), {
      target: { value: '刘晓阳 2025 画册' },
    });
    fireEvent.click(screen.getByTestId('folder-create-submit'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(callsTo(api, endpoints.folder.update)[0]?.[0]).toEqual({
      params: { id: 12 },
      body: { name: '刘晓阳 2025 画册', kind: 'book' },
    });
    expect(queryClient.getQueryData(folderKeys.detail(12))).toMatchObject({ name: '刘晓阳 2025 画册' });
  });

  it('sends the whole new order when a file moves later, and shows it', async () => {
    answerFolder('edit');
    openFolder();
    fireEvent.click(await screen.findByTestId('file-later-1'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.folder.orderFiles)[0]?.[0]).toEqual({
        params: { id: 12 },
        body: { file_ids: [2, 1, 3] },
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('folder-grid'))
          .getAllByRole('figure')
          .map((tile) => tile.getAttribute('data-testid')),
      ).toEqual(['folder-file-2', 'folder-file-1', 'folder-file-3']),
    );
  });

  it('makes a picture the model’s cover through the model’s update, and marks the current cover', async () => {
    answerFolder('edit');
    openFolder();
    await waitFor(() =>
      expect((screen.getByTestId('file-cover-1') as HTMLButtonElement).disabled).toBe(true),
    );
    fireEvent.click(screen.getByTestId('file-cover-2'));
    expect(await screen.findByText('已设为模特封面')).toBeTruthy();
    expect(callsTo(api, endpoints.model.update)[0]?.[0]).toEqual({
      params: { id: 7 },
      body: { cover_file_id: 2 },
    });
  });

  it('deletes a file after the confirmation', async () => {
    answerFolder('edit');
    openFolder();
    fireEvent.click(await screen.findByTestId('file-delete-3'));
    fireEvent.click(await screen.findByTestId('file-delete-confirm'));
    expect(await screen.findByText('已删除')).toBeTruthy();
    expect(callsTo(api, endpoints.folder.deleteFile)[0]?.[0]).toEqual({ params: { id: 3 } });
    await waitFor(() => expect(screen.queryByTestId('folder-file-3')).toBeNull());
  });

  it('moves the selected files to another folder of the same model', async () => {
    answerFolder('edit');
    openFolder();
    fireEvent.click(await screen.findByTestId('file-select-1'));
    fireEvent.click(screen.getByTestId('file-select-2'));
    expect(screen.getByTestId('file-selection-bar').textContent).toContain('已选 2 个文件');
    fireEvent.click(screen.getByTestId('file-move'));
    const target = await screen.findByTestId('file-move-target');
    fireEvent.mouseDown(within(target).getByRole('combobox'));
    // The folder itself is not offered.
    fireEvent.click(await screen.findByTitle('刘晓阳 拍立得'));
    expect(screen.queryByTitle('刘晓阳 画册')).toBeNull();
    fireEvent.click(screen.getByTestId('file-move-submit'));
    expect(await screen.findByText('移动成功')).toBeTruthy();
    expect(callsTo(api, endpoints.folder.moveFiles)[0]?.[0]).toEqual({
      body: { file_ids: [1, 2], folder_id: 13 },
    });
    await waitFor(() => expect(screen.queryByTestId('folder-file-1')).toBeNull());
    expect(screen.queryByTestId('file-selection-bar')).toBeNull();
  });
});
