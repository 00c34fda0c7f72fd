// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { endpoints } from '@trackit/contract/endpoints';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo, permissionsAnswer } from '../../testing/api-answers';
import { renderPage as renderPageAt } from '../../testing/render-page';
import { OperatePage } from './operate-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const logs: OperationLog[] = [
  {
    id: 3,
    action: 'file_upload',
    action_label: '上传文件',
    member: { id: 7, nickname: '王小明' },
    sentence: '上传了文件 a.jpg 到资源夹「2025 春夏画册」',
    changes: [],
    link: '/admin/information/folder/12',
    ip: '10.0.0.1',
    created_at: '2025-01-01T09:00:00+08:00',
  },
  {
    id: 2,
    action: 'profile_update',
    action_label: '修改个人资料',
    member: { id: 7, nickname: '王小明' },
    sentence: '修改了昵称',
    changes: [{ field: '昵称', before: '小王', after: '王小明' }],
    link: null,
    ip: '10.0.0.2',
    created_at: '2025-01-01T08:00:00+08:00',
  },
  {
    id: 1,
    action: 'sign_out_devices',
    action_label: '下线指定设备',
    member: null,
    sentence: '下线了 2 台设备',
    changes: [{ field: '备注', before: '', after: '换新电脑' }],
    link: null,
    ip: null,
    created_at: '2025-01-01T07:00:00+08:00',
  },
];

let answered: OperationLog[] = logs;

beforeEach(() => {
  answered = logs;
  answerCalls(
    api,
    permissionsAnswer({ operation_record: 'read', data_management: 'read' }),
    answer(endpoints.operationLog.list, () => ({
      data: answered,
      page: 1,
      perPage: 20,
      total: answered.length,
    })),
  );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = (path = '/operate') => renderPageAt(<OperatePage />, '/operate', path);

const cellsOf = (row: Element | null) =>
  Array.from(row?.querySelectorAll('td') ?? [], (cell) => cell.textContent);
const rowOf = (text: string) => within(screen.getByTestId('operate-table')).getByText(text).closest('tr');

describe('OperatePage', () => {
  it('asks for the filters of the address: several actions, a member, days', async () => {
    renderPage(
      '/operate?action=profile_update&action=file_upload&membership_id=7&from=2025-01-01&to=2025-01-31&page=2',
    );
    await screen.findByText('修改了昵称');
    expect(api.call).toHaveBeenCalledWith(
      endpoints.operationLog.list,
      {
        query: {
          action: ['profile_update', 'file_upload'],
          membership_id: 7,
          from: '2025-01-01',
          to: '2025-01-31',
          page: 2,
          per_page: 20,
        },
      },
      { signal: expect.any(AbortSignal) },
    );
    // The member is named from the entries on screen.
    expect(within(screen.getByTestId('operate-filter-member')).getByText('王小明')).toBeTruthy();
  });

  it('puts a reversed date range in order, and drops an action the log cannot show', async () => {
    renderPage('/operate?action=sign_in_refused&from=2025-03-10&to=2025-03-01');
    await screen.findByText('修改了昵称');
    expect(callsTo(api, endpoints.operationLog.list)[0]?.[0]).toEqual({
      query: { from: '2025-03-01', to: '2025-03-10', page: 1, per_page: 20 },
    });
  });

  it('reads each entry as a sentence: time, member, what they did, what changed, IP', async () => {
    renderPage();
    await screen.findByText('修改了昵称');
    // The time as the browser's clock reads it.
    const at = (id: number) =>
      formatDate(logs.find((log) => log.id === id)?.created_at, DATE_FORMATS.dateTimeSeconds);
    expect(cellsOf(rowOf('修改了昵称'))).toEqual([
      at(2),
      '王小明',
      '修改了昵称',
      '昵称：小王 → 王小明',
      '10.0.0.2',
    ]);
    expect(cellsOf(rowOf('下线了 2 台设备'))).toEqual([
      at(1),
      '--',
      '下线了 2 台设备',
      '备注：-- → 换新电脑',
      '--',
    ]);
    expect(at(2)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('links an entry to its record, and shows -- when nothing changed', async () => {
    renderPage();
    const row = (await screen.findByText('上传了文件 a.jpg 到资源夹「2025 春夏画册」')).closest('tr');
    const cells = cellsOf(row);
    expect(cells[3]).toBe('--');
    // 查看 comes once the member's levels say the folder's page opens.
    const link = await within(row as HTMLElement).findByRole('link', { name: '查看' });
    expect(link.getAttribute('href')).toBe('/information/folder/12');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/information/folder/12'));
  });

  it('never shows an internal key, id or address', async () => {
    renderPage();
    await screen.findByText('修改了昵称');
    const text = screen.getByTestId('operate-table').textContent ?? '';
    for (const internal of ['file_upload', 'profile_update', 'sign_out_devices', '/admin', 'folder/12', '#'])
      expect(text).not.toContain(internal);
  });

  it('filters by several actions with the labels of the team log, searched as typed, back on the first page', async () => {
    renderPage('/operate?page=3');
    await screen.findByText('修改了昵称');
    const combobox = within(screen.getByTestId('operate-filter-action')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    const options = () =>
      Array.from(document.querySelectorAll('.ant-select-item-option'), (item) => item.textContent);
    expect(options()).toContain('上传文件');
    expect(options()).not.toContain('登录被拒绝');
    fireEvent.change(combobox, { target: { value: '资料' } });
    await waitFor(() => expect(options()).toEqual(['修改个人资料']));
    fireEvent.click(await screen.findByTitle('修改个人资料'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/operate?action=profile_update'),
    );
    fireEvent.change(combobox, { target: { value: '上传' } });
    fireEvent.click(await screen.findByTitle('上传文件'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/operate?action=profile_update&action=file_upload',
      ),
    );
  });

  it('filters by a member on a click of their name, who stays named in the member filter', async () => {
    renderPage('/operate?page=2');
    await screen.findByText('修改了昵称');
    fireEvent.click(within(rowOf('修改了昵称') as HTMLElement).getByText('王小明'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/operate?membership_id=7'));
    expect(within(screen.getByTestId('operate-filter-member')).getByText('王小明')).toBeTruthy();
    expect(callsTo(api, endpoints.operationLog.list).at(-1)?.[0]).toEqual({
      query: { membership_id: 7, page: 1, per_page: 20 },
    });
  });

  it('offers 清除筛选 while filtered, which clears the filters', async () => {
    renderPage('/operate?action=sign_in&from=2025-01-01&to=2025-01-02');
    await screen.findByText('修改了昵称');
    fireEvent.click(screen.getByTestId('list-clear-filters'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/operate'));
    expect(screen.queryByTestId('list-clear-filters')).toBeNull();
  });

  it('says when nothing matches the filters', async () => {
    answered = [];
    renderPage('/operate?action=sign_in');
    expect((await screen.findByTestId('list-empty')).textContent).toContain('没有符合条件的记录');
  });
});
