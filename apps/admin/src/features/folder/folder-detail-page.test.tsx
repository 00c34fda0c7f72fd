// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import { UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { BreadcrumbTitleContext, type PageTitleOverride } from '../../layouts/breadcrumb-title';
import { answer, answerCalls } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
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
