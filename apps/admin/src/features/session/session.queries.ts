/**
 * Every call of the session feature (sign-in, team choice, logout, the current profile), and what each
 * does to the stored token and the recent-login list.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { LoginHistoryEntry } from '@trackit/client/login-history';
import { endpoints } from '@trackit/contract/endpoints';
import { SUCCESS_CODE } from '@trackit/contract/error-codes';
import type { SignInRequest, SignInResponse, ValidMember } from '@trackit/contract/session.schema';
import { useCallback } from 'react';
import { api, loginHistory, tokens } from '../../api';

/** The signed-in member of the current team. Session failures are handled by the API client. */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => api.call(endpoints.profile.get, undefined, { signal }),
});

/**
 * The login page's check whether the stored token still works (docs/product.md §4, §7): no toast, no envelope
 * check, no refresh; true when the profile answers code 0.
 */
export const signedInProbeQuery = queryOptions({
  queryKey: ['profile', 'probe'],
  queryFn: async ({ signal }) => {
    const body = await api.callEnvelope(endpoints.profile.get, undefined, {
      signal,
      skipCodeCheck: true,
      hideToast: true,
    });
    return body.code === SUCCESS_CODE;
  },
  gcTime: 0,
});

/** Sends a code by SMS; resolves the seconds until another may be requested. Errors are shown by the page. */
export const requestCode = async (mobile: string): Promise<number> => {
  const answer = await api.call(
    endpoints.session.requestCode,
    { body: { mobile } },
    { skipAuth: true, hideToast: true },
  );
  return answer.resend_after_seconds;
};

/** Signs in and stores the token (signed in to `membership_id`). Errors are shown under the login button. */
export const signIn = async (request: SignInRequest): Promise<SignInResponse> => {
  const answer = await api.call(
    endpoints.session.signIn,
    { body: request },
    { skipAuth: true, hideToast: true },
  );
  tokens.set(answer.token);
  return answer;
};

/** Signs in to another membership of the same person; resolves its token pair (not yet stored). */
export const switchTeamToken = (membershipId: number) =>
  api.call(endpoints.session.switchTeam, { params: { id: membershipId }, body: { id: membershipId } });

/**
 * Finishes sign-in with the chosen membership: the token already belongs to `defaultId`; any other
 * membership gets its own token pair. The choice goes first in the recent-login list.
 */
export const chooseMembership = async (mobile: string, member: ValidMember, defaultId: number) => {
  if (member.id !== defaultId) {
    tokens.set(await switchTeamToken(member.id));
  }
  rememberLogin({ ...member, mobile });
};

export const rememberLogin = (entry: LoginHistoryEntry): void => {
  try {
    loginHistory.add(entry);
  } catch {
    // A malformed entry only costs the shortcut next time; never block a sign-in over it.
  }
};

/**
 * Ends the session on the server, then forgets the token whatever the answer (a session the server
 * already ended is just as over).
 */
export const signOut = async (): Promise<void> => {
  try {
    await api.call(endpoints.session.signOut, undefined, { hideToast: true });
  } catch {
    // Already ended or unreachable: the local sign-out below is what the user asked for.
  } finally {
    tokens.clear();
  }
};

/** Whether a token was stored when the app loaded the page (the login page then checks it first). */
export const hasStoredToken = (): boolean => tokens.get() !== undefined;

/** Forgets every cached answer, so nothing of a previous session shows in the next one. */
export function useClearCachedAnswers(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries(), [queryClient]);
}
