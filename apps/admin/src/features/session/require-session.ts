import { redirect } from 'react-router';
import { LOGIN_PATH, tokens } from '../../api';

/**
 * Loader of the signed-in routes: without a stored token, straight to the login page. A stored token
 * that no longer works is caught by the API client on the first call (refresh once, else login).
 */
export const requireSession = (): null => {
  if (!tokens.get()) throw redirect(LOGIN_PATH);
  return null;
};
