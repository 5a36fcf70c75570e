// /login's light shell (decisions/015): the sign-in works before React Router and TanStack Query
// are loaded. Every module this file imports is watched: neither package may be loaded.
import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('react-router', async (original) => {
  loaded.push('react-router');
  return original();
});
vi.mock('@tanstack/react-query', async (original) => {
  loaded.push('@tanstack/react-query');
  return original();
});

const { enterLightSignIn, LightSignIn } = await import('./light-sign-in');
const { getStoredToken, storeToken } = await import('../lib/session');
const { i18n } = await import('../lib/i18n');

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let requests: { route: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  answers = { 'GET /api/auth/providers': { status: 200, body: { data: { facebook: false, google: true } } } };
  let client = document.querySelector<HTMLMetaElement>('meta[name="portal-client"]');
  if (!client) {
    client = document.createElement('meta');
    client.name = 'portal-client';
    document.head.append(client);
  }
  client.content = 'public-client-light';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${new URL(input, 'http://portal.test').pathname}`;
      requests.push({ route, body: init.body ? JSON.parse(init.body as string) : undefined });
      const answer = answers[route] ?? { status: 404, body: { code: 404, message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

function renderLight({ forgot = false } = {}) {
  const navigate = vi.fn();
  render(
    <StrictMode>
      <LightSignIn navigate={navigate} forgotInitiallyOpen={forgot} />
    </StrictMode>,
  );
  return { navigate, user: userEvent.setup() };
}

describe('the light sign-in (/login without the router)', () => {
  it('renders the sign-in page in its layout, with the title, the skip link and the preferences', async () => {
    renderLight();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(document.querySelector('[data-layout="signin-1"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('group', { name: 'Language of the portal' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign In · Sunbite Partners'));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(loaded).toEqual([]);
  });

  it('signs in with the public credential, keeps the session and moves to the account', async () => {
    answers['POST /api/auth/get_token'] = {
      status: 200,
      body: { token: 'light-token', expired: new Date(Date.now() + 3_600_000).toISOString() },
    };
    const { navigate, user } = renderLight();
    await user.type(screen.getByTestId('login-email'), ' maya@sunbite.example ');
    await user.type(screen.getByTestId('login-password'), 'correct horse');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(getStoredToken()?.token).toBe('light-token');
    expect(requests).toContainEqual({
      route: 'POST /api/auth/get_token',
      body: { email: 'maya@sunbite.example', password: 'correct horse' },
    });
    expect(loaded).toEqual([]);
  });

  it('shows the field messages of a refused sign-in and stays on the page', async () => {
    answers['POST /api/auth/get_token'] = {
      status: 422,
      body: { code: 422, message: 'Form data is invalid', errors: { email: 'Email is invalid' } },
    };
    const { navigate, user } = renderLight();
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByTestId('login-email'), 'maya');
    await user.type(screen.getByTestId('login-password'), 'x');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-email')).toHaveAccessibleDescription('Email is invalid');
    expect(navigate).not.toHaveBeenCalled();
    expect(getStoredToken()).toBeNull();
    expect(loaded).toEqual([]);
  });

  it('leaves through its links with the app (plain clicks) and lets the browser handle the others', async () => {
    const { navigate, user } = renderLight();
    const signUp = screen.getByTestId('signup-link');
    expect(signUp).toHaveAttribute('href', '/register');
    await user.click(signUp);
    expect(navigate).toHaveBeenLastCalledWith('/register');
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    expect(navigate).toHaveBeenLastCalledWith('/terms');
    await user.keyboard('{Control>}');
    await user.click(signUp);
    await user.keyboard('{/Control}');
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(loaded).toEqual([]);
  });

  it('opens the forgot-password form when the URL asks for it, in the chosen language', async () => {
    await i18n.changeLanguage('fr');
    renderLight({ forgot: true });
    expect(screen.getByTestId('forgot-form')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Connexion');
    expect(loaded).toEqual([]);
  });
});

describe('which locations the light sign-in takes', () => {
  const history = () => ({ replaceState: vi.fn() });

  it('takes /login, and / without a session (settled as /login)', () => {
    const onLogin = history();
    expect(enterLightSignIn({ pathname: '/login' }, onLogin)).toBe(true);
    expect(onLogin.replaceState).not.toHaveBeenCalled();
    const onRoot = history();
    expect(enterLightSignIn({ pathname: '/' }, onRoot)).toBe(true);
    expect(onRoot.replaceState).toHaveBeenCalledWith(null, '', '/login');
  });

  it('clears an expired session on /, as the router would', () => {
    storeToken({ token: 'old', expired: new Date(Date.now() - 1000).toISOString() });
    expect(enterLightSignIn({ pathname: '/' }, history())).toBe(true);
    expect(getStoredToken()).toBeNull();
  });

  it('leaves / with a valid session, and every other page, to the full app', () => {
    storeToken({ token: 'live', expired: new Date(Date.now() + 3_600_000).toISOString() });
    const onRoot = history();
    expect(enterLightSignIn({ pathname: '/' }, onRoot)).toBe(false);
    expect(onRoot.replaceState).not.toHaveBeenCalled();
    for (const pathname of ['/register', '/glowco', '/glowco/login', '/account', '/login/extra'])
      expect(enterLightSignIn({ pathname }, history())).toBe(false);
  });
});
