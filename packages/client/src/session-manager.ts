/**
 * The session policy of the API client (docs/product.md §4 "Session", §8): on 10401, 10498 or 10499 the token is
 * refreshed once and the call re-sent; only one refresh runs at a time, and every call that failed
 * meanwhile waits for it and is re-sent with the new token. No refresh token, or a refresh the server
 * refuses, clears the token and signs the user out (the app goes to its login page).
 */
import type { Envelope } from '@trackit/contract/envelope';
import { SUCCESS_CODE, TRANSPORT_ERROR_CODE } from '@trackit/contract/error-codes';
import { sessionEndpoints } from '@trackit/contract/session.endpoints';
import type { TokenPair } from '@trackit/contract/session.schema';
import {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  createApiClient,
  type SessionErrorContext,
  type SessionOutcome,
} from './api-client';
import type { TokenRecord, TokenStore } from './token-store';

/**
 * Exchanges a refresh token for a new pair. Resolves the pair; rejects with an ApiError when the server
 * refuses (any non-zero code) or cannot be reached (status 0 or 5xx).
 */
export type RefreshTokens = (refreshToken: string) => Promise<TokenRecord>;

export interface SessionManagerOptions {
  tokens: TokenStore;
  refreshTokens: RefreshTokens;
  /** Called once when the session is over (token cleared): the app sends the user to its login page. */
  onSignedOut: () => void;
}

export interface SessionManager {
  /** For `createApiClient({ getAccessToken })`. */
  getAccessToken: () => string | undefined;
  /** For `createApiClient({ onSessionError })`. */
  onSessionError: (error: ApiError, context: SessionErrorContext) => Promise<SessionOutcome>;
}

type RefreshResult = 'refreshed' | 'refused' | 'unreachable';

/** The server did not judge the refresh token (down, time-out, 5xx): the session may well be fine. */
const isUnreachable = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.isTransport || error.status === 0 || error.status >= 500;

export const createSessionManager = ({
  tokens,
  refreshTokens,
  onSignedOut,
}: SessionManagerOptions): SessionManager => {
  let inFlight: Promise<RefreshResult> | undefined;
  // Set once onSignedOut has run for the current (cleared) session, so a burst of failing calls signs
  // out once; reset as soon as a token is stored again.
  let signedOut = false;

  const signOut = (): void => {
    tokens.clear();
    if (signedOut) return;
    signedOut = true;
    onSignedOut();
  };

  const runRefresh = async (refreshToken: string): Promise<RefreshResult> => {
    try {
      tokens.set(await refreshTokens(refreshToken));
      return 'refreshed';
    } catch (error) {
      if (isUnreachable(error)) return 'unreachable';
      // Another tab may have rotated the pair meanwhile (the server retires the old refresh token):
      // its fresh token is as good as ours would have been.
      if (tokens.get()?.refresh_token !== refreshToken && tokens.get()) return 'refreshed';
      signOut();
      return 'refused';
    }
  };

  const refresh = (refreshToken: string): Promise<RefreshResult> => {
    // `.finally` runs after the assignment, so a refresh that settles at once cannot leave a stale promise.
    inFlight ??= runRefresh(refreshToken).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const onSessionError = async (_error: ApiError, context: SessionErrorContext): Promise<SessionOutcome> => {
    const current = tokens.get();
    if (current) signedOut = false;

    // Re-sent with a fresh token and still refused: the session itself is over (logout elsewhere,
    // membership paused). Refreshing again could only loop.
    if (context.retried) {
      signOut();
      return 'fail';
    }
    // A refresh finished while this call was on its way: re-send it with the token now stored.
    if (current && context.accessToken !== current.access_token && !inFlight) return 'retry';
    if (!current?.refresh_token) {
      signOut();
      return 'fail';
    }
    return (await refresh(current.refresh_token)) === 'refreshed' ? 'retry' : 'fail';
  };

  return { getAccessToken: () => tokens.get()?.access_token, onSessionError };
};

/**
 * The refresh call over the given client: no bearer header, no toast, and no envelope check, so a
 * refused refresh (401) cannot re-enter the session handling it is part of. It goes through axios
 * itself (the endpoint's method and path) because it needs the HTTP status to tell a refusal from an
 * unreachable server.
 */
export const refreshOver =
  (client: () => ApiClient): RefreshTokens =>
  async (refreshToken) => {
    const { method, path } = sessionEndpoints.refresh;
    const response = await client().instance.request<unknown>({
      method,
      url: path,
      data: { refresh_token: refreshToken },
      meta: { skipAuth: true, hideToast: true, skipCodeCheck: true },
    });
    const body = (response.data ?? {}) as Partial<Envelope<Partial<TokenPair> | null>>;
    const token = body.data;
    if (body.code === SUCCESS_CODE && typeof token?.access_token === 'string' && token.refresh_token) {
      return { access_token: token.access_token, refresh_token: token.refresh_token };
    }
    const enveloped = typeof body.code === 'number';
    throw new ApiError({
      // Not an envelope (a proxy's error page): as if the server had not answered.
      code: enveloped ? (body.code as number) : TRANSPORT_ERROR_CODE,
      message: body.message ?? '',
      data: body.data,
      status: response.status,
    });
  };

export interface SessionApiClientOptions extends Omit<ApiClientOptions, 'getAccessToken' | 'onSessionError'> {
  tokens: TokenStore;
  onSignedOut: () => void;
}

/** An API client with the bearer token from `tokens` and the session policy above. */
export const createSessionApiClient = ({
  tokens,
  onSignedOut,
  ...options
}: SessionApiClientOptions): ApiClient => {
  let client: ApiClient | undefined;
  const manager = createSessionManager({
    tokens,
    onSignedOut,
    refreshTokens: refreshOver(() => {
      if (!client) throw new Error('the API client is not ready');
      return client;
    }),
  });
  client = createApiClient({
    ...options,
    getAccessToken: manager.getAccessToken,
    onSessionError: manager.onSessionError,
  });
  return client;
};
