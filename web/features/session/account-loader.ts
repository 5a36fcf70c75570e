// The guard of the account area (docs/product/partner-portal.md and docs/product/partner-portal.md#session): `?token=` stores the token for one day
// and goes to /account/ (the query stripped), or first asks at /switch_account when another
// partner's session is open here; a stored valid token lets the shell load; none or an expired
// one clears the session and goes to /login, which brings the partner back here once signed in
// (and, for an expired one, says the session expired).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  clearSession,
  getStoredToken,
  isTokenValid,
  recordActivity,
  signInPath,
  storeTokenFromUrl,
} from '../../lib/session';

export function accountLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const token = url.searchParams.get('token')?.trim();
  if (token) {
    // Another partner's session is open here: it is not replaced without asking.
    const open = getStoredToken();
    if (isTokenValid(open) && open.token !== token)
      return redirect(`/switch_account?token=${encodeURIComponent(token)}`);
    storeTokenFromUrl(token);
    recordActivity();
    return redirect('/account/');
  }
  const auth = getStoredToken();
  if (isTokenValid(auth)) return null;
  if (auth) clearSession();
  return redirect(signInPath(url, auth !== null));
}
