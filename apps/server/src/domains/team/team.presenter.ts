import type { TeamListItem } from '@trackit/contract/session.schema';
import type { Membership } from '../organization/organization.service';

export function presentTeamListItem(row: Membership): TeamListItem {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    base_color: row.baseColor,
    team_name: row.teamName,
    mobile: row.mobile,
  };
}
