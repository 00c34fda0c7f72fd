import { SIGN_IN_MESSAGES } from '@trackit/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  findMembership,
  listValidMemberships,
  type Membership,
  markSignedIn,
} from '../organization/organization.service';
import { findUser } from '../user/user.service';
import { tooManyRequests } from './mobile-code.service';
import { SESSION_POLICY } from './session.policy';
import {
  consumeCode,
  endLiveSessionsOfMembership,
  endSession,
  findSessionForRequest,
  findSessionForUpdate,
  insertSession,
  lockAddress,
  recordSignInFailure,
  type SessionRow,
  signInRefusalStats,
  takeCodeAttempt,
  touchSession,
  updateSession,
} from './session.repository';
import {
  hashSmsCode,
  makeRefreshToken,
  parseRefreshToken,
  signAccessToken,
  verifyAccessToken,
} from './token';

export interface SessionKeys {
  access: Buffer;
  refresh: Buffer;
  sms: Buffer;
}

export interface SessionDeps {
  db: Database;
  clock: () => Date;
  keys: SessionKeys;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const HOUR_MS = 3_600_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const earliest = (a: Date, b: Date) => (a < b ? a : b);

/** A rotated refresh token lives 30 days, never past the session's own end. */
const refreshExpiry = (session: Pick<SessionRow, 'expiresAt'>, now: Date) =>
  earliest(later(now, SESSION_POLICY.refreshTtlMs), session.expiresAt);

const sessionEnded = () => new AppError('sessionEnded');
const unauthenticated = () => new AppError('unauthenticated');

function issueTokens(
  deps: SessionDeps,
  session: Pick<SessionRow, 'id' | 'expiresAt'>,
  generation: number,
): TokenPair {
  const now = deps.clock();
  const exp = earliest(later(now, SESSION_POLICY.accessTtlMs), session.expiresAt);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expSeconds = Math.floor(exp.getTime() / 1000);
  return {
    access_token: signAccessToken(deps.keys.access, {
      typ: 'access',
      sid: session.id,
      iat: nowSeconds,
      exp: expSeconds,
    }),
    refresh_token: makeRefreshToken(deps.keys.refresh, session.id, generation),
    expires_in: expSeconds - nowSeconds,
  };
}

/** The membership a sign-in lands in: the most recently used valid one, else the first. */
export function defaultMembership(members: Membership[]): Membership | undefined {
  const used = members
    .filter((m) => m.lastLoginAt)
    .sort((a, b) => Number(b.lastLoginAt) - Number(a.lastLoginAt));
  return used[0] ?? members[0];
}

type SignInRefusal = 'no_live_code' | 'wrong_code' | 'code_used' | 'no_valid_membership';

export interface SignInResult {
  members: Membership[];
  membershipId: number;
  token: TokenPair;
}

type SignInOutcome = SignInResult | { refused: SignInRefusal } | { limitedUntil: Date };

/**
 * POST /v1/sessions. One transaction per try, holding the client address's lock: the address's refusal
 * limit is checked, one try is taken against the number's live code, and a refusal is recorded, all
 * before the next try of that address is looked at. A refusal commits (it is returned, not thrown).
 * Nothing a stranger does stops the owner of the number: tries without a live code count only against
 * the stranger's address, and many wrong codes shorten each new code to a single try instead of
 * locking the number (docs/decisions.md, "Sign-in abuse").
 */
export async function signIn(
  deps: SessionDeps,
  mobile: string,
  code: string,
  origin: RequestOrigin,
): Promise<SignInResult> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx): Promise<SignInOutcome> => {
    await lockAddress(tx, origin.ip);
    const stats = await signInRefusalStats(tx, mobile, origin.ip, now);
    if (stats.ipHourCount >= SESSION_POLICY.refusalsPerIpPerHour && stats.ipHourOldest) {
      return { limitedUntil: later(stats.ipHourOldest, HOUR_MS) };
    }
    const refuse = async (reason: SignInRefusal, codeId: number | null) => {
      await recordSignInFailure(tx, { mobile, ip: origin.ip, codeId, now });
      await recordOperation(tx, {
        action: 'sign_in_refused',
        actor: { teamId: null, membershipId: null, userId: null, origin, at: now },
        detail: { mobile, reason, failures_in_24h: stats.mobileDayCount + 1 },
      });
      return { refused: reason };
    };

    const triesPerCode =
      stats.mobileDayWrongCodes >= SESSION_POLICY.wrongCodesBeforeSingleTry
        ? 1
        : SESSION_POLICY.maxAttemptsPerCode;
    const attempt = await takeCodeAttempt(tx, mobile, now, triesPerCode);
    if (!attempt) return refuse('no_live_code', null);
    if (attempt.codeHash !== hashSmsCode(deps.keys.sms, mobile, code))
      return refuse('wrong_code', attempt.id);
    if (!(await consumeCode(tx, attempt.id, now))) return refuse('code_used', attempt.id);

    const user = await findUser(tx, mobile);
    const members = user ? await listValidMemberships(tx, user.id) : [];
    const chosen = defaultMembership(members);
    // A number without a valid membership gets the same answer as a wrong code.
    if (!user || !chosen) return refuse('no_valid_membership', attempt.id);

    const session = await insertSession(tx, {
      userId: user.id,
      membershipId: chosen.id,
      refreshGeneration: 1,
      rotatedAt: now,
      refreshExpiresAt: later(now, SESSION_POLICY.refreshTtlMs),
      expiresAt: later(now, SESSION_POLICY.sessionMaxMs),
      lastSeenAt: now,
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 512),
      createdAt: now,
      updatedAt: now,
    });
    await markSignedIn(tx, chosen, now);
    await recordOperation(tx, {
      action: 'sign_in',
      actor: memberActor({ teamId: chosen.teamId, membershipId: chosen.id, userId: user.id }, origin, now),
      targetId: session.id,
    });
    return { members, membershipId: chosen.id, token: issueTokens(deps, session, 1) };
  });
  if ('limitedUntil' in outcome) {
    throw tooManyRequests(SIGN_IN_MESSAGES.signInAttemptsLimit, outcome.limitedUntil, now);
  }
  if ('refused' in outcome) throw new AppError('invalidSmsCode');
  return outcome;
}

/**
 * POST /v1/sessions/refresh: rotates the refresh token. The immediately previous one still works for a
 * few seconds (two tabs refreshing at once get the same current token); any older one ends the session.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
  origin: RequestOrigin,
): Promise<TokenPair> {
  const parsed = parseRefreshToken(deps.keys.refresh, refreshToken);
  if (!parsed) throw unauthenticated();
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const session = await findSessionForUpdate(tx, parsed.sessionId);
    if (!session) return { error: unauthenticated() };
    if (session.endedAt || session.expiresAt <= now) return { error: sessionEnded() };
    const membership = await findMembership(tx, session.userId, session.membershipId);
    if (membership?.status !== 'valid') {
      await endSession(tx, session.id, 'membership_not_valid', now);
      return { error: sessionEnded() };
    }
    const current = session.refreshGeneration;
    const withinGrace = now.getTime() - session.rotatedAt.getTime() <= SESSION_POLICY.refreshGraceMs;
    if (parsed.generation === current - 1 && withinGrace) {
      return { tokens: issueTokens(deps, session, current) };
    }
    if (parsed.generation !== current) {
      await endSession(tx, session.id, 'refresh_token_reused', now);
      await recordOperation(tx, {
        action: 'session_ended_refresh_reuse',
        actor: memberActor(
          { teamId: membership.teamId, membershipId: membership.id, userId: session.userId },
          origin,
          now,
        ),
        targetId: session.id,
      });
      return { error: sessionEnded() };
    }
    if (session.refreshExpiresAt <= now) {
      await endSession(tx, session.id, 'refresh_expired', now);
      return { error: sessionEnded() };
    }
    const next = current + 1;
    await updateSession(tx, session.id, {
      refreshGeneration: next,
      rotatedAt: now,
      refreshExpiresAt: refreshExpiry(session, now),
      lastSeenAt: now,
      updatedAt: now,
    });
    return { tokens: issueTokens(deps, session, next) };
  });
  // Ending a reused session must be committed before answering, so it is returned, not thrown.
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

/** Reads the bearer token of a request into the caller's context; throws 10401 / 10498 / 10499. */
export async function authenticate(
  deps: SessionDeps,
  authorization: string | undefined,
): Promise<AuthContext> {
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const now = deps.clock();
  const verified = verifyAccessToken(deps.keys.access, match[1], Math.floor(now.getTime() / 1000));
  if (!verified.ok)
    throw verified.reason === 'expired' ? new AppError('accessTokenExpired') : unauthenticated();
  const session = await findSessionForRequest(deps.db, verified.claims.sid);
  if (!session || session.endedAt || session.expiresAt <= now) throw sessionEnded();
  if (session.membershipStatus !== 'valid' || session.membershipUserId !== session.userId) {
    await endSession(deps.db, session.id, 'membership_not_valid', now);
    throw sessionEnded();
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= 60_000) await touchSession(deps.db, session.id, now);
  return {
    sessionId: session.id,
    userId: session.userId,
    membershipId: session.membershipId,
    teamId: session.teamId,
    isOwner: session.isOwner,
    roleId: session.roleId,
    mobile: session.mobile,
  };
}

export async function signOut(deps: SessionDeps, auth: AuthContext, origin: RequestOrigin) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId, 'logout', now);
    await recordOperation(tx, {
      action: 'sign_out',
      actor: memberActor(auth, origin, now),
      targetId: auth.sessionId,
    });
  });
}

/** POST /v1/teams/{id}/login: moves the session to another of the caller's valid memberships. */
export async function switchTeam(
  deps: SessionDeps,
  auth: AuthContext,
  membershipId: number,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const target = await findMembership(tx, auth.userId, membershipId);
    if (target?.status !== 'valid') return { error: new AppError('notFound', { message: '团队不存在' }) };
    const session = await findSessionForUpdate(tx, auth.sessionId);
    if (!session || session.endedAt) return { error: sessionEnded() };
    const current = await findMembership(tx, auth.userId, auth.membershipId);
    const next = session.refreshGeneration + 1;
    await updateSession(tx, session.id, {
      membershipId: target.id,
      refreshGeneration: next,
      rotatedAt: now,
      refreshExpiresAt: refreshExpiry(session, now),
      updatedAt: now,
    });
    await markSignedIn(tx, target, now);
    await recordOperation(tx, {
      action: 'team_switch',
      actor: memberActor(
        { teamId: target.teamId, membershipId: target.id, userId: auth.userId },
        origin,
        now,
      ),
      targetId: session.id,
      detail: { from_team: current?.teamName ?? null, to_team: target.teamName },
    });
    return { tokens: issueTokens(deps, session, next) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.tokens;
}

/**
 * Ends the membership's sessions at once, in the caller's transaction (a member paused or departed):
 * their next request answers 10499 instead of waiting for the access token to lapse.
 */
export function endSessionsOfMembership(tx: Database, membershipId: number, now: Date): Promise<number> {
  return endLiveSessionsOfMembership(tx, membershipId, 'membership_not_valid', now);
}
