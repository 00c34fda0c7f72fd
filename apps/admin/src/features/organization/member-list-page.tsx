import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { MemberAccountStatus } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { type Member, type MemberQuery, memberQuerySchema } from '@trackit/contract/organization.schema';
import { App, Button, Card, Flex, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/list/data-table';
import { ListKeywordInput } from '../../components/list/list-keyword-input';
import { ListRadioFilter } from '../../components/list/list-radio-filter';
import { ListToolbar } from '../../components/list/list-toolbar';
import { useListSearch } from '../../components/list/use-list-search';
import { MemberAvatar } from '../../components/member-avatar';
import { useCan } from '../../layouts/use-permission-level';
import { profileQuery } from '../session/session.queries';
import { DepartmentSelect, RoleSelect } from './department-select';
import { MemberForm } from './member-form';
import { MemberSelect } from './member-select';
import { memberListQuery, useHandOverMember, useInviteMember, useUpdateMember } from './organization.queries';
import { handoverDone, MEMBER_STATUS_OPTIONS, MemberStatusTag, STATUS_CHANGES } from './organization-labels';

/** What a row offers, by the member's status: the changes of account status a manager may make. */
const STATUS_ACTIONS: Readonly<Record<MemberAccountStatus, readonly MemberAccountStatus[]>> = {
  valid: ['pause', 'off_duty'],
  pause: ['valid', 'off_duty'],
  off_duty: ['valid'],
};

const STATUS_TEST_IDS: Readonly<Record<MemberAccountStatus, string>> = {
  valid: 'member-restore',
  pause: 'member-pause',
  off_duty: 'member-off-duty',
};

interface RowHandlers {
  canEdit: boolean;
  canManage: boolean;
  selfId: number | undefined;
  onEdit: (member: Member) => void;
  onStatus: (member: Member, status: MemberAccountStatus) => void;
  onHandover: (member: Member) => void;
}

const orEmpty = (value: string | null | undefined) => value || MESSAGES.empty;

const columnsFor = ({
  canEdit,
  canManage,
  selfId,
  onEdit,
  onStatus,
  onHandover,
}: RowHandlers): DataTableColumn<Member, MemberQuery>[] => [
  {
    // The mobile under the name: the member is found by either.
    title: '成员',
    dataIndex: 'nickname',
    kind: 'title',
    render: (nickname: string, member) => (
      <Flex align="center" gap={8}>
        <MemberAvatar nickname={nickname} avatar={member.avatar} baseColor={member.base_color} size={28} />
        <Flex vertical style={{ minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <Typography.Text ellipsis={{ tooltip: nickname }}>{nickname}</Typography.Text>
            {member.is_owner && (
              <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                所有者
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {member.mobile}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
  },
  {
    title: '部门',
    dataIndex: 'department',
    minWidth: 120,
    render: (value: Member['department']) => orEmpty(value?.name),
  },
  {
    title: '角色',
    dataIndex: 'role',
    minWidth: 120,
    render: (value: Member['role']) => orEmpty(value?.name),
  },
  {
    title: '直属上级',
    dataIndex: 'superior',
    kind: 'name',
    render: (value: Member['superior']) => orEmpty(value?.nickname),
  },
  {
    title: '状态',
    dataIndex: 'status',
    kind: 'tag',
    render: (status: MemberAccountStatus, member) => (
      <MemberStatusTag status={status} testId={`member-status-${member.id}`} />
    ),
  },
  {
    title: '最近登录',
    dataIndex: 'last_login_at',
    kind: 'dateTime',
    render: (value: string | null) => formatDate(value, DATE_FORMATS.dateTime),
  },
  ...(canEdit
    ? [
        {
          title: '操作',
          key: 'actions',
          // 编辑 and two four-character actions on one line.
          kind: 'actions',
          width: 180,
          render: (_: unknown, member: Member) => {
            // The owner's status and one's own are not changed here (the server refuses both).
            const statusChangeable = canManage && !member.is_owner && member.id !== selfId;
            return (
              <Space size={12} wrap>
                <Typography.Link onClick={() => onEdit(member)} data-testid={`member-edit-${member.id}`}>
                  编辑
                </Typography.Link>
                {statusChangeable &&
                  STATUS_ACTIONS[member.status].map((status) => (
                    <Typography.Link
                      key={status}
                      type={status === 'valid' ? undefined : 'danger'}
                      onClick={() => onStatus(member, status)}
                      data-testid={`${STATUS_TEST_IDS[status]}-${member.id}`}
                    >
                      {STATUS_CHANGES[status].action}
                    </Typography.Link>
                  ))}
                {canManage && member.status === 'off_duty' && (
                  <Typography.Link
                    onClick={() => onHandover(member)}
                    data-testid={`member-handover-${member.id}`}
                  >
                    移交记录
                  </Typography.Link>
                )}
              </Space>
            );
          },
        } satisfies DataTableColumn<Member, MemberQuery>,
      ]
    : []),
];

/** The dialog of 移交记录: the departed member's records go to the colleague picked. */
function HandoverModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { message } = App.useApp();
  const handOver = useHandOverMember();
  const [target, setTarget] = useState<number | null>(null);
  const close = () => {
    setTarget(null);
    onClose();
  };
  return (
    <Modal
      open={member !== null}
      title={member ? `移交「${member.nickname}」的记录` : '移交记录'}
      okText="移交"
      okButtonProps={{ disabled: target === null, 'data-testid': 'member-handover-submit' }}
      confirmLoading={handOver.isPending}
      onCancel={close}
      onOk={() => {
        if (!member || target === null) return;
        handOver.mutate(
          { id: member.id, values: { to_member_id: target } },
          {
            onSuccess: (moved) => {
              void message.success(handoverDone(moved));
              close();
            },
          },
        );
      }}
      destroyOnHidden
      centered
    >
      <Typography.Paragraph type="secondary">
        其负责的模特、公司和未结束的订单将一次移交给所选成员。
      </Typography.Paragraph>
      <MemberSelect
        value={target}
        onChange={setTarget}
        placeholder="选择接收的成员"
        testId="member-handover-target"
      />
    </Modal>
  );
}

/**
 * The team's members (/admin/organization/member): search by nickname or mobile, filters by department
 * (with its sub-departments), role and status in the address (the department and role pages link here
 * with `department_id` / `role_id`). 邀请成员 and 编辑 with organization edit; account status and
 * 移交记录 with manage.
 */
export function MemberListPage() {
  const search = useListSearch(memberQuerySchema);
  const members = useQuery(memberListQuery(search.query));
  const profile = useQuery(profileQuery);
  const canEdit = useCan('organization', 'edit');
  const canManage = useCan('organization', 'manage');
  const { message, modal } = App.useApp();
  const invite = useInviteMember();
  const update = useUpdateMember();
  // undefined: closed; null: inviting; a member: editing them.
  const [editing, setEditing] = useState<Member | null | undefined>(undefined);
  const [handingOver, setHandingOver] = useState<Member | null>(null);
  const selfId = profile.data?.id;

  const columns = useMemo(
    () =>
      columnsFor({
        canEdit,
        canManage,
        selfId,
        onEdit: setEditing,
        onHandover: setHandingOver,
        onStatus: (member, status) => {
          const change = STATUS_CHANGES[status];
          void modal.confirm({
            title: change.question,
            content: `${member.nickname}：${change.description}`,
            okText: change.action,
            okButtonProps: { danger: status !== 'valid' },
            centered: true,
            onOk: () =>
              update
                .mutateAsync({ id: member.id, values: { status } })
                .then(() => void message.success(change.done))
                // The API client has toasted the refusal; the dialog closes.
                .catch(() => undefined),
          });
        },
      }),
    [canEdit, canManage, selfId, modal, message, update.mutateAsync],
  );

  const closeForm = () => setEditing(undefined);

  return (
    <Card
      title={members.data ? `共 ${members.data.total} 名成员` : '成员'}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setEditing(null)}
            data-testid="member-invite"
          >
            邀请成员
          </Button>
        )
      }
    >
      <ListToolbar search={search}>
        <ListKeywordInput
          search={search}
          field="keyword"
          placeholder="搜索昵称或手机号"
          testId="member-search"
        />
        <DepartmentSelect
          value={search.query.department_id ?? null}
          onChange={(value) => search.set({ department_id: value ?? undefined })}
          placeholder="部门"
          style={{ width: 160 }}
          testId="member-department-filter"
        />
        <RoleSelect
          value={search.query.role_id ?? null}
          onChange={(value) => search.set({ role_id: value ?? undefined })}
          placeholder="角色"
          style={{ width: 140 }}
          testId="member-role-filter"
        />
        <ListRadioFilter
          search={search}
          field="status"
          options={MEMBER_STATUS_OPTIONS}
          label="状态"
          testId="member-status-filter"
        />
      </ListToolbar>
      <DataTable
        list={members}
        search={search}
        columns={columns}
        rowKey={(member) => member.id}
        emptyText="还没有成员"
        filteredEmptyText="没有符合条件的成员"
        testId="member-list"
        rowTestId={(member) => `member-row-${member.id}`}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? `编辑成员「${editing.nickname}」` : '邀请成员'}
        footer={null}
        onCancel={closeForm}
        destroyOnHidden
        centered
        width={520}
      >
        {editing !== undefined && (
          <MemberForm
            {...(editing ? { member: editing } : {})}
            canGrantRole={canManage}
            submitting={invite.isPending || update.isPending}
            onCancel={closeForm}
            onInvite={(values) =>
              invite.mutate(values, {
                onSuccess: (member) => {
                  void message.success(`已邀请「${member.nickname}」`);
                  closeForm();
                },
              })
            }
            onUpdate={(values) => {
              if (!editing) return;
              if (Object.keys(values).length === 0) return closeForm();
              update.mutate(
                { id: editing.id, values },
                {
                  onSuccess: () => {
                    void message.success('已保存');
                    closeForm();
                  },
                },
              );
            }}
          />
        )}
      </Modal>
      <HandoverModal member={handingOver} onClose={() => setHandingOver(null)} />
    </Card>
  );
}
