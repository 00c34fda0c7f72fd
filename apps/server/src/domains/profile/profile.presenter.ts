import type { Profile } from '@trackit/contract/session.schema';
import type { Membership } from '../organization/organization.service';

export function presentProfile(row: Membership): Profile {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    avatar_thumb: row.avatarThumb,
    base_color: row.baseColor,
    team_id: row.teamId,
    team_name: row.teamName,
    department_name: row.departmentName,
    superior_name: row.superiorName,
    mobile: row.mobile,
    is_owner: row.isOwner,
  };
}
