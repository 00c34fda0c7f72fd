import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { OrgUnit, RolePermissions } from '@trackit/contract/organization.schema';
import {
  GRANT_LEVEL_LABELS,
  GRANT_LEVELS,
  type GrantLevel,
  levelAllows,
  type MenuEntry,
  PERMISSION_KEY_LABELS,
  PERMISSION_MENU,
  type PermissionKey,
} from '@trackit/contract/permissions';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Popconfirm,
  Radio,
  Row,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { myPermissionLevelsQuery } from '../../layouts/shell.queries';
import { useCan } from '../../layouts/use-permission-level';
import { OrgUnitNameModal } from './org-unit-name-modal';
import styles from './organization.module.css';
import {
  orgUnitsQuery,
  useCreateOrgUnit,
  useDeleteOrgUnit,
  useSetRolePermissions,
  useUpdateOrgUnit,
} from './organization.queries';
import { LEVEL_HINTS, membersPath } from './organization-labels';

type Matrix = Record<PermissionKey, GrantLevel>;

/** A role's levels as the matrix edits them: every key, `none` where not granted. */
export const matrixOf = (role: OrgUnit): Matrix => {
  const matrix = Object.fromEntries(PERMISSION_MENU.map((entry) => [entry.key, 'none'])) as Matrix;
  for (const item of role.permissions) matrix[item.key] = item.level;
  return matrix;
};

/** The PUT body: the keys granted, in menu order (a key left out is not granted). */
export const permissionsBody = (matrix: Matrix): RolePermissions => ({
  items: PERMISSION_MENU.flatMap(({ key }) => {
    const level = matrix[key];
    return level === 'none' ? [] : [{ key, level }];
  }),
});

/** Whether the caller (holding `held` of the key) may grant `level`: nobody grants above their own. */
const grantable = (held: PermissionLevel | undefined, level: GrantLevel) =>
  level === 'none' || levelAllows(held, level);

const ABOVE_OWN = '高于你自己的权限，不能授予';

/** The legend: what each level allows. */
function LevelLegend() {
  return (
    <Flex wrap gap={16} style={{ marginBottom: 12 }} data-testid="role-legend">
      {GRANT_LEVELS.map((level) => (
        <Typography.Text key={level} type="secondary">
          <Typography.Text strong>{GRANT_LEVEL_LABELS[level]}</Typography.Text>：{LEVEL_HINTS[level]}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** One role's matrix: a row per permission key; editable with organization manage. */
function RoleMatrix({ role, editable }: { role: OrgUnit; editable: boolean }) {
  const { message } = App.useApp();
  const mine = useQuery(myPermissionLevelsQuery);
  const save = useSetRolePermissions();
  const stored = useMemo(() => matrixOf(role), [role]);
  const [matrix, setMatrix] = useState<Matrix>(stored);
  const changed = PERMISSION_MENU.some(({ key }) => matrix[key] !== stored[key]);

  return (
    <div data-testid="role-matrix">
      <LevelLegend />
      <Table<MenuEntry>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        // The menu's children are hints here, not rows to expand.
        expandable={{ childrenColumnName: 'no_children' }}
        dataSource={[...PERMISSION_MENU]}
        onRow={(entry) => ({ 'data-testid': `role-row-${entry.key}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: '权限',
            key: 'label',
            render: (_: unknown, entry) => (
              <Flex vertical>
                <Typography.Text strong>{PERMISSION_KEY_LABELS[entry.key]}</Typography.Text>
                {entry.children.length > 0 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {entry.children.map((child) => child.label).join('、')}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: '级别',
            key: 'level',
            width: 280,
            render: (_: unknown, entry) => (
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                size="small"
                value={matrix[entry.key]}
                disabled={!editable}
                onChange={(event) =>
                  setMatrix((now) => ({ ...now, [entry.key]: event.target.value as GrantLevel }))
                }
                data-testid={`role-level-${entry.key}`}
              >
                {GRANT_LEVELS.map((level) => {
                  const allowed = grantable(mine.data?.[entry.key], level);
                  const button = (
                    <Radio.Button key={level} value={level} disabled={!allowed}>
                      {/* The test id on the visible label (antd puts other props on the hidden input). */}
                      <span data-testid={`role-level-${entry.key}-${level}`}>
                        {GRANT_LEVEL_LABELS[level]}
                      </span>
                    </Radio.Button>
                  );
                  return allowed || !editable ? (
                    button
                  ) : (
                    <Tooltip key={level} title={ABOVE_OWN}>
                      {button}
                    </Tooltip>
                  );
                })}
              </Radio.Group>
            ),
          },
        ]}
      />
      {editable && (
        <Flex gap={12} justify="flex-end" style={{ marginTop: 16 }}>
          <Button disabled={!changed} onClick={() => setMatrix(stored)} data-testid="role-reset">
            重置
          </Button>
          <Button
            type="primary"
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: role.id, values: permissionsBody(matrix) },
                { onSuccess: () => void message.success('权限已保存，成员下次操作时生效') },
              )
            }
            data-testid="role-save"
          >
            保存
          </Button>
        </Flex>
      )}
    </div>
  );
}

type Dialog = { kind: 'create' } | { kind: 'rename'; role: OrgUnit };

/**
 * The team's roles (/admin/organization/role): on the left each role with the members holding it (a link
 * to them), on the right the chosen role's level per permission key. Creating, renaming and deleting
 * roles and editing the matrix need organization manage; nobody grants above their own level.
 */
export function RolePage() {
  const roles = useQuery(orgUnitsQuery('role'));
  const canManage = useCan('organization', 'manage');
  const { message } = App.useApp();
  const create = useCreateOrgUnit();
  const update = useUpdateOrgUnit();
  const remove = useDeleteOrgUnit();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = roles.data ?? [];
  const chosen = list.find((role) => role.id === chosenId) ?? list[0];
  const close = () => setDialog(null);

  const body = (
    <QueryState
      query={roles}
      loading={{ rows: 3 }}
      empty={{ when: (all) => all.length === 0, text: '还没有角色', testId: 'role-empty' }}
    >
      {() =>
        chosen && (
          <Row gutter={24}>
            <Col xs={24} md={8} lg={6}>
              <div className={styles.roleList} role="listbox" aria-label="角色" data-testid="role-list">
                {list.map((role) => (
                  <div
                    key={role.id}
                    role="option"
                    tabIndex={0}
                    aria-selected={role.id === chosen.id}
                    className={`${styles.roleItem} ${role.id === chosen.id ? styles.roleItemChosen : ''}`}
                    onClick={() => setChosenId(role.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') setChosenId(role.id);
                    }}
                    data-testid={`role-item-${role.id}`}
                  >
                    <span className={styles.roleName}>{role.name}</span>
                    <Link
                      className={styles.roleCount}
                      to={membersPath({ role_id: role.id })}
                      onClick={(event) => event.stopPropagation()}
                      title="查看该角色的成员"
                      data-testid={`role-members-${role.id}`}
                    >
                      {role.member_count} 人
                    </Link>
                  </div>
                ))}
              </div>
            </Col>
            <Col xs={24} md={16} lg={18}>
              <Card
                size="small"
                title={chosen.name}
                extra={
                  canManage && (
                    <Space>
                      <Button
                        size="small"
                        onClick={() => setDialog({ kind: 'rename', role: chosen })}
                        data-testid="role-rename"
                      >
                        重命名
                      </Button>
                      <Tooltip title={chosen.member_count > 0 ? `${chosen.member_count} 名成员在用` : null}>
                        <Popconfirm
                          title={`删除角色「${chosen.name}」？`}
                          disabled={chosen.member_count > 0}
                          onConfirm={() =>
                            remove.mutate(chosen.id, {
                              onSuccess: () => {
                                void message.success('角色已删除');
                                setChosenId(null);
                              },
                            })
                          }
                        >
                          <Button
                            size="small"
                            danger
                            disabled={chosen.member_count > 0}
                            loading={remove.isPending}
                            data-testid="role-delete"
                          >
                            删除
                          </Button>
                        </Popconfirm>
                      </Tooltip>
                    </Space>
                  )
                }
              >
                {/* A new role, or the same one saved, starts the matrix afresh. */}
                <RoleMatrix key={`${chosen.id}-${chosen.updated_at}`} role={chosen} editable={canManage} />
              </Card>
            </Col>
          </Row>
        )
      }
    </QueryState>
  );

  return (
    <Card
      title={roles.data ? `共 ${list.length} 个角色` : '角色'}
      extra={
        canManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="role-create"
          >
            新建角色
          </Button>
        )
      }
    >
      {body}
      <OrgUnitNameModal
        open={dialog !== null}
        title={dialog?.kind === 'rename' ? '重命名角色' : '新建角色'}
        initialName={dialog?.kind === 'rename' ? dialog.role.name : ''}
        submitting={create.isPending || update.isPending}
        onCancel={close}
        testIdPrefix="role"
        onSubmit={(name) => {
          if (dialog?.kind === 'rename') {
            update.mutate(
              { id: dialog.role.id, values: { name } },
              {
                onSuccess: () => {
                  void message.success('已重命名');
                  close();
                },
              },
            );
          } else {
            create.mutate(
              { kind: 'role', name },
              {
                onSuccess: (role) => {
                  void message.success('角色已创建');
                  setChosenId(role.id);
                  close();
                },
              },
            );
          }
        }}
      />
    </Card>
  );
}
