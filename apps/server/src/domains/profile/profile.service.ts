/**
 * The signed-in member's own profile in the current team: nickname and avatar. Avatars are kept as
 * stable addresses (`/storm_api/v1/avatars/<blob id>`) that redirect to freshly signed ones, so every
 * place showing an avatar keeps working after signed addresses expire.
 */
import { API_BASE_PATH } from '@trackit/contract/constants';
import { fillPath } from '@trackit/contract/endpoint';
import { profileEndpoints } from '@trackit/contract/profile.endpoints';
import type { ProfileUpdate } from '@trackit/contract/session.schema';
import type { AvatarParams, AvatarQuery } from '@trackit/contract/upload.schema';
import { AppError } from '../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../http/auth-context';
import { memberActor, recordOperation } from '../operation-log/operation-log.service';
import {
  findMembership,
  type Membership,
  saveProfile,
  teamShowingAvatar,
} from '../organization/organization.service';
import { adoptAvatarImage, signAvatar, type UploadDeps } from '../upload/upload.service';

export type ProfileDeps = Pick<UploadDeps, 'db' | 'clock' | 'storage' | 'blobKey'>;

const avatarAddress = (blobId: string) =>
  `${API_BASE_PATH}${fillPath(profileEndpoints.avatar.path, { blobId })}`;

/** The caller's membership in the current team (the authentication hook has checked it is valid). */
export async function getProfile(deps: ProfileDeps, auth: AuthContext): Promise<Membership> {
  const row = await findMembership(deps.db, auth.userId, auth.membershipId);
  if (!row) throw new AppError('sessionEnded');
  return row;
}

/** PATCH /v1/profile. A save that changes nothing writes nothing and records nothing. */
export async function updateProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  changes: ProfileUpdate,
  origin: RequestOrigin,
): Promise<Membership> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = await findMembership(tx, auth.userId, auth.membershipId);
    if (!before) throw new AppError('sessionEnded');
    const nickname = changes.nickname ?? before.nickname;
    const nicknameChanged = nickname !== before.nickname;
    if (!nicknameChanged && !changes.avatar_signed_id) return before;
    let avatar = { avatar: before.avatar, avatarThumb: before.avatarThumb };
    if (changes.avatar_signed_id) {
      const blobId = await adoptAvatarImage(deps, tx, auth, changes.avatar_signed_id, now);
      avatar = { avatar: avatarAddress(blobId), avatarThumb: `${avatarAddress(blobId)}?size=thumb` };
    }
    await saveProfile(tx, before, { nickname, ...avatar }, now);
    await recordOperation(tx, {
      action: 'profile_update',
      actor: memberActor(auth, origin, now),
      targetId: auth.membershipId,
      detail: {
        ...(nicknameChanged ? { nickname: { before: before.nickname, after: nickname } } : {}),
        ...(changes.avatar_signed_id ? { avatar_changed: true as const } : {}),
      },
    });
    return { ...before, nickname, ...avatar };
  });
}

/**
 * GET /v1/avatars/{blobId}: a freshly signed address of an avatar some membership shows. The route is
 * public (an <img> sends no token); an address no membership shows is "not found".
 */
export async function signedAvatarUrl(deps: ProfileDeps, params: AvatarParams, query: AvatarQuery) {
  const teamId = await teamShowingAvatar(deps.db, avatarAddress(params.blobId));
  const url =
    teamId === undefined ? undefined : await signAvatar(deps, teamId, params.blobId, query.size === 'thumb');
  if (!url) throw new AppError('notFound');
  return url;
}
