/**
 * The organization of a team: its members (memberships), departments and roles (docs/product.md §6,
 * §10 "Member", "Department", "Role"). Other domains reach memberships and role grants only through
 * these functions; each takes the caller's transaction when it joins a write.
 */
import { avatarColorFor } from '@trackit/contract/constants';
import { PERMISSION_LEVELS, type PermissionLevel } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { type MemberOptionQuery, ORGANIZATION_MESSAGES } from '@trackit/contract/organization.schema';
import { levelAllows, type PermissionKey } from '@trackit/contract/permissions';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { pageWindow } from '../../http/pagination';
import {
  findMemberOfTeam,
  findMembershipOfUser,
  findTeamShowingAvatar,
  findValidMemberOfTeam,
  insertMembership,
  listMemberOptions,
  listRoleGrants,
  listValidMemberIdsWithLevel,
  listValidMembershipsOfUser,
  type MembershipRow,
  recordMembershipLogin,
  updateMembershipProfile,
} from './organization.repository';

export type { MembershipRow as Membership } from './organization.repository';

export function listValidMemberships(db: Database, userId: number): Promise<MembershipRow[]> {
  return listValidMembershipsOfUser(db, userId);
}

/** One membership of the user (any status), or undefined when it is not theirs. */
export function findMembership(
  db: Database,
  userId: number,
  membershipId: number,
): Promise<MembershipRow | undefined> {
  return findMembershipOfUser(db, userId, membershipId);
}

/** Remembers when the member last signed in to this team (the team picker highlights it). */
export function markSignedIn(db: Database, membership: Pick<MembershipRow, 'id' | 'teamId'>, at: Date) {
  return recordMembershipLogin(db, membership.teamId, membership.id, at);
}

export function saveProfile(
  db: Database,
  membership: Pick<MembershipRow, 'id' | 'teamId'>,
  profile: { nickname: string; avatar: string | null; avatarThumb: string | null },
  at: Date,
) {
  return updateMembershipProfile(db, membership.teamId, membership.id, profile, at);
}

/** The owner's membership of a new team: holds every permission at manage, whatever the roles say. */
export function addOwner(db: Database, input: { teamId: number; userId: number; nickname: string }) {
  return insertMembership(db, {
    teamId: input.teamId,
    userId: input.userId,
    nickname: input.nickname,
    baseColor: avatarColorFor(input.nickname),
    isOwner: true,
  });
}

export function teamShowingAvatar(db: Database, avatar: string): Promise<number | undefined> {
  return findTeamShowingAvatar(db, avatar);
}

export function roleGrants(db: Database, teamId: number, roleId: number) {
  return listRoleGrants(db, teamId, roleId);
}

/**
 * A member of the team, for a record that names one (a company's owner); undefined for another team's
 * membership, which the caller answers as not found. Takes the caller's transaction.
 */
export function findTeamMember(db: Database, teamId: number, membershipId: number) {
  return findMemberOfTeam(db, teamId, membershipId);
}

/** A member's nickname as texts name them (a notice's 周楠提交…), `--` for one not of the team. */
export async function memberNickname(db: Database, teamId: number, membershipId: number): Promise<string> {
  return (await findMemberOfTeam(db, teamId, membershipId))?.nickname ?? MESSAGES.empty;
}

/** A valid member of the team (who may sign in); undefined for another team's, a paused or a departed one. */
export function findValidTeamMember(db: Database, teamId: number, membershipId: number) {
  return findValidMemberOfTeam(db, teamId, membershipId);
}

/**
 * The valid members of the team holding `key` at `level` or above, as requireLevel counts it (the owner
 * holds every key at manage): who is asked to approve, say. Takes the caller's transaction.
 */
export function listMemberIdsHolding(
  db: Database,
  teamId: number,
  key: PermissionKey,
  level: PermissionLevel,
): Promise<number[]> {
  const levels = PERMISSION_LEVELS.filter((held) => levelAllows(held, level));
  return listValidMemberIdsWithLevel(db, teamId, key, levels);
}

/**
 * Refuses (409) a change that would leave the team without a valid member holding organization manage
 * (the owner counts). Call it after the change, in the same transaction: the refusal rolls it back.
 */
export async function ensureOrganizationManagerRemains(tx: Database, teamId: number): Promise<void> {
  const managers = await listMemberIdsHolding(tx, teamId, 'organization', 'manage');
  if (managers.length === 0) {
    throw new AppError('conflict', { message: ORGANIZATION_MESSAGES.lastOrganizationManager });
  }
}

export interface OrganizationDeps {
  db: Database;
  clock: () => Date;
}

/** GET /v1/members/options: colleagues to name on a record (a model's manager, a company's owner). */
export function listTeamMemberOptions(deps: OrganizationDeps, auth: AuthContext, query: MemberOptionQuery) {
  return listMemberOptions(deps.db, auth.teamId, query.keyword || undefined, pageWindow(query));
}
