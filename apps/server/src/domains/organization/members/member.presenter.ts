import type { Member, MemberHandoverResult } from '@trackit/contract/organization.schema';
import type { MemberRow } from './member.repository';

export function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    nickname: row.nickname,
    mobile: row.mobile,
    avatar: row.avatarThumb ?? row.avatar,
    base_color: row.baseColor,
    department:
      row.departmentId !== null && row.departmentName !== null
        ? { id: row.departmentId, name: row.departmentName }
        : null,
    role: row.roleId !== null && row.roleName !== null ? { id: row.roleId, name: row.roleName } : null,
    superior:
      row.superiorId !== null && row.superiorNickname !== null
        ? { id: row.superiorId, nickname: row.superiorNickname }
        : null,
    status: row.status,
    is_owner: row.isOwner,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentHandover(result: MemberHandoverResult): MemberHandoverResult {
  return { models: result.models, companies: result.companies, orders: result.orders };
}
