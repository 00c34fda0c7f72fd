// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Folder } from '@trackit/contract/folder.schema';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { modelFixture } from './model.fixtures';
import { ModelHistory } from './model-history';
import { ModelResources } from './model-resources';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));
vi.mock('../../uploads', () => ({ useUploadedCount: () => 0, uploadQueue: { enqueue: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const model = modelFixture();

const folder = (id: number, name: string, kind: Folder['kind']): Folder => ({
  id,
  name,
  kind,
  model_id: model.id,
  model_name: model.name,
  file_count: id === 12 ? 1 : 0,
  previews: [],
  share: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const picture: FileItem = {
  id: 1,
  folder_id: 12,
  name: 'look-1.jpg',
  content_type: 'image/jpeg',
  byte_size: 2048,
  checksum: 'x',
  kind: 'image',
  thumbnail_state: 'ready',
  url: '/blobs/1',
  thumb_url: '/t1.webp',
  preview_url: '/p1.webp',
  created_at: '2026-01-01T00:00:00Z',
};

function answerResources(folders: Folder[]) {
  let stored = folders;
  answerCalls(
    api,
    answer(endpoints.folder.list, () => ({ data: stored, page: 1, perPage: 100, total: stored.length })),
    answer(endpoints.folder.files, ({ params }) => {
      const files = params.id === 12 ? [picture] : [];
      return { data: files, page: 1, perPage: 100, total: files.length };
    }),
    answer(endpoints.folder.create, ({ body }) => {
      const created = folder(20, body.name, body.kind ?? 'other');
      stored = [...stored, created];
      return created;
    }),
    answer(endpoints.model.get, () => model),
  );
}

describe("ModelResources: the model's folders and their files", () => {
  it('lists the folders, shows the first one’s files, and switches to another', async () => {
    answerResources([folder(12, '画册', 'book'), folder(13, '拍立得', 'polaroid')]);
    renderPage(<ModelResources model={model} canEdit />, '/');
    await screen.findByTestId('folder-file-1');
    expect(callsTo(api, endpoints.folder.list)[0]?.[0]).toEqual({
      query: { model_id: model.id, sort: 'created_at', page: 1, per_page: 100 },
    });
    const choices = screen.getAllByTestId('model-folder');
    expect(choices.map((choice) => choice.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(screen.getByTestId('folder-upload')).toBeTruthy();
    fireEvent.click(choices[1] as HTMLElement);
    await screen.findByText('点击或拖拽文件、文件夹到此处上传');
    expect(screen.queryByTestId('folder-file-1')).toBeNull();
  });

  it('creates a book named after the model (刘晓阳 画册) for a model without folders, and opens it', async () => {
    answerResources([]);
    renderPage(<ModelResources model={model} canEdit />, '/');
    fireEvent.click(await screen.findByTestId('model-folder-create'));
    expect((screen.getByTestId('folder-name-input') as HTMLInputElement).value).toBe('刘晓阳 画册');
    fireEvent.click(screen.getByTestId('folder-create-submit'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.folder.create)[0]?.[0]).toEqual({
        body: { name: '刘晓阳 画册', kind: 'book', model_id: model.id },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('model-folder')).toHaveLength(1));
  });

  it('offers a member who may only read nothing to change', async () => {
    answerResources([folder(12, '画册', 'book')]);
    renderPage(<ModelResources model={model} canEdit={false} />, '/');
    await screen.findByTestId('folder-file-1');
    expect(screen.queryByTestId('folder-upload')).toBeNull();
    expect(screen.queryByTestId('model-folder-create')).toBeNull();
    expect(screen.queryByTestId('file-delete-1')).toBeNull();
  });
});

const entry = (id: number, overrides: Partial<RecordHistoryEntry>): RecordHistoryEntry => ({
  id,
  action: 'model_update',
  action_label: '修改模特',
  member: { id: 1, nickname: '林晓' },
  sentence: `修改了模特「${model.name}」`,
  changes: [],
  link: `/admin/information/model/${model.id}`,
  created_at: '2026-11-20T02:00:00Z',
  ...overrides,
});

describe("ModelHistory: the model's operation history", () => {
  it('shows who did what with the changed fields, linking to a folder but not to the model itself', async () => {
    answerCalls(
      api,
      permissionsAnswer({ data_management: 'read' }),
      answer(endpoints.model.history, () => ({
        data: [
          entry(2, {
            action: 'file_upload',
            sentence: '上传了文件 look-1.jpg 到资源夹「画册」',
            link: '/admin/information/folder/12',
          }),
          entry(1, { changes: [{ field: '身高', before: '176', after: '178' }] }),
        ],
        page: 1,
        perPage: 20,
        total: 2,
      })),
    );
    renderPage(<ModelHistory modelId={model.id} />, '/');
    const entries = await screen.findAllByTestId('model-history-entry');
    expect(entries).toHaveLength(2);
    const [upload, update] = entries as [HTMLElement, HTMLElement];
    expect(upload.textContent).toContain('林晓 上传了文件 look-1.jpg 到资源夹「画册」');
    // 查看 comes once the member's levels say the folder's page opens.
    expect((await within(upload).findByText('查看')).getAttribute('href')).toBe('/information/folder/12');
    expect(update.textContent).toContain('身高：176 → 178');
    expect(within(update).queryByText('查看')).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    answerCalls(
      api,
      answer(endpoints.model.history, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    );
    renderPage(<ModelHistory modelId={model.id} />, '/');
    expect(await screen.findByText('还没有操作记录')).toBeTruthy();
  });
});
