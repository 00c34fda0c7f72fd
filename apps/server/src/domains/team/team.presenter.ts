import type { TeamListItem } from '@trackit/contract/session.schema';
import type { MembershipRow } from './team.repository';

export function presentTeamListItem(row: MembershipRow): TeamListItem {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    base_color: row.baseColor,
    team_name: row.teamName,
    mobile: row.mobile,
  };
}
