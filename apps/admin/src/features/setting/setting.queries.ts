/**
 * Every call of the settings page: the member's profile in this team (the query itself lives with the
 * session feature, so the header reads the same cache) and the member's signed-in devices; and what
 * each change does to the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadBlob } from '@trackit/client/upload/upload-steps';
import { endpoints } from '@trackit/contract/endpoints';
import type {
  EndUserSessionsResponse,
  Profile,
  ProfileUpdate,
  UserSession,
} from '@trackit/contract/session.schema';
import { api } from '../../api';
import { uploadDeps } from '../../uploads';
import { profileQuery } from '../session/session.queries';

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
  queryFn: ({ signal }) => api.call(endpoints.session.devices, undefined, { signal }),
  select: sortDevices,
});

/** Saves the nickname (already trimmed by `profileUpdateSchema`); resolves the updated profile. */
export const updateProfile = (changes: ProfileUpdate): Promise<Profile> =>
  api.call(endpoints.profile.update, { body: changes });

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
  return api.call(endpoints.profile.update, { body: { avatar_signed_id: signedId } }, { hideToast: true });
};

/**
 * Signs out the given devices, or every device but this one when `ids` is absent (the server reads
 * a DELETE without a body that way).
 */
export const endDevices = (ids?: string[]): Promise<EndUserSessionsResponse> =>
  api.call(endpoints.session.endDevices, ids ? { body: { ids } } : undefined);

/** Saves the nickname; the header reads the same cache entry, so it shows the new one at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => queryClient.setQueryData(profileQuery.queryKey, saved),
  });
}

/** Uploads and sets the avatar, reporting the upload's progress; the header shows it at once. */
export function useUpdateAvatar(onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => updateAvatar(file, onProgress),
    onSuccess: (saved) => queryClient.setQueryData(profileQuery.queryKey, saved),
  });
}

/** Signs out devices (`endDevices`); the list is fetched again whatever the answer. */
export function useEndDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDevices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
