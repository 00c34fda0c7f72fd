// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionItem } from '@trackit/contract/permission.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { orgUnitsAnswer, role } from './organization.fixtures';
import { RolePage } from './role-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/organization/role';

const roles = [
  role(
    5,
    '经纪人',
    [
      { key: 'calendar', level: 'read' },
      { key: 'data_management', level: 'edit' },
    ],
    3,
  ),
  role(6, '实习生', [], 0),
];

const answerAs = (mine: PermissionItem[]) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => mine),
    orgUnitsAnswer([], roles),
    answer(endpoints.organization.setRolePermissions, ({ params, body }) => ({
      ...role(params.id, '经纪人', [], 3),
      permissions: body.items.flatMap((item) =>
        item.level === 'none' ? [] : [{ key: item.key, level: item.level }],
      ),
    })),
  );

const levelButton = (key: string, level: string) =>
  screen.getByTestId(`role-level-${key}-${level}`).closest('label') as HTMLElement;
const isDisabled = (key: string, level: string) =>
  levelButton(key, level).className.includes('ant-radio-button-wrapper-disabled');
const isChecked = (key: string, level: string) =>
  levelButton(key, level).className.includes('ant-radio-button-wrapper-checked');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('RolePage', () => {
  it("lists the roles with their members, linked to the member list, and shows the first role's levels", async () => {
    answerAs([{ key: 'organization', level: 'manage' }]);
    renderPage(<RolePage />, ROUTE);
    const link = await screen.findByTestId('role-members-5');
    expect(link.textContent).toBe('3 人');
    expect(link.getAttribute('href')).toBe('/organization/member?role_id=5');
    expect(isChecked('calendar', 'read')).toBe(true);
    expect(isChecked('data_management', 'edit')).toBe(true);
    expect(isChecked('accounting', 'none')).toBe(true);
  });

  it("disables the levels above the caller's own and sends the whole matrix on 保存", async () => {
    answerAs([
      { key: 'organization', level: 'manage' },
      { key: 'calendar', level: 'edit' },
      { key: 'data_management', level: 'manage' },
    ]);
    renderPage(<RolePage />, ROUTE);
    await screen.findByTestId('role-matrix');
    await waitFor(() => expect(isDisabled('calendar', 'manage')).toBe(true));
    expect(isDisabled('calendar', 'edit')).toBe(false);
    // A key the caller does not hold: only 无.
    expect(isDisabled('accounting', 'read')).toBe(true);
    expect(isDisabled('accounting', 'none')).toBe(false);
    expect(isDisabled('organization', 'manage')).toBe(false);

    fireEvent.click(screen.getByTestId('role-level-calendar-edit'));
    fireEvent.click(screen.getByTestId('role-level-data_management-none'));
    fireEvent.click(screen.getByTestId('role-level-organization-read'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.setRolePermissions)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.setRolePermissions)[0]?.[0]).toEqual({
      params: { id: 5 },
      body: {
        items: [
          { key: 'calendar', level: 'edit' },
          { key: 'organization', level: 'read' },
        ],
      },
    });
  });

  it('puts back the stored levels on 重置', async () => {
    answerAs([
      { key: 'organization', level: 'manage' },
      { key: 'calendar', level: 'manage' },
    ]);
    renderPage(<RolePage />, ROUTE);
    await screen.findByTestId('role-matrix');
    await waitFor(() => expect(isDisabled('calendar', 'manage')).toBe(false));
    fireEvent.click(screen.getByTestId('role-level-calendar-manage'));
    expect(isChecked('calendar', 'manage')).toBe(true);
    fireEvent.click(screen.getByTestId('role-reset'));
    expect(isChecked('calendar', 'read')).toBe(true);
  });

  it('disables 删除 of a role in use and shows a read-only matrix without manage', async () => {
    answerAs([{ key: 'organization', level: 'manage' }]);
    renderPage(<RolePage />, ROUTE);
    await waitFor(() => expect((screen.getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByTestId('role-item-6'));
    await waitFor(() =>
      expect((screen.getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(false),
    );
    cleanup();

    answerAs([{ key: 'organization', level: 'edit' }]);
    const { queryClient } = renderPage(<RolePage />, ROUTE);
    await screen.findByTestId('role-matrix');
    await pageSettled(queryClient);
    expect(isDisabled('calendar', 'read')).toBe(true);
    expect(screen.queryByTestId('role-save')).toBeNull();
    expect(screen.queryByTestId('role-create')).toBeNull();
    expect(screen.queryByTestId('role-delete')).toBeNull();
  });
});
