import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments } from '../organization/organization.tables';
import { users } from '../user/user.tables';
import { memberships, teams } from './team.tables';

const membershipColumns = {
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
  mobile: users.mobile,
};

export type MembershipRow = {
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
  mobile: string;
};

function selectMemberships(db: Database) {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(departments, eq(departments.id, memberships.departmentId));
}

export async function findUserByMobile(db: Database, mobile: string) {
  const [user] = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(eq(users.mobile, mobile));
  return user;
}

/** The user's memberships that may sign in, oldest first. */
export function listValidMemberships(db: Database, userId: number): Promise<MembershipRow[]> {
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

export async function recordMembershipLogin(db: Database, membershipId: number, at: Date) {
  await db
    .update(memberships)
    .set({ lastLoginAt: at, updatedAt: at })
    .where(eq(memberships.id, membershipId));
}

export async function updateMembershipProfile(
  db: Database,
  membershipId: number,
  profile: { nickname: string; avatar: string | null; avatarThumb: string | null },
  at: Date,
) {
  await db
    .update(memberships)
    .set({ ...profile, updatedAt: at })
    .where(eq(memberships.id, membershipId));
}

/** Whether some membership shows this avatar address (the avatar route serves nothing else). */
export async function isAvatarInUse(db: Database, avatar: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.avatar, avatar))
    .limit(1);
  return Boolean(row);
}
