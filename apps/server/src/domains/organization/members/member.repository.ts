import type { MemberAccountStatus } from '@trackit/contract/enums';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { containing } from '../../../db/like';
import type { PageWindow } from '../../../http/pagination';
import { users } from '../../user/user.tables';
import { memberships, roles } from '../organization.tables';

// `roles` holds both departments and roles, and a superior is another membership: each joined under
// its own alias, so a page of members is one statement.
const departments = alias(roles, 'departments');
const memberRoles = alias(roles, 'member_roles');
const superiors = alias(memberships, 'superiors');

export type MembershipRecord = typeof memberships.$inferSelect;

/** A member as the organization pages show them. */
export interface MemberRow {
  id: number;
  teamId: number;
  userId: number;
  nickname: string;
  mobile: string;
  avatar: string | null;
  avatarThumb: string | null;
  baseColor: string;
  departmentId: number | null;
  departmentName: string | null;
  roleId: number | null;
  roleName: string | null;
  superiorId: number | null;
  superiorNickname: string | null;
  status: MemberAccountStatus;
  isOwner: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function selectMembers(db: Database) {
  return db
    .select({
      id: memberships.id,
      teamId: memberships.teamId,
      userId: memberships.userId,
      nickname: memberships.nickname,
      mobile: users.mobile,
      avatar: memberships.avatar,
      avatarThumb: memberships.avatarThumb,
      baseColor: memberships.baseColor,
      departmentId: memberships.departmentId,
      departmentName: departments.name,
      roleId: memberships.roleId,
      roleName: memberRoles.name,
      superiorId: memberships.superiorId,
      superiorNickname: superiors.nickname,
      status: memberships.status,
      isOwner: memberships.isOwner,
      lastLoginAt: memberships.lastLoginAt,
      createdAt: memberships.createdAt,
      updatedAt: memberships.updatedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(departments, eq(departments.id, memberships.departmentId))
    .leftJoin(memberRoles, eq(memberRoles.id, memberships.roleId))
    .leftJoin(superiors, eq(superiors.id, memberships.superiorId));
}

export interface MemberListFilter {
  keyword?: string | undefined;
  departmentId?: number | undefined;
  roleId?: number | undefined;
  status?: MemberAccountStatus | undefined;
}

/** The department and every department below it, as a subquery of ids (a department of another team: none). */
const departmentSubtree = (teamId: number, departmentId: number) => sql`(
  with recursive subtree(id) as (
    select "id" from "roles" where "id" = ${departmentId} and "team_id" = ${teamId} and "kind" = 'department'
    union
    select "roles"."id" from "roles" join subtree on "roles"."parent_id" = subtree.id
  )
  select id from subtree
)`;

function memberListWhere(teamId: number, filter: MemberListFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  return and(
    eq(memberships.teamId, teamId),
    keyword
      ? or(ilike(memberships.nickname, containing(keyword)), ilike(users.mobile, containing(keyword)))
      : undefined,
    filter.departmentId === undefined
      ? undefined
      : sql`${memberships.departmentId} in ${departmentSubtree(teamId, filter.departmentId)}`,
    filter.roleId === undefined ? undefined : eq(memberships.roleId, filter.roleId),
    filter.status === undefined ? undefined : eq(memberships.status, filter.status),
  );
}

/** A page of the team's members, the owner first then by id, and how many match: two statements. */
export async function listMemberRows(
  db: Database,
  teamId: number,
  filter: MemberListFilter,
  window: PageWindow,
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = memberListWhere(teamId, filter);
  const [rows, [totals]] = await Promise.all([
    selectMembers(db)
      .where(where)
      .orderBy(desc(memberships.isOwner), asc(memberships.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** One member of the team (any status); undefined for a missing one or another team's. */
export async function findMemberRow(
  db: Database,
  teamId: number,
  membershipId: number,
): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(
    and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)),
  );
  return row;
}

/** The member's row, locked while it changes (two edits of one member never interleave their checks). */
export async function lockMember(
  tx: Database,
  teamId: number,
  membershipId: number,
): Promise<MembershipRecord | undefined> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)))
    .for('update');
  return row;
}

/**
 * Locks the team's roles in id order, as a change of a role's matrix does (org-unit.repository
 * lockTeamUnits): changes of who holds what queue behind each other, so two of them cannot each count
 * on the other's member to keep organization manage.
 */

/** The user's membership of the team, whatever its status. */
export async function findMembershipOfUserInTeam(
  db: Database,
  teamId: number,
  userId: number,
): Promise<{ id: number; nickname: string } | undefined> {
  const [row] = await db
    .select({ id: memberships.id, nickname: memberships.nickname })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  return row;
}

/**
 * Whether `membershipId` is `superiorId` or above it in its chain of superiors: making `superiorId` the
 * member's superior would then close a loop. UNION (not ALL) stops on a loop already stored.
 */
export async function isInSuperiorChain(
  db: Database,
  teamId: number,
  superiorId: number,
  membershipId: number,
): Promise<boolean> {
  const chain = sql`(
    with recursive chain(id, superior_id) as (
      select "id", "superior_id" from "memberships" where "id" = ${superiorId} and "team_id" = ${teamId}
      union
      select "memberships"."id", "memberships"."superior_id" from "memberships"
        join chain on "memberships"."id" = chain.superior_id
        where "memberships"."team_id" = ${teamId}
    )
    select id from chain
  )`;
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), sql`${memberships.id} in ${chain}`));
  return row !== undefined;
}

export async function insertMember(db: Database, values: typeof memberships.$inferInsert): Promise<number> {
  const [row] = await db.insert(memberships).values(values).returning({ id: memberships.id });
  if (!row) throw new Error('membership not created');
  return row.id;
}

export async function updateMemberRow(
  db: Database,
  teamId: number,
  membershipId: number,
  values: Partial<typeof memberships.$inferInsert>,
): Promise<void> {
  await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.id, membershipId), eq(memberships.teamId, teamId)));
}
