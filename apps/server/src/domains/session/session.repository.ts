import type { SessionEndReason } from '@trackit/contract/session.schema';
import { and, count, desc, eq, gt, inArray, isNull, lte, min, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { users } from '../user/user.tables';
import { mobileCodes, signInFailures, userSessions } from './session.tables';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Serialises code requests and sign-ins of one number for the rest of the transaction. */
export async function lockMobile(tx: Database, mobile: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mobile:${mobile}`}))`);
}

/** Serialises the sign-ins of one client address, so its refusal limit holds under parallel tries. */
export async function lockAddress(tx: Database, ip: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-ip:${ip}`}))`);
}

const oldestOf = (value: Date | string | null | undefined) => (value ? new Date(value) : undefined);

/**
 * What the code-request limits need: the number's last request, its codes of the day from all
 * addresses and from this one, and this address's codes of the hour.
 */
export async function codeRequestStats(db: Database, mobile: string, ip: string, now: Date) {
  const dayStart = new Date(now.getTime() - DAY_MS);
  const hourStart = new Date(now.getTime() - HOUR_MS);
  const fromThisAddress = eq(mobileCodes.requestIp, ip);
  const [byMobile] = await db
    .select({
      total: count(),
      oldest: min(mobileCodes.createdAt),
      latest: sql<Date | null>`max(${mobileCodes.createdAt})`,
      fromAddress: sql<number>`count(*) filter (where ${fromThisAddress})`.mapWith(Number),
      fromAddressOldest: sql<Date | null>`min(${mobileCodes.createdAt}) filter (where ${fromThisAddress})`,
    })
    .from(mobileCodes)
    .where(and(eq(mobileCodes.mobile, mobile), gt(mobileCodes.createdAt, dayStart)));
  const [byIp] = await db
    .select({ total: count(), oldest: min(mobileCodes.createdAt) })
    .from(mobileCodes)
    .where(and(fromThisAddress, gt(mobileCodes.createdAt, hourStart)));
  return {
    lastRequestAt: oldestOf(byMobile?.latest),
    mobileDayCount: byMobile?.total ?? 0,
    mobileDayOldest: oldestOf(byMobile?.oldest),
    mobileAddressDayCount: byMobile?.fromAddress ?? 0,
    mobileAddressDayOldest: oldestOf(byMobile?.fromAddressOldest),
    ipHourCount: byIp?.total ?? 0,
    ipHourOldest: oldestOf(byIp?.oldest),
  };
}

/** A new code voids every earlier one of the number. */
export async function replaceCode(
  tx: Database,
  code: { mobile: string; codeHash: string; requestIp: string; expiresAt: Date; now: Date },
) {
  await tx
    .update(mobileCodes)
    .set({ voidedAt: code.now, updatedAt: code.now })
    .where(
      and(eq(mobileCodes.mobile, code.mobile), isNull(mobileCodes.consumedAt), isNull(mobileCodes.voidedAt)),
    );
  await tx.insert(mobileCodes).values({
    mobile: code.mobile,
    codeHash: code.codeHash,
    requestIp: code.requestIp,
    expiresAt: code.expiresAt,
    createdAt: code.now,
    updatedAt: code.now,
  });
}

/**
 * Counts one try against the number's live code and returns it, in a single UPDATE: parallel tries
 * queue on the row, and once `attempts` reaches the limit no further try is evaluated.
 */
export async function takeCodeAttempt(
  db: Database,
  mobile: string,
  now: Date,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string } | undefined> {
  const live = db
    .select({ id: mobileCodes.id })
    .from(mobileCodes)
    .where(
      and(
        eq(mobileCodes.mobile, mobile),
        isNull(mobileCodes.consumedAt),
        isNull(mobileCodes.voidedAt),
        gt(mobileCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(mobileCodes.createdAt))
    .limit(1);
  const [row] = await db
    .update(mobileCodes)
    .set({ attempts: sql`${mobileCodes.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(mobileCodes.id, sql`(${live})`),
        sql`${mobileCodes.attempts} < ${maxAttempts}`,
        isNull(mobileCodes.consumedAt),
        isNull(mobileCodes.voidedAt),
      ),
    )
    .returning({ id: mobileCodes.id, codeHash: mobileCodes.codeHash });
  return row;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mobileCodes)
    .set({ consumedAt: now, updatedAt: now })
    .where(and(eq(mobileCodes.id, id), isNull(mobileCodes.consumedAt)))
    .returning({ id: mobileCodes.id });
  return rows.length === 1;
}

/**
 * What the sign-in limits need: the address's refusals of the hour (any number), and the number's
 * refusals of the day, all of them and those against a code that was sent.
 */
export async function signInRefusalStats(db: Database, mobile: string, ip: string, now: Date) {
  const [byIp] = await db
    .select({ total: count(), oldest: min(signInFailures.createdAt) })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.createdAt, new Date(now.getTime() - HOUR_MS))));
  const [byMobile] = await db
    .select({
      total: count(),
      againstSentCodes: sql<number>`count(*) filter (where ${signInFailures.codeId} is not null)`.mapWith(
        Number,
      ),
    })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.mobile, mobile), gt(signInFailures.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  return {
    ipHourCount: byIp?.total ?? 0,
    ipHourOldest: oldestOf(byIp?.oldest),
    mobileDayCount: byMobile?.total ?? 0,
    mobileDayWrongCodes: byMobile?.againstSentCodes ?? 0,
  };
}

export async function recordSignInFailure(
  db: Database,
  failure: { mobile: string; ip: string; codeId: number | null; now: Date },
) {
  await db.insert(signInFailures).values({
    mobile: failure.mobile,
    ip: failure.ip,
    codeId: failure.codeId,
    createdAt: failure.now,
    updatedAt: failure.now,
  });
}

export type SessionRow = typeof userSessions.$inferSelect;

export async function insertSession(
  db: Database,
  values: typeof userSessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(userSessions).values(values).returning();
  if (!row) throw new Error('session not created');
  return row;
}

function sessionForRequestQuery(db: Database) {
  return db
    .select({
      id: userSessions.id,
      userId: userSessions.userId,
      membershipId: userSessions.membershipId,
      expiresAt: userSessions.expiresAt,
      endedAt: userSessions.endedAt,
      lastSeenAt: userSessions.lastSeenAt,
      teamId: memberships.teamId,
      membershipStatus: memberships.status,
      membershipUserId: memberships.userId,
      isOwner: memberships.isOwner,
      roleId: memberships.roleId,
      mobile: users.mobile,
    })
    .from(userSessions)
    .innerJoin(memberships, eq(memberships.id, userSessions.membershipId))
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.id, sql.placeholder('sessionId')))
    .prepare('find_session_for_request');
}

/**
 * Every authenticated request runs this query, so it is built once per database and prepared: PostgreSQL
 * parses and plans it once per connection instead of per request (docs/decisions.md, model list cost).
 */
const preparedSessionQueries = new WeakMap<Database, ReturnType<typeof sessionForRequestQuery>>();

/** The session behind an access token, with what every authenticated request needs to know. */
export async function findSessionForRequest(db: Database, sessionId: string) {
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = sessionForRequestQuery(db);
    preparedSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId });
  return row;
}

/** The session row, locked until the transaction ends (refresh and team switch rotate it). */
export async function findSessionForUpdate(tx: Database, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(userSessions).where(eq(userSessions.id, sessionId)).for('update');
  return row;
}

export async function updateSession(
  db: Database,
  sessionId: string,
  values: Partial<typeof userSessions.$inferInsert>,
) {
  await db.update(userSessions).set(values).where(eq(userSessions.id, sessionId));
}

export async function endSession(db: Database, sessionId: string, reason: SessionEndReason, now: Date) {
  await db
    .update(userSessions)
    .set({ endedAt: now, endReason: reason, updatedAt: now })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)));
}

/** Ends the user's live sessions: the given ones, or all but `exceptId`. Returns how many ended. */
export async function endSessionsOfUser(
  db: Database,
  userId: number,
  selection: { ids: string[] } | { exceptId: string },
  reason: SessionEndReason,
  now: Date,
): Promise<number> {
  const which =
    'ids' in selection ? inArray(userSessions.id, selection.ids) : ne(userSessions.id, selection.exceptId);
  const rows = await db
    .update(userSessions)
    .set({ endedAt: now, endReason: reason, updatedAt: now })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        gt(userSessions.expiresAt, now),
        which,
      ),
    )
    .returning({ id: userSessions.id });
  return rows.length;
}

/** The user's signed-in devices, most recently used first. */
export function listLiveSessionsOfUser(db: Database, userId: number, now: Date) {
  return db
    .select({
      id: userSessions.id,
      ip: userSessions.ip,
      userAgent: userSessions.userAgent,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
      teamName: teams.name,
    })
    .from(userSessions)
    .innerJoin(memberships, eq(memberships.id, userSessions.membershipId))
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(
      and(eq(userSessions.userId, userId), isNull(userSessions.endedAt), gt(userSessions.expiresAt, now)),
    )
    .orderBy(desc(userSessions.lastSeenAt));
}

/** Notes activity, at most once a minute per session so reads do not each cost a write. */
export async function touchSession(db: Database, sessionId: string, now: Date) {
  await db
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(
      and(eq(userSessions.id, sessionId), lte(userSessions.lastSeenAt, new Date(now.getTime() - 60_000))),
    );
}

/** Ends every live session of the membership (its member was paused or left). Returns how many ended. */
export async function endLiveSessionsOfMembership(
  db: Database,
  membershipId: number,
  reason: SessionEndReason,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: now, endReason: reason, updatedAt: now })
    .where(and(eq(userSessions.membershipId, membershipId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return rows.length;
}
