import type { UserSession, ValidMember } from '@trackit/contract/session.schema';
import type { Membership } from '../organization/organization.service';
import { describeUserAgent } from './user-agent';

export function presentValidMember(row: Membership): ValidMember {
  return {
    id: row.id,
    nickname: row.nickname,
    team_name: row.teamName,
    avatar: row.avatar,
    base_color: row.baseColor,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function presentDevice(
  row: {
    id: string;
    ip: string;
    userAgent: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    teamName: string;
  },
  currentSessionId: string,
): UserSession {
  return {
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    signed_in_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    team_name: row.teamName,
    current: row.id === currentSessionId,
  };
}
