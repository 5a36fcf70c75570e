// The guard of the account area (spec points 2 and 4): `?token=` stores the token for one day
// and goes to /account/ (the query stripped); a stored valid token lets the shell load; none or
// an expired one clears the session and goes to /login.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  clearSession,
  getStoredToken,
  isTokenValid,
  recordActivity,
  storeTokenFromUrl,
} from '../../lib/session';

export function accountLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const token = url.searchParams.get('token')?.trim();
  if (token) {
    storeTokenFromUrl(token);
    recordActivity();
    return redirect('/account/');
  }
  const auth = getStoredToken();
  if (isTokenValid(auth)) return null;
  if (auth) clearSession();
  return redirect('/login');
}
