// @vitest-environment jsdom

import type { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Member } from '@trackit/contract/organization.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { pageSettled, renderPage } from '../../testing/render-page';
import { MemberListPage } from './member-list-page';
import {
  department,
  member,
  memberOption,
  memberOptionsAnswer,
  orgUnitsAnswer,
  role,
} from './organization.fixtures';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/organization/member';

const rows: Member[] = [
  member(1, '林晓', { is_owner: true }),
  member(2, '王经纪', {
    department: { id: 2, name: '经纪一部' },
    role: { id: 5, name: '经纪人' },
    superior: { id: 1, nickname: '林晓' },
    status: 'pause',
    last_login_at: '2026-11-20T02:30:00.000Z',
  }),
  member(3, '陈离', { status: 'off_duty' }),
];

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'organization' as const, level }]),
    answer(endpoints.organization.listMembers, ({ query }) => ({
      data: rows,
      page: query?.page ?? 1,
      perPage: 20,
      total: rows.length,
    })),
    answer(endpoints.profile.get, () => testProfile({ is_owner: true })),
    orgUnitsAnswer([department(1, '经纪中心'), department(2, '经纪一部', 1, 3)], [role(5, '经纪人')]),
    memberOptionsAnswer([memberOption(1, '林晓'), memberOption(4, '赵接手')]),
    answer(endpoints.organization.inviteMember, ({ body }) =>
      member(9, body.nickname, { mobile: body.mobile }),
    ),
    answer(endpoints.organization.updateMember, ({ params, body }) => ({
      ...member(params.id, '王经纪'),
      ...(body.status ? { status: body.status } : {}),
    })),
    answer(endpoints.organization.handOverMember, () => ({ models: 2, companies: 1, orders: 3 })),
  );

/** Waits for the levels, so an action that is not coming has had its chance to appear. */
const levelsIn = async (queryClient: QueryClient) => {
  await waitFor(() =>
    expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
  );
  await pageSettled(queryClient);
};

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MemberListPage', () => {
  it("asks for the address's filters (a deep link from a department or role) and shows each member", async () => {
    answerAs('edit');
    renderPage(<MemberListPage />, ROUTE, `${ROUTE}?department_id=2&role_id=5&status=pause&keyword=王`);
    const row = await screen.findByTestId('member-row-2');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(
        endpoints.organization.listMembers,
        { query: { keyword: '王', department_id: 2, role_id: 5, status: 'pause', page: 1, per_page: 20 } },
        { signal: expect.any(AbortSignal) },
      ),
    );
    for (const text of ['经纪一部', '经纪人', '林晓', '13800000002']) expect(row.textContent).toContain(text);
    expect(screen.getByTestId('member-status-2').textContent).toBe('账号暂停');
    expect(screen.getByTestId('member-row-1').textContent).toContain('所有者');
    // The filters name the department and role of the address.
    await waitFor(() =>
      expect(screen.getByTestId('member-department-filter').textContent).toContain('经纪一部'),
    );
    await waitFor(() => expect(screen.getByTestId('member-role-filter').textContent).toContain('经纪人'));
  });

  it('offers neither 邀请成员 nor 编辑 to a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<MemberListPage />, ROUTE);
    await screen.findByTestId('member-row-2');
    await levelsIn(queryClient);
    expect(screen.queryByTestId('member-invite')).toBeNull();
    expect(screen.queryByTestId('member-edit-2')).toBeNull();
    expect(screen.queryByTestId('member-pause-2')).toBeNull();
  });

  it('offers 编辑 but no status changes to an editor', async () => {
    answerAs('edit');
    renderPage(<MemberListPage />, ROUTE);
    expect(await screen.findByTestId('member-edit-2')).toBeTruthy();
    expect(screen.queryByTestId('member-restore-2')).toBeNull();
    expect(screen.queryByTestId('member-handover-3')).toBeNull();
  });

  it('checks the mobile of an invitation, then posts it without a role for an editor', async () => {
    answerAs('edit');
    renderPage(<MemberListPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('member-invite'));
    fill('member-form-mobile', '1380');
    fireEvent.blur(screen.getByTestId('member-form-mobile'));
    fireEvent.click(screen.getByTestId('member-form-submit'));
    expect(await screen.findByText('*请输入正确手机号')).toBeTruthy();
    expect(await screen.findByText('*请输入昵称')).toBeTruthy();
    expect(callsTo(api, endpoints.organization.inviteMember)).toHaveLength(0);
    // An editor cannot pick a role.
    expect(screen.getByTestId('member-form-role').className).toContain('disabled');

    fill('member-form-mobile', '13912345678');
    fill('member-form-nickname', ' 新同事 ');
    fireEvent.click(screen.getByTestId('member-form-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.inviteMember)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.inviteMember)[0]?.[0]).toEqual({
      body: { mobile: '13912345678', nickname: '新同事', department_id: null, superior_id: null },
    });
    expect(await screen.findByText('已邀请「新同事」')).toBeTruthy();
  });

  it('sends only what changed when a manager edits a member', async () => {
    answerAs('manage');
    renderPage(<MemberListPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('member-edit-2'));
    expect(screen.queryByTestId('member-form-mobile')).toBeNull();
    fill('member-form-nickname', '王大经纪');
    fireEvent.click(screen.getByTestId('member-form-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.updateMember)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.updateMember)[0]?.[0]).toEqual({
      params: { id: 2 },
      body: { nickname: '王大经纪' },
    });
  });

  it("lets a manager mark a member departed after a warning, never the owner's or their own status", async () => {
    answerAs('manage');
    renderPage(<MemberListPage />, ROUTE);
    await screen.findByTestId('member-row-2');
    await waitFor(() => expect(screen.getByTestId('member-off-duty-2')).toBeTruthy());
    expect(screen.queryByTestId('member-pause-1')).toBeNull();
    fireEvent.click(screen.getByTestId('member-off-duty-2'));
    expect(await screen.findByText(/所有登录立即失效/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '标记离职' }));
    await waitFor(() => expect(callsTo(api, endpoints.organization.updateMember)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.updateMember)[0]?.[0]).toEqual({
      params: { id: 2 },
      body: { status: 'off_duty' },
    });
  });

  it("hands a departed member's records over and says what moved", async () => {
    answerAs('manage');
    renderPage(<MemberListPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('member-handover-3'));
    const picker = await screen.findByTestId('member-handover-target');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByText('赵接手'));
    fireEvent.click(screen.getByTestId('member-handover-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.handOverMember)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.handOverMember)[0]?.[0]).toEqual({
      params: { id: 3 },
      body: { to_member_id: 4 },
    });
    expect(await screen.findByText('已移交：模特 2 位，公司 1 家，订单 3 个')).toBeTruthy();
  });
});
