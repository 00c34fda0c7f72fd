import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import type { OrgUnit } from '@trackit/contract/organization.schema';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Row,
  Space,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useCan } from '../../layouts/use-permission-level';
import { buildDepartmentTree, type DepartmentNode, departmentOptions, subtreeIds } from './department-tree';
import { OrgUnitNameModal } from './org-unit-name-modal';
import { orgUnitsQuery, useCreateOrgUnit, useDeleteOrgUnit, useUpdateOrgUnit } from './organization.queries';
import { membersPath } from './organization-labels';

/** TreeSelect's value for 顶级 (no parent); department ids are positive. */
const TOP = 0;

const toTreeData = (nodes: readonly DepartmentNode[]): DataNode[] =>
  nodes.map((node) => ({
    key: node.department.id,
    title: (
      <span data-testid={`department-node-${node.department.id}`}>
        {node.department.name}
        <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
          ({node.total})
        </Typography.Text>
      </span>
    ),
    children: toTreeData(node.children),
  }));

const findNode = (nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined => {
  for (const node of nodes) {
    if (node.department.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

type Dialog = { kind: 'create'; parent: OrgUnit | null } | { kind: 'rename' } | { kind: 'move' };

/** The move dialog: every department but the one moved and those below it, plus 顶级. */
function MoveModal({
  department,
  departments,
  tree,
  submitting,
  onMove,
  onCancel,
}: {
  department: OrgUnit;
  departments: readonly OrgUnit[];
  tree: readonly DepartmentNode[];
  submitting: boolean;
  onMove: (parentId: number | null) => void;
  onCancel: () => void;
}) {
  const [target, setTarget] = useState<number>(department.parent_id ?? TOP);
  const treeData = useMemo(
    () => [
      { value: TOP, title: '顶级（不属于任何部门）', children: [] },
      ...departmentOptions(tree, subtreeIds(departments, department.id)),
    ],
    [tree, departments, department.id],
  );
  const unchanged = target === (department.parent_id ?? TOP);
  return (
    <Modal
      open
      title={`移动「${department.name}」到…`}
      okText="移动"
      okButtonProps={{ disabled: unchanged, 'data-testid': 'department-move-submit' }}
      confirmLoading={submitting}
      onOk={() => onMove(target === TOP ? null : target)}
      onCancel={onCancel}
      destroyOnHidden
      centered
      width={400}
    >
      <TreeSelect<number>
        value={target}
        onChange={setTarget}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        style={{ width: '100%' }}
        data-testid="department-move-target"
      />
    </Modal>
  );
}

/** The chosen department: its counts, a link to its members, and what an editor may do with it. */
function DepartmentPanel({
  node,
  parentName,
  canEdit,
  onDialog,
  onDeleted,
}: {
  node: DepartmentNode;
  parentName: string | null;
  canEdit: boolean;
  onDialog: (dialog: Dialog) => void;
  onDeleted: () => void;
}) {
  const { message } = App.useApp();
  const remove = useDeleteOrgUnit();
  const { department } = node;
  const blocked =
    department.member_count > 0
      ? `部门下还有 ${department.member_count} 名成员，不能删除`
      : node.children.length > 0
        ? `部门下还有 ${node.children.length} 个子部门，不能删除`
        : null;
  return (
    <Card
      size="small"
      title={department.name}
      data-testid="department-panel"
      extra={
        <Link to={membersPath({ department_id: department.id })} data-testid="department-members-link">
          查看成员
        </Link>
      }
    >
      <Descriptions column={1} size="small" styles={{ label: { width: 96 } }}>
        <Descriptions.Item label="上级部门">{parentName ?? '顶级'}</Descriptions.Item>
        <Descriptions.Item label="直属成员">
          <span data-testid="department-member-count">{department.member_count} 人</span>
        </Descriptions.Item>
        <Descriptions.Item label="含下级部门">{node.total} 人</Descriptions.Item>
        <Descriptions.Item label="子部门">
          {node.children.length
            ? node.children.map((child) => child.department.name).join('、')
            : MESSAGES.empty}
        </Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <Space wrap style={{ marginTop: 16 }}>
          <Button
            icon={<PlusOutlined />}
            onClick={() => onDialog({ kind: 'create', parent: department })}
            data-testid="department-create-child"
          >
            新建子部门
          </Button>
          <Button onClick={() => onDialog({ kind: 'rename' })} data-testid="department-rename">
            重命名
          </Button>
          <Button onClick={() => onDialog({ kind: 'move' })} data-testid="department-move">
            移动到…
          </Button>
          <Tooltip title={blocked}>
            <Popconfirm
              title={`删除部门「${department.name}」？`}
              disabled={blocked !== null}
              onConfirm={() =>
                remove.mutate(department.id, {
                  onSuccess: () => {
                    void message.success('部门已删除');
                    onDeleted();
                  },
                })
              }
            >
              <Button
                danger
                disabled={blocked !== null}
                loading={remove.isPending}
                data-testid="department-delete"
              >
                删除
              </Button>
            </Popconfirm>
          </Tooltip>
        </Space>
      )}
    </Card>
  );
}

/**
 * The team's departments (/admin/organization/department) as a tree, each with the members of its whole
 * subtree in brackets; the chosen one shows beside it with 查看成员. Editors create, rename, move (also
 * by dragging a node) and delete empty departments.
 */
export function DepartmentPage() {
  const departments = useQuery(orgUnitsQuery('department'));
  const canEdit = useCan('organization', 'edit');
  const { message } = App.useApp();
  const create = useCreateOrgUnit();
  const update = useUpdateOrgUnit();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Collapsed rather than expanded nodes are remembered, so a new department shows opened.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const list = departments.data ?? [];
  const tree = useMemo(() => buildDepartmentTree(departments.data ?? []), [departments.data]);
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const selected = selectedId === null ? undefined : findNode(tree, selectedId);
  const parentName =
    selected?.department.parent_id == null
      ? null
      : (list.find((department) => department.id === selected.department.parent_id)?.name ?? null);
  const close = () => setDialog(null);

  const move = (department: OrgUnit, parentId: number | null) =>
    update.mutate(
      { id: department.id, values: { parent_id: parentId } },
      {
        onSuccess: () => {
          void message.success('部门已移动');
          close();
        },
      },
    );

  const handleDrop: TreeProps['onDrop'] = (info) => {
    const dragged = list.find((department) => department.id === Number(info.dragNode.key));
    const onto = list.find((department) => department.id === Number(info.node.key));
    if (!dragged || !onto) return;
    // Dropped between nodes: a sibling of the node it lands next to; onto a node: its child.
    const parentId = info.dropToGap ? onto.parent_id : onto.id;
    if (parentId === dragged.parent_id) return;
    move(dragged, parentId);
  };

  const body = (
    <QueryState
      query={departments}
      loading={{ rows: 3 }}
      empty={{ when: () => tree.length === 0, text: '还没有部门', testId: 'department-empty' }}
    >
      {() => (
        <Row gutter={24}>
          <Col xs={24} md={10} lg={8}>
            <Tree
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={list.map((department) => department.id).filter((id) => !collapsed.has(id))}
              onExpand={(keys) => {
                const open = new Set(keys.map(Number));
                setCollapsed(new Set(list.map((department) => department.id).filter((id) => !open.has(id))));
              }}
              selectedKeys={selectedId === null ? [] : [selectedId]}
              onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
              draggable={canEdit ? { icon: false } : false}
              onDrop={handleDrop}
              data-testid="department-tree"
            />
          </Col>
          <Col xs={24} md={14} lg={16}>
            {selected ? (
              <DepartmentPanel
                node={selected}
                parentName={parentName}
                canEdit={canEdit}
                onDialog={setDialog}
                onDeleted={() => setSelectedId(null)}
              />
            ) : (
              <Flex vertical align="center" justify="center" style={{ minHeight: 200 }}>
                <Empty
                  image={<ApartmentOutlined style={{ fontSize: 40, color: 'rgba(0,0,0,0.25)' }} />}
                  description="选择左侧的部门查看详情"
                />
              </Flex>
            )}
          </Col>
        </Row>
      )}
    </QueryState>
  );

  return (
    <Card
      title={departments.data ? `共 ${list.length} 个部门` : '部门'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create', parent: null })}
            data-testid="department-create"
          >
            新建部门
          </Button>
        )
      }
    >
      {body}
      <OrgUnitNameModal
        open={dialog?.kind === 'create' || dialog?.kind === 'rename'}
        title={
          dialog?.kind === 'create'
            ? dialog.parent
              ? `在「${dialog.parent.name}」下新建子部门`
              : '新建部门'
            : '重命名部门'
        }
        initialName={dialog?.kind === 'rename' ? selected?.department.name : ''}
        submitting={create.isPending || update.isPending}
        onCancel={close}
        testIdPrefix="department"
        onSubmit={(name) => {
          if (dialog?.kind === 'create') {
            create.mutate(
              { kind: 'department', name, parent_id: dialog.parent?.id ?? null },
              {
                onSuccess: (department) => {
                  void message.success('部门已创建');
                  setSelectedId(department.id);
                  close();
                },
              },
            );
          } else if (selected) {
            update.mutate(
              { id: selected.department.id, values: { name } },
              {
                onSuccess: () => {
                  void message.success('已重命名');
                  close();
                },
              },
            );
          }
        }}
      />
      {dialog?.kind === 'move' && selected && (
        <MoveModal
          department={selected.department}
          departments={list}
          tree={tree}
          submitting={update.isPending}
          onMove={(parentId) => move(selected.department, parentId)}
          onCancel={close}
        />
      )}
    </Card>
  );
}
