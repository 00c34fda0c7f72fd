// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { answer, answerCalls } from '../testing/api-answers';
import { renderPage } from '../testing/render-page';
import { RecordInfoCard } from './record-info-card';

vi.mock('../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderCard(level: PermissionLevel, onStatus = vi.fn()) {
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level }]),
  );
  renderPage(
    <RecordInfoCard
      tags={<span>重点客户</span>}
      permission="data_management"
      status="active"
      archiveQuestion="归档该公司？"
      busy={false}
      testId="company"
      onStatus={onStatus}
      editForm={({ close, saved }) => (
        <div>
          <button type="button" onClick={close}>
            取消编辑
          </button>
          <button type="button" onClick={saved}>
            提交
          </button>
        </div>
      )}
    >
      <p>公司详情</p>
    </RecordInfoCard>,
    '/',
  );
  return onStatus;
}

describe('RecordInfoCard: a record’s details, its form after 编辑, and 归档', () => {
  it('swaps the details for the form, and back with 保存成功 once saved', async () => {
    renderCard('edit');
    fireEvent.click(await screen.findByTestId('company-edit'));
    expect(screen.queryByText('公司详情')).toBeNull();
    expect(screen.queryByTestId('company-edit')).toBeNull();
    fireEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(screen.getByText('公司详情')).toBeTruthy();
    fireEvent.click(screen.getByTestId('company-edit'));
    fireEvent.click(screen.getByText('取消编辑'));
    expect(screen.getByText('公司详情')).toBeTruthy();
  });

  it('archives after the confirmation at manage level, and says so when done', async () => {
    const onStatus = renderCard(
      'manage',
      vi.fn((_status: string, done: () => void) => done()),
    );
    fireEvent.click(await screen.findByTestId('company-archive'));
    // The confirmation's OK button (a portal; its label depends on the locale, so found by its place).
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no open confirmation');
      return button;
    });
    expect(onStatus).not.toHaveBeenCalled();
    fireEvent.click(ok);
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith('archived', expect.any(Function)));
    expect(await screen.findByText('已归档')).toBeTruthy();
  });

  it('offers nothing to archive below manage', async () => {
    renderCard('edit');
    await screen.findByTestId('company-edit');
    expect(screen.queryByTestId('company-archive')).toBeNull();
  });
});
