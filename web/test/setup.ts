import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetSocialProviders } from '../features/auth/social-api';
import { closeAlert } from '../lib/alert-store';
import { i18n, loadCatalogPart } from '../lib/i18n';
import { DEFAULT_PROGRAM_CURRENCY, setProgramCurrency } from '../lib/program';
import { stopUpdating } from '../lib/updating-store';
import { installFakeSocket } from './fake-socket';
import { stubMatchMedia } from './media';

// Profile loading decrypts with WebCrypto and imports the lazy shell: give findBy* some slack
// when the whole suite runs in parallel. The dashboard is a large page, and jsdom's visibility
// checks behind *ByRole grow with the page, so allow more.
configure({ asyncUtilTimeout: 6000 });

// The ALTCHA web component and its workers do not run in jsdom: tests drive the element's
// `statechange` event themselves.
vi.mock('../features/auth/altcha-loader', () => ({ loadAltcha: () => Promise.resolve() }));

// The account's words are a part of the catalog its shell loads (app/router.tsx); a test that
// renders one of its pieces alone has them from the start, as the shell would have.
beforeAll(() => loadCatalogPart('account'));

// jsdom implements neither scrolling nor media queries; the shell uses both. The live-push
// socket of the account shell never reaches the network: tests drive a fake (test/fake-socket.ts).
beforeEach(() => {
  installFakeSocket();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  stubMatchMedia(() => false);
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  closeAlert();
  stopUpdating();
  forgetSocialProviders();
  setProgramCurrency(DEFAULT_PROGRAM_CURRENCY);
  document.documentElement.classList.remove('dark');
  document.title = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});
