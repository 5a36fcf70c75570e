// /login without React Router and TanStack Query (decisions/015): the page a phone opens first
// downloads only React, i18next and the sign-in's own code. Leaving the page (a link, the move to
// the account after signing in) loads the full app, which then renders the new location.
import { LoginPage } from '../features/auth/LoginPage';
import { clearSession, getStoredToken, isTokenValid } from '../lib/session';
import { NavigationProvider, type NavigateTo } from '../lib/navigation';
import { BaseProviders } from './base-providers';
import { SignInSplitFrame } from './layouts/SignInSplitFrame';
import { SkipLink } from './SkipLink';

/**
 * Whether the current location is the plain sign-in, which the light shell can show: `/login`,
 * and `/` without a valid session (where the router's index would send the visitor to /login).
 * Settles `/` as that redirect does: a stale session is cleared and the URL becomes /login.
 */
export function enterLightSignIn(
  location: Pick<Location, 'pathname'>,
  history: Pick<History, 'replaceState'>,
): boolean {
  if (location.pathname === '/login') return true;
  if (location.pathname !== '/') return false;
  const auth = getStoredToken();
  if (isTokenValid(auth)) return false;
  if (auth) clearSession();
  history.replaceState(null, '', '/login');
  return true;
}

/** /login as the route table frames it (layout 1), outside the router. */
export function LightSignIn({
  navigate,
  forgotInitiallyOpen,
}: {
  navigate: NavigateTo;
  forgotInitiallyOpen: boolean;
}) {
  return (
    <BaseProviders>
      <NavigationProvider value={navigate}>
        <SkipLink />
        <SignInSplitFrame>
          <LoginPage titleKey="titles.login" forgotInitiallyOpen={forgotInitiallyOpen} />
        </SignInSplitFrame>
      </NavigationProvider>
    </BaseProviders>
  );
}
