import { createLoginHistory } from '@trackit/client/login-history';
import { createSessionApiClient } from '@trackit/client/session-manager';
import { createTokenStore } from '@trackit/client/token-store';
import { BASE_PATHS } from '@trackit/contract/constants';
import { feedback } from './components/feedback-bridge';

/** The session token record (local storage, key TRACK_IT_TOKEN). */
export const tokens = createTokenStore();

/** The recent-login list of the login page (encrypted local storage). */
export const loginHistory = createLoginHistory();

/** Where the app sends the user when the session is over. */
export const LOGIN_PATH = '/login';

/**
 * The query flag telling the login page that a session ended on its own (a refresh the server refused,
 * a session ended elsewhere), so it says why the user is there; the page drops it from the address.
 */
export const SESSION_EXPIRED_FLAG = 'expired';

/** The full address of the login page after a session the client could not repair. */
export const sessionExpiredHref = (): string => `${BASE_PATHS.admin}${LOGIN_PATH}?${SESSION_EXPIRED_FLAG}=1`;

/**
 * The admin app's API client: bearer token from `tokens`, one single-flight refresh on 10401/10498/10499,
 * and a full page load of the login page when the session is over (clearing every cached answer), which
 * then says 登录已过期，请重新登录.
 */
export const api = createSessionApiClient({
  tokens,
  onErrorToast: feedback.error,
  onConfirm: feedback.confirm,
  onSignedOut: () => window.location.assign(sessionExpiredHref()),
});
