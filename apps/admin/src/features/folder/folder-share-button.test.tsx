// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Folder } from '@trackit/contract/folder.schema';
import type { FolderShare } from '@trackit/contract/package.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { folderKeys, folderQuery } from './folder.queries';
import { FolderShareButton } from './folder-share-button';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const SHARE: FolderShare = {
  share_id: 'FfGgHhIiJjKkLlMmNnOoPpQq',
  mobile_url: '/h5/f/FfGgHhIiJjKkLlMmNnOoPpQq',
  desktop_url: '/web/f/FfGgHhIiJjKkLlMmNnOoPpQq',
  created_at: '2026-01-02T08:00:00Z',
};

const FOLDER: Folder = {
  id: 12,
  name: '刘晓阳 画册',
  kind: 'book',
  model_id: 7,
  model_name: '刘晓阳',
  file_count: 3,
  previews: [],
  share: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/** The button as the folder page has it: the folder from its query. */
function OnFolderPage() {
  const folder = useQuery(folderQuery(12));
  return folder.data ? <FolderShareButton folder={folder.data} canEdit /> : null;
}

function answerShare() {
  answerCalls(
    api,
    answer(endpoints.folder.share, () => SHARE),
    answer(endpoints.folder.revokeShare, () => null),
  );
}

describe('FolderShareButton', () => {
  it('shares a folder that is not shared, then shows its links and QR code', async () => {
    answerCalls(
      api,
      answer(endpoints.folder.get, () => FOLDER),
      answer(endpoints.folder.share, () => SHARE),
    );
    renderPage(<OnFolderPage />, '/');
    fireEvent.click(await screen.findByTestId('folder-share'));
    await waitFor(() => expect(callsTo(api, endpoints.folder.share)).toEqual([[{ params: { id: 12 } }]]));
    // The page's folder now has the link (no second call for it).
    const panel = await screen.findByTestId('folder-share-panel');
    expect(panel.textContent).toContain(`${window.location.origin}/h5/f/${SHARE.share_id}`);
    expect(screen.getByTestId('share-qr')).toBeTruthy();
    expect(screen.getByTestId('folder-share').textContent).toContain('分享链接');
    expect(callsTo(api, endpoints.folder.get)).toHaveLength(1);
  });

  it('shows the links of a shared folder without asking again, and stops sharing after confirming', async () => {
    answerShare();
    const { queryClient } = renderPage(
      <FolderShareButton folder={{ ...FOLDER, share: SHARE }} canEdit />,
      '/',
    );
    queryClient.setQueryData(folderKeys.detail(12), { ...FOLDER, share: SHARE });
    expect(screen.getByTestId('folder-share').textContent).toContain('分享链接');
    fireEvent.click(screen.getByTestId('folder-share'));
    const panel = await screen.findByTestId('folder-share-panel');
    expect(panel.textContent).toContain(`${window.location.origin}/h5/f/${SHARE.share_id}`);
    expect(panel.textContent).toContain(`${window.location.origin}/web/f/${SHARE.share_id}`);
    expect(screen.getByTestId('share-qr')).toBeTruthy();
    expect(callsTo(api, endpoints.folder.share)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('folder-share-revoke'));
    expect(await screen.findByText('链接立即失效；再次分享会生成新链接')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous') as HTMLElement);
    await waitFor(() =>
      expect(callsTo(api, endpoints.folder.revokeShare)).toEqual([[{ params: { id: 12 } }]]),
    );
    await waitFor(() => expect(queryClient.getQueryData<Folder>(folderKeys.detail(12))?.share).toBeNull());
  });

  it('is not there for a member who may only read a folder that is not shared', () => {
    answerShare();
    renderPage(<FolderShareButton folder={FOLDER} canEdit={false} />, '/');
    expect(screen.queryByTestId('folder-share')).toBeNull();
  });

  it('shows a shared folder’s links, without 取消分享, to a member who may only read', async () => {
    answerShare();
    renderPage(<FolderShareButton folder={{ ...FOLDER, share: SHARE }} canEdit={false} />, '/');
    fireEvent.click(screen.getByTestId('folder-share'));
    await screen.findByTestId('folder-share-panel');
    expect(screen.queryByTestId('folder-share-revoke')).toBeNull();
  });
});
