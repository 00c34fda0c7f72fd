import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { byMember, recordOperation } from '../operation-log/operation-log.repository';
import type { AuthContext, RequestOrigin } from '../session/auth-context';
import { findMembershipOfUser, type MembershipRow, updateMembershipProfile } from '../team/team.repository';
import { type AvatarDeps, adoptAvatar } from './avatar';

export interface ProfileDeps {
  db: Database;
  clock: () => Date;
  avatars: AvatarDeps;
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
  changes: { nickname?: string | undefined; avatar_signed_id?: string | undefined },
  origin: RequestOrigin,
): Promise<MembershipRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = await findMembershipOfUser(tx, auth.userId, auth.membershipId);
    if (!before) throw new AppError('sessionEnded');
    const nickname = changes.nickname ?? before.nickname;
    const avatar = changes.avatar_signed_id
      ? await adoptAvatar(deps.avatars, tx, auth, changes.avatar_signed_id, now)
      : { avatar: before.avatar, avatarThumb: before.avatarThumb };
    await updateMembershipProfile(tx, auth.membershipId, { nickname, ...avatar }, now);
    await recordOperation(tx, {
      action: 'profile_update',
      ...byMember(auth, origin, now),
      targetType: 'membership',
      targetId: auth.membershipId,
      detail: {
        before: { nickname: before.nickname, ...(changes.avatar_signed_id ? { avatar: before.avatar } : {}) },
        after: { nickname, ...(changes.avatar_signed_id ? { avatar: avatar.avatar } : {}) },
      },
    });
    return { ...before, nickname, ...avatar };
  });
}
