import type { PermissionLevel } from '@trackit/contract/enums';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import type { PermissionKey } from '@trackit/contract/permissions';
import type { TokenPair } from '@trackit/contract/session.schema';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { notifications } from '../domains/notify/notify.tables';
import { memberships, rolePermissions, roles } from '../domains/organization/organization.tables';
import { teams } from '../domains/team/team.tables';
import { users } from '../domains/user/user.tables';
import type { TestApp } from './build-test-app';

let sequence = 0;
/** A mobile number no other test of the run uses. */
export function uniqueMobile(): string {
  sequence += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
}

/**
 * A national ID (居民身份证, right check character) no other model of the test file has: a model paid as an
 * individual needs its tax identity, and a team's models never share a number.
 */
export function uniqueIdNumber(): string {
  sequence += 1;
  const first17 = `110105${1970 + (sequence % 40)}0101${String(sequence % 1000).padStart(3, '0')}`;
  return `${first17}${nationalIdCheckChar(first17)}`;
}

export async function createTeam(db: Database, name = `测试团队${sequence}`) {
  const [team] = await db.insert(teams).values({ name }).returning();
  if (!team) throw new Error('team not created');
  return team;
}

export async function createUser(db: Database, mobile = uniqueMobile()) {
  const [user] = await db.insert(users).values({ mobile }).returning();
  if (!user) throw new Error('user not created');
  return user;
}

export async function createMembership(
  db: Database,
  values: {
    teamId: number;
    userId: number;
    nickname?: string;
    status?: 'valid' | 'pause' | 'off_duty';
    isOwner?: boolean;
    roleId?: number | null;
  },
) {
  const [membership] = await db
    .insert(memberships)
    .values({ nickname: '成员', baseColor: '#1677ff', status: 'valid', ...values })
    .returning();
  if (!membership) throw new Error('membership not created');
  return membership;
}

let roleSequence = 0;
/** A role of the team granting `grants`; role names are unique in a team, so the default one is numbered. */
export async function createRole(
  db: Database,
  teamId: number,
  grants: { key: PermissionKey; level: PermissionLevel }[],
  name = `角色${++roleSequence}`,
) {
  const [role] = await db.insert(roles).values({ teamId, name }).returning();
  if (!role) throw new Error('role not created');
  if (grants.length) {
    await db
      .insert(rolePermissions)
      .values(grants.map((grant) => ({ roleId: role.id, permissionKey: grant.key, level: grant.level })));
  }
  return role;
}

/** A user with one valid owner membership in a new team. */
export async function createMember(db: Database, options: { nickname?: string; isOwner?: boolean } = {}) {
  const team = await createTeam(db);
  const user = await createUser(db);
  const membership = await createMembership(db, {
    teamId: team.id,
    userId: user.id,
    nickname: options.nickname ?? '测试成员',
    isOwner: options.isOwner ?? true,
  });
  return { team, user, membership, mobile: user.mobile };
}

/** Requests a code, reads it from the captured SMS and signs in; returns the whole answer. */
export async function signIn(t: TestApp, mobile: string, headers: Record<string, string> = {}) {
  const requested = await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile }, headers });
  expect(requested.body.code, requested.body.message).toBe(0);
  const code = t.sms.last(mobile);
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  const res = await t.request<{ membership_id: number; token: TokenPair; valid_members: { id: number }[] }>(
    'POST',
    '/storm_api/v1/sessions',
    { body: { mobile, code }, headers },
  );
  expect(res.body.code, res.body.message).toBe(0);
  // The next code of this number may be requested at once.
  t.clock.advance(61_000);
  return res.body.data;
}

export const bearer = (token: TokenPair | string) => ({
  authorization: `Bearer ${typeof token === 'string' ? token : token.access_token}`,
});

/** Signed-in headers and membership of one person (and the mobile they sign in with, to sign in again). */
export interface SignedInMember {
  headers: Record<string, string>;
  membershipId: number;
  mobile?: string;
}

/**
 * Signs the members in again, their `headers` replaced in place (whoever holds them sends the new token):
 * after the test clock moved past an access token's two hours.
 */
export async function signInAgain(t: TestApp, ...members: SignedInMember[]): Promise<void> {
  for (const member of members) {
    if (!member.mobile) throw new Error('this member cannot sign in again: no mobile kept');
    Object.assign(member.headers, bearer((await signIn(t, member.mobile)).token));
  }
}

/**
 * A team with its owner signed in, a member holding `key` at each level (read, edit, manage), and a
 * stranger: the owner of another team. For the permission and tenancy tests of a domain.
 */
export async function signInTeamByLevel(t: TestApp, key: PermissionKey, ownerNickname = '林晓') {
  const db = t.database.db;
  const me = await createMember(db, { nickname: ownerNickname });
  const teamId = me.team.id;
  const owner = {
    headers: bearer((await signIn(t, me.mobile)).token),
    membershipId: me.membership.id,
    mobile: me.mobile,
  };
  const levels = {} as Record<PermissionLevel, SignedInMember>;
  for (const level of ['read', 'edit', 'manage'] as const) {
    const role = await createRole(db, teamId, [{ key, level }], level);
    const user = await createUser(db);
    const membership = await createMembership(db, {
      teamId,
      userId: user.id,
      roleId: role.id,
      nickname: level,
    });
    levels[level] = {
      headers: bearer((await signIn(t, user.mobile)).token),
      membershipId: membership.id,
      mobile: user.mobile,
    };
  }
  const other = await createMember(db, { nickname: '外人' });
  const stranger = {
    headers: bearer((await signIn(t, other.mobile)).token),
    membershipId: other.membership.id,
    mobile: other.mobile,
  };
  return { teamId, owner, levels, stranger };
}

/** One more member of the team, with a role granting `grants`, signed in. */
export async function signInMemberWith(
  t: TestApp,
  teamId: number,
  grants: { key: PermissionKey; level: PermissionLevel }[],
  nickname = '成员',
): Promise<SignedInMember> {
  const db = t.database.db;
  const role = await createRole(db, teamId, grants);
  const user = await createUser(db);
  const membership = await createMembership(db, { teamId, userId: user.id, roleId: role.id, nickname });
  return { headers: bearer((await signIn(t, user.mobile)).token), membershipId: membership.id };
}

// ---- Orders ----

/** A working day of an order, 09:00 to 18:00 unless said. */
export const orderDay = (date: string, start_time = '09:00', end_time = '18:00') => ({
  date,
  start_time,
  end_time,
});

/** A day fee (费用) of `amount` fen × `quantity` days at `tax_rate` %. */
export const modelFee = (amount: number, quantity = 1, tax_rate = 6) => ({
  kind: 'ModelFee' as const,
  amount,
  unit: 'day' as const,
  quantity,
  tax_rate,
});

/** A usage licence (肖像授权) of `amount` fen from `start_date` to `end_date`. */
export const usageFee = (amount: number, start_date: string, end_date: string, renewal = 'pending') => ({
  kind: 'UsageFee' as const,
  amount,
  tax_rate: 6,
  media: '微博、小红书',
  territory: '中国大陆',
  start_date,
  end_date,
  renewal,
});

// ---- org units ----

/** A department of the team, under `parentId` (null: at the top). */
export async function createDepartment(
  db: Database,
  teamId: number,
  name: string,
  parentId: number | null = null,
) {
  const [department] = await db
    .insert(roles)
    .values({ teamId, kind: 'department', name, parentId })
    .returning();
  if (!department) throw new Error('department not created');
  return department;
}

/** Moves a member into a department or role, or changes their status, straight in the database. */
export async function placeMember(
  db: Database,
  membershipId: number,
  values: { departmentId?: number | null; roleId?: number | null; status?: 'valid' | 'pause' | 'off_duty' },
) {
  await db.update(memberships).set(values).where(eq(memberships.id, membershipId));
}

// ---- notifications ----

/** What a member was told (title, body, link), oldest first. */
export function noticesOf(db: Database, membershipId: number) {
  return db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.recipientMembershipId, membershipId))
    .orderBy(asc(notifications.id));
}
