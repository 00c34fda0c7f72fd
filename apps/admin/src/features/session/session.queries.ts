/**
 * Every call of the session feature (sign-in, team choice, logout, the current profile), and what each
 * does to the stored token and the recent-login list.
 */
import { queryOptions } from '@tanstack/react-query';
import type { LoginHistoryEntry } from '@trackit/client/login-history';
import { SUCCESS_CODE } from '@trackit/contract/error-codes';
import type {
  MobileCodeResponse,
  Profile,
  SignInRequest,
  SignInResponse,
  TokenPair,
  ValidMember,
} from '@trackit/contract/session.schema';
import { api, loginHistory, tokens } from '../../api';

/** The signed-in member of the current team. Session failures are handled by the API client. */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => api.get<Profile>('/v1/profile', undefined, { signal }),
});

/**
 * The login page's check whether the stored token still works (spec §4, §7): no toast, no envelope
 * check, no refresh; true when the profile answers code 0.
 */
export const signedInProbeQuery = queryOptions({
  queryKey: ['profile', 'probe'],
  queryFn: async ({ signal }) => {
    const body = await api.request<Profile>({
      url: '/v1/profile',
      signal,
      meta: { skipCodeCheck: true, hideToast: true },
    });
    return body.code === SUCCESS_CODE;
  },
  gcTime: 0,
});

/** Sends a code by SMS; resolves the seconds until another may be requested. Errors are shown by the page. */
export const requestCode = async (mobile: string): Promise<number> => {
  const answer = await api.post<MobileCodeResponse>(
    '/v1/mobile_codes',
    { mobile },
    { skipAuth: true, hideToast: true },
  );
  return answer.resend_after_seconds;
};

/** Signs in and stores the token (signed in to `membership_id`). Errors are shown under the login button. */
export const signIn = async (request: SignInRequest): Promise<SignInResponse> => {
  const answer = await api.post<SignInResponse>('/v1/sessions', request, { skipAuth: true, hideToast: true });
  tokens.set(answer.token);
  return answer;
};

/**
 * Finishes sign-in with the chosen membership: the token already belongs to `defaultId`; any other
 * membership gets its own token pair. The choice goes first in the recent-login list.
 */
export const chooseMembership = async (mobile: string, member: ValidMember, defaultId: number) => {
  if (member.id !== defaultId) {
    tokens.set(await api.post<TokenPair>(`/v1/teams/${member.id}/login`, { id: member.id }));
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
    await api.delete('/v1/sessions', undefined, { hideToast: true });
  } catch {
    // Already ended or unreachable: the local sign-out below is what the user asked for.
  } finally {
    tokens.clear();
  }
};
