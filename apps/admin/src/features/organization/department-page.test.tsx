// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { DepartmentPage } from './department-page';
import { buildDepartmentTree, subtreeIds } from './department-tree';
import { department, orgUnitsAnswer } from './organization.fixtures';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/organization/department';

const departments = [
  department(1, '经纪中心', null, 2),
  department(2, '经纪一部', 1, 3),
  department(3, '经纪二部', 1, 0),
  department(4, '财务部', null, 1),
];

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'organization' as const, level }]),
    orgUnitsAnswer(departments, []),
    answer(endpoints.organization.createOrgUnit, ({ body }) =>
      department(9, body.name, body.parent_id ?? null),
    ),
    answer(endpoints.organization.updateOrgUnit, ({ params }) => department(params.id, '经纪二部', null)),
    answer(endpoints.organization.deleteOrgUnit, () => null),
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('department tree', () => {
  it('nests departments by parent and sums each subtree', () => {
    const tree = buildDepartmentTree(departments);
    expect(tree.map((node) => [node.department.name, node.total])).toEqual([
      ['经纪中心', 5],
      ['财务部', 1],
    ]);
    expect(tree[0]?.children.map((node) => node.department.name)).toEqual(['经纪一部', '经纪二部']);
    expect([...subtreeIds(departments, 1)].sort()).toEqual([1, 2, 3]);
  });
});

describe('DepartmentPage', () => {
  it('shows the tree with subtree counts, and a department with its members and a link to them', async () => {
    answerAs('edit');
    renderPage(<DepartmentPage />, ROUTE);
    expect((await screen.findByTestId('department-node-1')).textContent).toBe('经纪中心(5)');
    expect(screen.getByTestId('department-node-2').textContent).toBe('经纪一部(3)');
    fireEvent.click(screen.getByTestId('department-node-2'));
    const panel = await screen.findByTestId('department-panel');
    expect(panel.textContent).toContain('经纪中心');
    expect(screen.getByTestId('department-member-count').textContent).toBe('3 人');
    expect(screen.getByTestId('department-members-link').getAttribute('href')).toBe(
      '/organization/member?department_id=2',
    );
  });

  it('disables 删除 for a department with members or children, and deletes an empty one', async () => {
    answerAs('edit');
    renderPage(<DepartmentPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('department-node-1'));
    await waitFor(() =>
      expect((screen.getByTestId('department-delete') as HTMLButtonElement).disabled).toBe(true),
    );
    fireEvent.click(screen.getByTestId('department-node-3'));
    await waitFor(() =>
      expect((screen.getByTestId('department-delete') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('department-delete'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(callsTo(api, endpoints.organization.deleteOrgUnit)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.deleteOrgUnit)[0]?.[0]).toEqual({ params: { id: 3 } });
  });

  it('creates a sub-department under the chosen one', async () => {
    answerAs('edit');
    renderPage(<DepartmentPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('department-node-1'));
    fireEvent.click(await screen.findByTestId('department-create-child'));
    fireEvent.change(await screen.findByTestId('department-name-input'), { target: { value: ' 经纪三部 ' } });
    fireEvent.click(screen.getByTestId('department-name-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.createOrgUnit)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.createOrgUnit)[0]?.[0]).toEqual({
      body: { kind: 'department', name: '经纪三部', parent_id: 1 },
    });
  });

  it('moves a department to the top level', async () => {
    answerAs('edit');
    renderPage(<DepartmentPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('department-node-3'));
    fireEvent.click(await screen.findByTestId('department-move'));
    const target = await screen.findByTestId('department-move-target');
    fireEvent.mouseDown(target.querySelector('.ant-select-selector') ?? target);
    fireEvent.click(await screen.findByText('顶级（不属于任何部门）'));
    fireEvent.click(screen.getByTestId('department-move-submit'));
    await waitFor(() => expect(callsTo(api, endpoints.organization.updateOrgUnit)).toHaveLength(1));
    expect(callsTo(api, endpoints.organization.updateOrgUnit)[0]?.[0]).toEqual({
      params: { id: 3 },
      body: { parent_id: null },
    });
  });

  it('offers no editing to a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<DepartmentPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('department-node-2'));
    await screen.findByTestId('department-panel');
    await pageSettled(queryClient);
    expect(screen.queryByTestId('department-create')).toBeNull();
    expect(screen.queryByTestId('department-delete')).toBeNull();
  });
});
