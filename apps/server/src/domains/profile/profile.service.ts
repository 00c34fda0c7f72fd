import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { recordOperation } from '../operation-log/operation-log.repository';
import type { AuthContext, RequestOrigin } from '../session/auth-context';
import { findMembershipOfUser, type MembershipRow, updateMembershipNickname } from '../team/team.repository';

export interface ProfileDeps {
  db: Database;
  clock: () => Date;
}

/** The caller's membership in the current team (the authentication hook has checked it is valid). */
export async function getProfile(deps: ProfileDeps, auth: AuthContext): Promise<MembershipRow> {
  const row = await findMembershipOfUser(deps.db, auth.userId, auth.membershipId);
  if (!row) throw new AppError('sessionEnded');
  return row;
}

export async function updateProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  changes: { nickname: string },
  origin: RequestOrigin,
): Promise<MembershipRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = await findMembershipOfUser(tx, auth.userId, auth.membershipId);
    if (!before) throw new AppError('sessionEnded');
    await updateMembershipNickname(tx, auth.membershipId, changes.nickname, now);
    await recordOperation(tx, {
      action: 'profile_update',
      teamId: auth.teamId,
      membershipId: auth.membershipId,
      userId: auth.userId,
      targetType: 'membership',
      targetId: auth.membershipId,
      detail: { before: { nickname: before.nickname }, after: { nickname: changes.nickname } },
      ip: origin.ip,
      userAgent: origin.userAgent,
      at: now,
    });
    return { ...before, nickname: changes.nickname };
  });
}
