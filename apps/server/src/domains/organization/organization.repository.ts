import type { PermissionLevel } from '@trackit/contract/enums';
import type { PermissionKey } from '@trackit/contract/permissions';
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import type { PageWindow } from '../../http/pagination';
import { teams } from '../team/team.tables';
import { users } from '../user/user.tables';
import { memberships, rolePermissions, roles } from './organization.tables';

/** A member's department: a row of `roles` of kind department. */
const departments = alias(roles, 'departments');
/** A member's direct superior: another membership of the team. */
const superiors = alias(memberships, 'superiors');

/** A membership with what the screens show of it: team name, department, superior, mobile. */
export interface MembershipRow {
  id: number;
  teamId: number;
  userId: number;
  teamName: string;
  nickname: string;
  avatar: string | null;
  avatarThumb: string | null;
  baseColor: string;
  isOwner: boolean;
  roleId: number | null;
  status: 'valid' | 'pause' | 'off_duty';
  lastLoginAt: Date | null;
  departmentName: string | null;
  /** The direct superior's nickname (the profile card shows it). */
  superiorName: string | null;
  mobile: string;
}

function selectMemberships(db: Database) {
  return db
    .select({
      id: memberships.id,
      teamId: memberships.teamId,
      userId: memberships.userId,
      teamName: teams.name,
      nickname: memberships.nickname,
      avatar: memberships.avatar,
      avatarThumb: memberships.avatarThumb,
      baseColor: memberships.baseColor,
      isOwner: memberships.isOwner,
      roleId: memberships.roleId,
      status: memberships.status,
      lastLoginAt: memberships.lastLoginAt,
      departmentName: departments.name,
      superiorName: superiors.nickname,
      mobile: users.mobile,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(departments, eq(departments.id, memberships.departmentId))
    .leftJoin(superiors, eq(superiors.id, memberships.superiorId));
}

/** The user's memberships that may sign in, oldest first (across teams: sign-in chooses one). */
export function listValidMembershipsOfUser(db: Database, userId: number): Promise<MembershipRow[]> {
  return selectMemberships(db)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'valid')))
    .orderBy(asc(memberships.id));
}

/** One membership of the user, whatever its status; undefined when it is not theirs. */
export async function findMembershipOfUser(
  db: Database,
  userId: number,
  membershipId: number,
): Promise<MembershipRow | undefined> {
  const [row] = await selectMemberships(db).where(
    and(eq(memberships.id, membershipId), eq(memberships.userId, userId)),
  );
  return row;
}

export async function insertMembership(db: Database, values: typeof memberships.$inferInsert) {
  const [row] = await db.insert(memberships).values(values).returning();
  if (!row) throw new Error('membership not created');
  return row;
}

export async function recordMembershipLogin(db: Database, teamId: number, membershipId: number, at: Date) {
  await db
    .update(memberships)
    .set({ lastLoginAt: at, updatedAt: at })
    .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)));
}

export async function updateMembershipProfile(
  db: Database,
  teamId: number,
  membershipId: number,
  profile: { nickname: string; avatar: string | null; avatarThumb: string | null },
  at: Date,
) {
  await db
    .update(memberships)
    .set({ ...profile, updatedAt: at })
    .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)));
}

/**
 * The team of the membership showing this avatar address. The avatar route is public (an <img> sends no
 * token), so the address itself is the key; it serves nothing no membership shows.
 */
export async function findTeamShowingAvatar(db: Database, avatar: string): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(eq(memberships.avatar, avatar))
    .limit(1);
  return row?.teamId;
}

/** The keys and levels a role grants, only when the role belongs to the given team. */
export function listRoleGrants(db: Database, teamId: number, roleId: number) {
  return db
    .select({ key: rolePermissions.permissionKey, level: rolePermissions.level })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(roles.teamId, teamId)));
}

/** A member of the team (any status) by membership id, as other records name it; undefined when not the team's. */
export async function findMemberOfTeam(
  db: Database,
  teamId: number,
  membershipId: number,
): Promise<{ id: number; nickname: string } | undefined> {
  const [row] = await db
    .select({ id: memberships.id, nickname: memberships.nickname })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)));
  return row;
}

/**
 * The team's valid members holding `key` at one of `levels`: the owners (every key at manage) and those
 * whose role grants it. Oldest first.
 */
export async function listValidMemberIdsWithLevel(
  db: Database,
  teamId: number,
  key: PermissionKey,
  levels: PermissionLevel[],
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: memberships.id })
    .from(memberships)
    .leftJoin(roles, and(eq(roles.id, memberships.roleId), eq(roles.teamId, memberships.teamId)))
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, roles.id), eq(rolePermissions.permissionKey, key)),
    )
    .where(
      and(
        eq(memberships.teamId, teamId),
        eq(memberships.status, 'valid'),
        or(eq(memberships.isOwner, true), inArray(rolePermissions.level, levels)),
      ),
    )
    .orderBy(asc(memberships.id));
  return rows.map((row) => row.id);
}

/** A valid member of the team (one who may sign in), as a record names it; undefined otherwise. */
export async function findValidMemberOfTeam(
  db: Database,
  teamId: number,
  membershipId: number,
): Promise<{ id: number; nickname: string } | undefined> {
  const [row] = await db
    .select({ id: memberships.id, nickname: memberships.nickname })
    .from(memberships)
    .where(
      and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId), eq(memberships.status, 'valid')),
    );
  return row;
}

/** The team's members who may sign in, for pickers: oldest first, optionally by a part of the nickname. */
export async function listMemberOptions(
  db: Database,
  teamId: number,
  keyword: string | undefined,
  window: PageWindow,
) {
  const where = and(
    eq(memberships.teamId, teamId),
    eq(memberships.status, 'valid'),
    keyword ? ilike(memberships.nickname, containing(keyword)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: memberships.id,
        nickname: memberships.nickname,
        avatar: memberships.avatar,
        avatarThumb: memberships.avatarThumb,
        baseColor: memberships.baseColor,
        departmentName: departments.name,
      })
      .from(memberships)
      .leftJoin(departments, eq(departments.id, memberships.departmentId))
      .where(where)
      .orderBy(asc(memberships.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(memberships).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export type MemberOptionRow = Awaited<ReturnType<typeof listMemberOptions>>['rows'][number];
