import type { MemberOption } from '@trackit/contract/organization.schema';
import type { MemberOptionRow } from './organization.repository';

export function presentMemberOption(row: MemberOptionRow): MemberOption {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatarThumb ?? row.avatar,
    base_color: row.baseColor,
    department_name: row.departmentName,
  };
}
