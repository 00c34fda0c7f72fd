// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { ModelImportResult } from '@trackit/contract/model-sheet.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { renderPage } from '../../testing/render-page';
import { ModelImportPage } from './model-import-page';

vi.mock('../../api', () => ({ api: { upload: vi.fn(), download: vi.fn() } }));

const PREVIEW: ModelImportResult = {
  columns: [
    { key: 'name', header: '姓名' },
    { key: 'gender', header: '性别' },
    { key: 'height', header: '身高（厘米）' },
  ],
  rows: [
    { row: 2, values: { name: '刘晓阳', gender: '女', height: '178' }, errors: {} },
    {
      row: 3,
      values: { name: '身高错', gender: '女', height: '300' },
      errors: { height: '*请输入50-250之间的整数（厘米）' },
    },
    { row: 4, values: { gender: '男' }, errors: { name: '*请输入内容' } },
  ],
  total: 3,
  valid: 1,
  invalid: 2,
  imported: 0,
};

const open = () => renderPage(<ModelImportPage />, '/information/model/import');

const xlsx = (name = 'models.xlsx', size = 10) => new File(['x'.repeat(size)], name);

/** Chooses a file in the page's drop zone (antd's Upload reads the hidden input). */
const choose = async (file: File) => {
  const zone = await screen.findByTestId('model-import-file');
  const input = zone.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ModelImportPage', () => {
  it('previews a chosen file with each bad cell in red and its message, then imports the valid rows', async () => {
    vi.mocked(api.upload)
      .mockResolvedValueOnce(PREVIEW)
      .mockResolvedValueOnce({ ...PREVIEW, imported: 1 });
    const { where } = open();
    const file = xlsx();
    await choose(file);
    expect((await screen.findByTestId('model-import-summary')).textContent).toBe(
      '共 3 行：1 行可导入，2 行有错误',
    );
    expect(api.upload).toHaveBeenCalledWith(
      endpoints.model.import,
      file,
      { query: { dry_run: 'true' } },
      { hideToast: true },
    );
    const bad = screen.getByTestId('import-error-3-height');
    expect(bad.textContent).toBe('300*请输入50-250之间的整数（厘米）');
    expect(screen.getByTestId('import-error-4-name').textContent).toBe('（空）*请输入内容');
    expect(screen.getByTestId('import-row-3').getAttribute('data-invalid')).toBe('true');
    expect(screen.getByTestId('import-row-2').getAttribute('data-invalid')).toBe('false');

    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.queryByTestId('import-row-2')).toBeNull());

    fireEvent.click(screen.getByTestId('model-import-submit'));
    const result = await screen.findByTestId('model-import-result');
    expect(api.upload).toHaveBeenLastCalledWith(
      endpoints.model.import,
      file,
      { query: { dry_run: 'false' } },
      { hideToast: true },
    );
    expect(within(result).getByText('已导入 1 位模特')).toBeTruthy();
    expect(result.textContent).toContain('另有 2 行有错误，未导入');
    fireEvent.click(screen.getByTestId('model-import-back'));
    await waitFor(() => expect(where()).toBe('/information/model'));
  });

  it('names the button by the rows it imports, and disables it when none is valid', async () => {
    vi.mocked(api.upload).mockResolvedValueOnce({
      ...PREVIEW,
      rows: PREVIEW.rows.slice(1),
      total: 2,
      valid: 0,
    });
    open();
    await choose(xlsx());
    const submit = await screen.findByTestId('model-import-submit');
    expect(submit.textContent).toBe('导入 0 位模特');
    expect(submit.hasAttribute('disabled')).toBe(true);
  });

  it('refuses an .xls or too large a file before sending, and shows a refusal of the server', async () => {
    open();
    await choose(xlsx('old.xls'));
    expect((await screen.findByTestId('model-import-error')).textContent).toContain('另存为 .xlsx');
    await choose(xlsx('big.xlsx', 5 * 1024 * 1024 + 1));
    await waitFor(() =>
      expect(screen.getByTestId('model-import-error').textContent).toBe('文件不能超过 5 MB'),
    );
    expect(api.upload).not.toHaveBeenCalled();

    vi.mocked(api.upload).mockRejectedValueOnce(
      new ApiError({ code: 40000, status: 400, message: '缺少必填列：性别，请使用导入模板' }),
    );
    await choose(xlsx());
    await waitFor(() =>
      expect(screen.getByTestId('model-import-error').textContent).toBe('缺少必填列：性别，请使用导入模板'),
    );
  });

  it('downloads the template', async () => {
    vi.mocked(api.download).mockResolvedValueOnce({ blob: new Blob(['x']), fileName: '模特导入模板.xlsx' });
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
    open();
    fireEvent.click(await screen.findByTestId('model-import-template'));
    await waitFor(() => expect(api.download).toHaveBeenCalledWith(endpoints.model.importTemplate));
  });
});
