// Entry by link while another partner is signed in (issue 31, item 2): ask before switching,
// end the replaced session on the server, leave the open one alone otherwise.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { encryptPayload } from '../../lib/payload';
import { getStoredToken } from '../../lib/session';
import {
  installFakeApi,
  samplePartner,
  signInForTest,
  TEST_PAYLOAD_KEY,
  type FakeApi,
} from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

const maya = samplePartner();
const leo = samplePartner({
  uuid: 'leo-uuid-0001',
  first_name: 'Leo',
  last_name: 'Roy',
  email: 'leo@example.test',
});

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  // Each token answers for its own partner; an unknown one is refused.
  fake.on('GET /api/get', async ({ init }) => {
    const bearer = new Headers(init.headers).get('Authorization');
    if (bearer === 'Bearer maya-session')
      return jsonResponse(200, { data: await encryptPayload(maya, TEST_PAYLOAD_KEY) });
    if (bearer === 'Bearer leo-link' || bearer === 'Bearer maya-link') {
      return jsonResponse(200, {
        data: await encryptPayload(bearer === 'Bearer leo-link' ? leo : maya, TEST_PAYLOAD_KEY),
      });
    }
    return jsonResponse(401, { code: 401, message: 'Not Authorized' });
  });
  signInForTest('maya-session');
});

describe('a sign-in link while another partner is signed in', () => {
  it('asks first, and on "continue" ends the open session on the server before keeping the link’s', async () => {
    const { router, user } = renderApp('/account?token=leo-link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/switch_account'));
    expect(await screen.findByTestId('switch-current')).toHaveTextContent('Maya Chen');
    expect(screen.getByTestId('switch-next')).toHaveTextContent('Leo Roy');
    // Nothing changed yet.
    expect(getStoredToken()?.token).toBe('maya-session');
    expect(fake.calls()).not.toContain('GET /api/auth/logout');

    await user.click(screen.getByRole('button', { name: 'Continue as Leo Roy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    // The replaced token was revoked with its own bearer, then the link's became the session.
    expect(new Headers(fake.lastInit('GET /api/auth/logout')?.headers).get('Authorization')).toBe(
      'Bearer maya-session',
    );
    expect(getStoredToken()?.token).toBe('leo-link');
    await waitFor(() =>
      expect(new Headers(fake.lastInit('GET /api/get')?.headers).get('Authorization')).toBe(
        'Bearer leo-link',
      ),
    );
  });

  it('keeps the open session when the person stays', async () => {
    const { router, user } = renderApp('/account/sales?token=leo-link');
    await user.click(await screen.findByRole('button', { name: 'Stay signed in as Maya Chen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(router.state.location.search).toBe('');
    expect(getStoredToken()?.token).toBe('maya-session');
    expect(fake.calls()).not.toContain('GET /api/auth/logout');
  });

  it('asks nothing for the same partner’s link, and says so when the link is no longer valid', async () => {
    const first = renderApp('/account?token=maya-link');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/account/'));
    expect(getStoredToken()?.token).toBe('maya-session');
    first.unmount();

    const second = renderApp('/account?token=revoked-link');
    expect(await screen.findByTestId('switch-invalid')).toHaveTextContent(
      'This sign-in link is no longer valid.',
    );
    await second.user.click(screen.getByRole('button', { name: 'Stay signed in as Maya Chen' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/account/'));
    expect(getStoredToken()?.token).toBe('maya-session');
  });

  it('replaces nothing when the open session cannot be read for another reason than a refusal', async () => {
    fake.on('GET /api/get', async ({ init }) => {
      const bearer = new Headers(init.headers).get('Authorization');
      if (bearer === 'Bearer leo-link')
        return jsonResponse(200, { data: await encryptPayload(leo, TEST_PAYLOAD_KEY) });
      return jsonResponse(503, { code: 503, message: 'Service Unavailable' });
    });
    renderApp('/account?token=leo-link');
    expect(await screen.findByTestId('switch-failed')).toBeInTheDocument();
    expect(getStoredToken()?.token).toBe('maya-session');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account?token=leo-link');
    expect(await screen.findByRole('button', { name: 'Continuer en tant que Leo Roy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rester connecté en tant que Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Changer de compte' })).toBeInTheDocument();
  });
});
