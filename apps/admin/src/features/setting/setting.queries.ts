/**
 * Every call of the settings page: the member's profile in this team (the query itself lives with the
 * session feature, so the header reads the same cache) and the member's signed-in devices.
 */
import { queryOptions } from '@tanstack/react-query';
import { type UploadProgress, uploadBlob } from '@trackit/client/upload/upload-steps';
import type {
  endUserSessionsResponseSchema,
  Profile,
  ProfileUpdate,
  UserSession,
} from '@trackit/contract/session.schema';
import { api } from '../../api';
import { uploadDeps } from '../../uploads';

type EndSessionsResult = ReturnType<typeof endUserSessionsResponseSchema.parse>;

export const deviceKeys = {
  all: ['user_sessions'] as const,
};

/** This device first, then the most recently active. */
export const sortDevices = (devices: readonly UserSession[]): UserSession[] =>
  [...devices].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at),
  );

/** The caller's live sessions across all teams, the current one flagged (and listed first). */
export const devicesQuery = queryOptions({
  queryKey: deviceKeys.all,
  queryFn: ({ signal }) => api.get<UserSession[]>('/v1/user_sessions', undefined, { signal }),
  select: sortDevices,
});

/** Saves the nickname (already trimmed by `profileUpdateSchema`); resolves the updated profile. */
export const updateProfile = (changes: ProfileUpdate): Promise<Profile> =>
  api.patch<Profile>('/v1/profile', changes);

/**
 * Uploads an image through the same steps as any file (checksum in a worker, direct upload, PUT,
 * settling pause), then makes it the avatar. Rejects with a message for the user; nothing is toasted
 * on the way, so the page shows one message whatever step failed. Resolves the updated profile.
 */
export const updateAvatar = async (
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Profile> => {
  const { signedId } = await uploadBlob(uploadDeps, file, { onProgress });
  const change: ProfileUpdate = { avatar_signed_id: signedId };
  return api.patch<Profile>('/v1/profile', change, { hideToast: true });
};

/**
 * Signs out the given devices, or every device but this one when `ids` is absent (the server reads
 * a DELETE without a body that way). Resolves how many sessions ended.
 */
export const endDevices = async (ids?: string[]): Promise<number> => {
  const body = await api.request<EndSessionsResult>({
    method: 'DELETE',
    url: '/v1/user_sessions',
    ...(ids ? { data: { ids } } : {}),
  });
  return body.data.ended;
};
