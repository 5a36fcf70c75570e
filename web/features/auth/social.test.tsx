import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { buildRoutes } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { getStoredToken } from '../../lib/session';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { externalNavigation } from './social-api';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

const providers = (facebook: boolean, google: boolean) => () =>
  jsonResponse(200, { data: { facebook, google } });

/** The app as main.tsx mounts it in development: strict mode runs every effect twice. */
function renderStrict(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient({ navigate: (to) => void router.navigate(to) });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router };
}

describe('social sign-in buttons', () => {
  it('shows a button for each configured provider, with the public credential', async () => {
    fake.on('GET /api/auth/providers', providers(true, true));
    renderApp('/login');
    const group = await screen.findByRole('group', { name: 'Other ways to sign in' });
    expect(within(group).getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(new Headers(fake.lastInit('GET /api/auth/providers')?.headers).get('Authorization')).toBe(
      'Bearer public-client-test',
    );
  });

  it('shows only the configured provider', async () => {
    fake.on('GET /api/auth/providers', providers(false, true));
    renderApp('/glowco/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });

  it('shows nothing when no provider is configured', async () => {
    fake.on('GET /api/auth/providers', providers(false, false));
    renderApp('/login');
    await screen.findByTestId('login-form');
    await waitFor(() => expect(fake.calls()).toContain('GET /api/auth/providers'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('social-signin')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('shows nothing, and no alert, when the providers answer fails', async () => {
    fake.on('GET /api/auth/providers', () =>
      jsonResponse(500, { code: 500, message: 'Internal Server Error', id: 'x1' }),
    );
    renderApp('/login');
    await screen.findByTestId('login-form');
    await waitFor(() => expect(fake.calls()).toContain('GET /api/auth/providers'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('social-signin')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('fetches the consent URL and sends the browser there', async () => {
    fake.on('GET /api/auth/providers', providers(true, true));
    let answer!: () => void;
    fake.on(
      'GET /api/auth/getGoogle',
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              jsonResponse(200, { data: { url: 'https://accounts.google.example/o/oauth2/auth?state=s1' } }),
            );
        }),
    );
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/login');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await user.click(google);
    // Busy while the address is fetched; the other button waits too.
    await waitFor(() => expect(google).toHaveAttribute('aria-busy', 'true'));
    expect(google).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();
    answer();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.google.example/o/oauth2/auth?state=s1'),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    const started = new Headers(fake.lastInit('GET /api/auth/getGoogle')?.headers);
    expect(started.get('Authorization')).toBe('Bearer public-client-test');
    // The tab's nonce went with the start and stays in this tab for the callback.
    expect(started.get('x-flow-binding')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStorage.getItem('portal.flow.sign-in-google')).toBe(started.get('x-flow-binding'));
  });

  it('shows the server message when the provider cannot start', async () => {
    fake.on('GET /api/auth/providers', providers(true, false));
    fake.on('GET /api/auth/getFacebook', () =>
      jsonResponse(404, { code: 404, message: 'Not Found' }, 'Not Found'),
    );
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Not Found');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    fake.on('GET /api/auth/providers', providers(true, true));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Continuer avec Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer avec Google' })).toBeInTheDocument();
  });
});

describe('social sign-in callback', () => {
  it("posts code, state and the tab's nonce exactly once, keeps the token and lands on /account/", async () => {
    const expired = new Date(Date.now() + 86_400_000).toISOString();
    fake.on('POST /api/auth/social/facebook', () => jsonResponse(200, { token: 'social-token', expired }));
    sessionStorage.setItem('portal.flow.sign-in-facebook', 'N'.repeat(43));
    const { router } = renderStrict('/facebook_callback?code=abc&state=st-once');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(fake.calls().filter((call) => call === 'POST /api/auth/social/facebook')).toHaveLength(1);
    expect(fake.lastBody('POST /api/auth/social/facebook')).toEqual({
      code: 'abc',
      state: 'st-once',
      binding: 'N'.repeat(43),
    });
    // Used once: the nonce is gone from the tab.
    expect(sessionStorage.getItem('portal.flow.sign-in-facebook')).toBeNull();
    expect(new Headers(fake.lastInit('POST /api/auth/social/facebook')?.headers).get('Authorization')).toBe(
      'Bearer public-client-test',
    );
    expect(getStoredToken()).toEqual({ token: 'social-token', expired });
    expect(localStorage.getItem('last_activity')).not.toBeNull();
    // The account loads with the new token.
    await waitFor(() => expect(fake.calls()).toContain('GET /api/get'));
    expect(new Headers(fake.lastInit('GET /api/get')?.headers).get('Authorization')).toBe(
      'Bearer social-token',
    );
  });

  it('says it is signing in while the answer is on its way', async () => {
    fake.on('POST /api/auth/social/google', () => new Promise<Response>(() => undefined));
    renderApp('/google_callback?code=abc&state=st-wait');
    expect(await screen.findByRole('heading', { level: 1, name: 'Google sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in with Google…');
    expect(screen.queryByTestId('social-callback-login')).not.toBeInTheDocument();
  });

  it('shows the server message of a 404 with the way to register', async () => {
    fake.on('POST /api/auth/social/google', () =>
      jsonResponse(
        404,
        { code: 404, message: 'No partner account uses this e-mail yet. Please sign up first.' },
        'Not Found',
      ),
    );
    renderApp('/google_callback?code=abc&state=st-404');
    expect(await screen.findByTestId('social-callback-message')).toHaveTextContent(
      'No partner account uses this e-mail yet. Please sign up first.',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getStoredToken()).toBeNull();
  });

  it('shows the reference of a 502', async () => {
    fake.on('POST /api/auth/social/google', () =>
      jsonResponse(502, {
        code: 502,
        message: 'The sign-in with this provider did not work. Please try again.',
        id: 'req-42',
      }),
    );
    renderApp('/google_callback?code=abc&state=st-502');
    expect(await screen.findByTestId('social-callback-message')).toHaveTextContent(
      'The sign-in with this provider did not work. Please try again.',
    );
    expect(screen.getByTestId('social-callback-reference')).toHaveTextContent('Error ID: req-42');
  });

  it('explains an expired or replayed state', async () => {
    fake.on('POST /api/auth/social/facebook', () =>
      jsonResponse(401, { code: 401, message: 'Not Authorized' }),
    );
    const { router } = renderApp('/facebook_callback?code=abc&state=st-401');
    expect(await screen.findByTestId('social-callback-message')).toHaveTextContent(
      'This sign-in has expired or was already used. Please start again from the sign-in page.',
    );
    expect(router.state.location.pathname).toBe('/facebook_callback');
  });

  it('says the sign-in was cancelled without posting', async () => {
    renderApp('/facebook_callback?error=access_denied&error_description=Permissions+error&state=st-x');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign-in cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('social-callback-message')).toHaveTextContent('You cancelled the sign-in.');
    expect(screen.queryByText(/Permissions error/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(fake.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('says the sign-in was cancelled in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/google_callback?error=access_denied');
    expect(await screen.findByTestId('social-callback-message')).toHaveTextContent(
      'Vous avez annulé la connexion.',
    );
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeInTheDocument();
  });

  it('does not post an incomplete return', async () => {
    renderApp('/google_callback?code=abc');
    expect(await screen.findByTestId('social-callback-message')).toHaveTextContent(
      'This sign-in link is incomplete.',
    );
    expect(fake.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });
});
