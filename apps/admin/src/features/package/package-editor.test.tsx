// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Folder } from '@trackit/contract/folder.schema';
import type { PackageCreate } from '@trackit/contract/package.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { packageFixture } from './package.fixtures';
import { PackageEditor } from './package-editor';
import { modelDraftOf } from './package-editor-values';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const draft = (id: number, name: string) =>
  modelDraftOf({ id, name, english_name: null, cover_thumb_url: null });

const folder = (id: number, name: string, modelId: number): Folder => ({
  id,
  name,
  kind: 'book',
  model_id: modelId,
  model_name: null,
  file_count: 3,
  previews: [],
  share: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const picture = (id: number, folderId: number): FileItem => ({
  id,
  folder_id: folderId,
  name: `${id}.jpg`,
  content_type: 'image/jpeg',
  byte_size: 2048,
  checksum: 'x',
  kind: 'image',
  thumbnail_state: 'ready',
  url: `/blobs/${id}`,
  thumb_url: `/t${id}.webp`,
  preview_url: `/p${id}.webp`,
  created_at: '2026-01-01T00:00:00Z',
});

/** Each model has one folder (id 30 + model id) holding one picture (id 50 + model id). */
function answerEditor() {
  answerCalls(
    api,
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.folder.list, ({ query }) => {
      const modelId = Number(query?.model_id);
      const folders = [folder(30 + modelId, `模特${modelId} 画册`, modelId)];
      return { data: folders, page: 1, perPage: 100, total: 1 };
    }),
    answer(endpoints.folder.files, ({ params }) => ({
      data: [picture(20 + params.id, params.id)],
      page: 1,
      perPage: 100,
      total: 1,
    })),
    answer(endpoints.package.create, ({ body }) =>
      packageFixture({ id: 40, title: body.title, expires_at: body.expires_at ?? '2099-01-01T00:00:00Z' }),
    ),
    answer(endpoints.package.update, ({ params }) => packageFixture({ id: params.id })),
  );
}

const openEditor = (props: Parameters<typeof PackageEditor>[0]) =>
  renderPage(<PackageEditor {...props} />, '/');

describe('PackageEditor', () => {
  it('sends the models in their order with the folders and photos chosen, and the fields ticked', async () => {
    answerEditor();
    const onCreated = vi.fn();
    openEditor({
      models: [draft(7, '刘晓阳'), draft(8, '王珊'), draft(9, '李想')],
      onClose: vi.fn(),
      onCreated,
    });
    fireEvent.change(await screen.findByTestId('package-title-input'), { target: { value: '  春夏女装 ' } });

    // 李想 before 王珊, then 王珊 out.
    fireEvent.click(screen.getByLabelText('上移 李想'));
    fireEvent.click(screen.getByLabelText('移除 王珊'));
    expect(screen.queryByTestId('package-model-8')).toBeNull();

    // 刘晓阳: one folder.
    const folders = screen.getByTestId('package-model-folders-7');
    fireEvent.mouseDown(within(folders).getByRole('combobox'));
    fireEvent.click(await screen.findByText('模特7 画册（3）'));

    // 李想: one photo.
    fireEvent.click(screen.getByTestId('package-model-photos-9'));
    fireEvent.click(await screen.findByTestId('package-photo-59'));
    expect(screen.getByTestId('package-photos-count').textContent).toBe('已选 1 张');
    fireEvent.click(screen.getByTestId('package-photos-done'));
    await waitFor(() => expect(screen.getByTestId('package-model-photos-9').textContent).toContain('1'));

    // The fields: 英文名 off, 城市 on.
    const fields = screen.getByTestId('package-fields-input');
    fireEvent.click(within(fields).getByLabelText('英文名'));
    fireEvent.click(within(fields).getByLabelText('城市'));

    const before = Date.now();
    fireEvent.click(screen.getByTestId('package-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.package.create)).toHaveLength(1));
    const [{ body }] = callsTo(api, endpoints.package.create)[0] as [{ body: PackageCreate }];
    expect(body).toMatchObject({
      title: '春夏女装',
      message: '',
      company_id: null,
      contact_id: null,
      fields: ['age', 'height', 'measurements', 'shoe_size', 'city'],
      models: [
        { model_id: 7, folder_ids: [37], file_ids: [] },
        { model_id: 9, folder_ids: [], file_ids: [59] },
      ],
    });
    // Open for the default 30 days.
    const days = (Date.parse(body.expires_at as string) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.01);

    // Then the links, absolute, with the QR code of the phone page.
    const created = await screen.findByTestId('package-created');
    const origin = window.location.origin;
    expect(within(created).getByTestId('share-mobile-url').textContent).toContain(
      `${origin}/h5/s/AbCdEfGhIjKlMnOpQrStUvWx`,
    );
    expect(within(created).getByTestId('share-desktop-url').textContent).toContain(
      `${origin}/web/s/AbCdEfGhIjKlMnOpQrStUvWx`,
    );
    expect(within(created).getByTestId('share-qr')).toBeTruthy();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 40 }));
  });

  it("says what is missing in the contract's words, and sends nothing", async () => {
    answerEditor();
    openEditor({ models: [draft(7, '刘晓阳')], onClose: vi.fn() });
    fireEvent.click(await screen.findByLabelText('移除 刘晓阳'));
    fireEvent.click(screen.getByTestId('package-submit'));
    expect(await screen.findByText('*请输入标题')).toBeTruthy();
    expect(await screen.findByText('请至少选择一位模特')).toBeTruthy();
    expect(callsTo(api, endpoints.package.create)).toHaveLength(0);
  });

  it('ties every label to its field, the expiry beside its quick buttons included (accessibility)', async () => {
    answerEditor();
    openEditor({ models: [draft(7, '刘晓阳')], onClose: vi.fn() });
    const title = await screen.findByTestId('package-title-input');
    expect(screen.getByLabelText('标题')).toBe(title);
    expect(screen.getByLabelText('有效期')).toBe(
      screen.getByTestId('package-expiry-input').querySelector('input') ??
        screen.getByTestId('package-expiry-input'),
    );
    for (const name of ['给客户的留言', '客户公司', '联系人'])
      expect(screen.getByLabelText(name), name).toBeTruthy();
  });

  it('sets the expiry from the quick buttons', async () => {
    answerEditor();
    openEditor({ models: [draft(7, '刘晓阳')], onClose: vi.fn() });
    fireEvent.change(await screen.findByTestId('package-title-input'), { target: { value: '一周' } });
    fireEvent.click(screen.getByTestId('package-expiry-7'));
    const before = Date.now();
    fireEvent.click(screen.getByTestId('package-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.package.create)).toHaveLength(1));
    const [{ body }] = callsTo(api, endpoints.package.create)[0] as [{ body: PackageCreate }];
    const days = (Date.parse(body.expires_at as string) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it("changes only what was changed of a stored package (an expired one's expiry stays)", async () => {
    answerEditor();
    const onClose = vi.fn();
    const pkg = packageFixture({ status: 'expired', expires_at: '2026-01-05T08:00:00Z' });
    openEditor({ pkg, onClose });
    const title = await screen.findByTestId('package-title-input');
    expect((title as HTMLInputElement).value).toBe(pkg.title);
    expect(screen.getByTestId('package-company-input').textContent).toContain('杭州青禾服饰有限公司');
    fireEvent.change(title, { target: { value: '春夏女装（第二版）' } });
    fireEvent.click(screen.getByLabelText('下移 刘晓阳'));
    fireEvent.click(screen.getByTestId('package-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.package.update)).toHaveLength(1));
    expect(callsTo(api, endpoints.package.update)[0]?.[0]).toEqual({
      params: { id: 12 },
      body: {
        title: '春夏女装（第二版）',
        models: [
          { model_id: 8, folder_ids: [], file_ids: [] },
          { model_id: 7, folder_ids: [], file_ids: [] },
          { model_id: 9, folder_ids: [], file_ids: [] },
        ],
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("forgets the contact when the company is cleared (another company's contact is not this one's)", async () => {
    answerEditor();
    const pkg = packageFixture();
    openEditor({ pkg, onClose: vi.fn() });
    const contact = await screen.findByTestId('package-contact-input');
    expect(contact.textContent).toContain('陈静');
    const company = screen.getByTestId('package-company-input');
    fireEvent.mouseDown(company.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(company.querySelector('.ant-select-clear') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('package-contact-input')).toBeNull());
    fireEvent.click(screen.getByTestId('package-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.package.update)).toHaveLength(1));
    expect(callsTo(api, endpoints.package.update)[0]?.[0]).toEqual({
      params: { id: 12 },
      body: { company_id: null, contact_id: null },
    });
  });
});
