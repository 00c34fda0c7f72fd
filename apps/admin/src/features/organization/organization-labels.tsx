import {
  MEMBER_ACCOUNT_STATUS_LABELS,
  MEMBER_ACCOUNT_STATUSES,
  type MemberAccountStatus,
} from '@trackit/contract/enums';
import type { MemberHandoverResult } from '@trackit/contract/organization.schema';
import type { GrantLevel } from '@trackit/contract/permissions';
import { Tag } from 'antd';

const STATUS_COLORS: Readonly<Record<MemberAccountStatus, string>> = {
  valid: 'success',
  pause: 'warning',
  off_duty: 'default',
};

export const MEMBER_STATUS_OPTIONS = MEMBER_ACCOUNT_STATUSES.map((value) => ({
  value,
  label: MEMBER_ACCOUNT_STATUS_LABELS[value],
}));

export const MemberStatusTag = ({ status, testId }: { status: MemberAccountStatus; testId?: string }) => (
  <Tag color={STATUS_COLORS[status]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
    {MEMBER_ACCOUNT_STATUS_LABELS[status]}
  </Tag>
);

/** What each level allows, for the legend above the matrix (docs/product.md "Organization"). */
export const LEVEL_HINTS: Readonly<Record<GrantLevel, string>> = {
  none: '看不到该菜单',
  read: '查看列表和详情',
  edit: '新建和修改',
  manage: '另含删除、审批、敏感字段和分享设置',
};

/** What a status change does, asked before it happens (the member's logins end at once). */
export const STATUS_CHANGES: Readonly<
  Record<MemberAccountStatus, { action: string; question: string; description: string; done: string }>
> = {
  pause: {
    action: '暂停账号',
    question: '暂停该成员的账号？',
    description: '暂停后其所有登录立即失效，恢复前无法登录本团队',
    done: '账号已暂停',
  },
  valid: {
    action: '恢复正常',
    question: '恢复该成员的账号？',
    description: '恢复后可再次凭短信验证码登录',
    done: '账号已恢复正常',
  },
  off_duty: {
    action: '标记离职',
    question: '将该成员标记为已离职？',
    description: '标记后其所有登录立即失效；其负责的记录可随后移交给其他成员',
    done: '已标记离职',
  },
};

/** The success line of a handover: what moved. */
export const handoverDone = ({ models, companies, orders }: MemberHandoverResult) =>
  `已移交：模特 ${models} 位，公司 ${companies} 家，订单 ${orders} 个`;

/** The member list filtered to a department (with its sub-departments) or a role. */
export const membersPath = (filter: { department_id: number } | { role_id: number }): string => {
  const [field, id] = Object.entries(filter)[0] ?? [];
  return `/organization/member?${field}=${id}`;
};
