import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { LOGIN_PATH, tokens } from '../../api';

/**
 * Loader of the signed-in routes: without a stored token, straight to the login page; an unknown path
 * (the shell's `*` route) answers 404 instead, which the root's error page shows over the window. A
 * stored token that no longer works is caught by the API client on the first call (refresh once, else
 * login).
 */
export const requireSession = ({ params }: Pick<LoaderFunctionArgs, 'params'>): null => {
  if (tokens.get()) return null;
  if (params['*'] !== undefined) throw data(null, { status: 404 });
  throw redirect(LOGIN_PATH);
};
