import {
  type Member,
  type MemberInvite,
  type MemberUpdate,
  memberInviteSchema,
} from '@trackit/contract/organization.schema';
import { Button, Flex, Form, Input } from 'antd';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { DepartmentSelect, RoleSelect } from './department-select';
import { MemberSelect } from './member-select';

const shape = memberInviteSchema.shape;

/** What the form holds: texts as typed, choices as picked (null when cleared). */
export interface MemberFormValues {
  mobile?: string;
  nickname: string;
  department_id?: number | null;
  role_id?: number | null;
  superior_id?: number | null;
}

export const memberFormValues = (member?: Member): MemberFormValues =>
  member
    ? {
        nickname: member.nickname,
        department_id: member.department?.id ?? null,
        role_id: member.role?.id ?? null,
        superior_id: member.superior?.id ?? null,
      }
    : { mobile: '', nickname: '' };

/** The invitation's body; the role only when the member may grant one (the server checks again). */
export const inviteBody = (values: MemberFormValues, canGrantRole: boolean): MemberInvite =>
  memberInviteSchema.parse({
    mobile: values.mobile ?? '',
    nickname: values.nickname,
    department_id: values.department_id ?? null,
    superior_id: values.superior_id ?? null,
    ...(canGrantRole && values.role_id != null ? { role_id: values.role_id } : {}),
  });

/**
 * The change's body: only the fields that differ from the stored member, so a member with edit (not
 * manage) never sends a role they did not touch.
 */
export const updateBody = (member: Member, values: MemberFormValues): MemberUpdate => {
  const before = memberFormValues(member);
  const nickname = values.nickname.trim();
  const body: MemberUpdate = {};
  if (nickname !== before.nickname) body.nickname = nickname;
  for (const key of ['department_id', 'role_id', 'superior_id'] as const) {
    const value = values[key] ?? null;
    if (value !== before[key]) body[key] = value;
  }
  return body;
};

export interface MemberFormProps {
  /** The member to edit; none: an invitation. */
  member?: Member;
  /** Whether the role can be chosen (organization manage, and never the owner's). */
  canGrantRole: boolean;
  submitting: boolean;
  onInvite?: (values: MemberInvite) => void;
  onUpdate?: (values: MemberUpdate) => void;
  onCancel?: () => void;
}

/** One form for inviting a member and editing one, checked with the schema the server uses. */
export function MemberForm({
  member,
  canGrantRole,
  submitting,
  onInvite,
  onUpdate,
  onCancel,
}: MemberFormProps) {
  const roleLocked = !canGrantRole || member?.is_owner === true;
  return (
    <RecordForm<MemberFormValues>
      layout="vertical"
      initialValues={memberFormValues(member)}
      onFinish={(values) => {
        if (member) onUpdate?.(updateBody(member, values));
        else onInvite?.(inviteBody(values, canGrantRole));
      }}
      data-testid="member-form"
    >
      {!member && (
        <Form.Item
          name="mobile"
          label="手机号"
          required
          rules={[schemaRule(shape.mobile)]}
          validateTrigger="onBlur"
          extra="新号码即建账号，对方凭短信验证码登录"
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="off" data-testid="member-form-mobile" />
        </Form.Item>
      )}
      <Form.Item name="nickname" label="昵称" required rules={[schemaRule(shape.nickname)]}>
        <Input count={textCount(50)} autoComplete="off" data-testid="member-form-nickname" />
      </Form.Item>
      <Form.Item name="department_id" label="部门">
        <DepartmentSelect placeholder="不属于部门可不选" testId="member-form-department" />
      </Form.Item>
      <Form.Item
        name="role_id"
        label="角色"
        extra={
          roleLocked
            ? member?.is_owner
              ? '团队所有者拥有全部权限，角色不可修改'
              : '需组织架构「管理」权限才能分配角色'
            : undefined
        }
      >
        <RoleSelect disabled={roleLocked} placeholder="不分配角色可不选" testId="member-form-role" />
      </Form.Item>
      <Form.Item name="superior_id" label="直属上级">
        <MemberSelect
          current={member?.superior ?? null}
          placeholder="搜索成员昵称"
          testId="member-form-superior"
        />
      </Form.Item>
      <Flex gap={12} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="member-form-submit">
          {member ? '保存' : '邀请'}
        </Button>
      </Flex>
    </RecordForm>
  );
}
