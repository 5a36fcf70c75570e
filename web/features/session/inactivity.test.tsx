import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { AUTH_TOKEN_KEY, LAST_ACTIVITY_KEY } from '../../lib/session';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import {
  formatCountdown,
  INACTIVITY_CHECK_INTERVAL_MS,
  INACTIVITY_LIMIT_MS,
  INACTIVITY_WARNING_AFTER_MS,
  INACTIVITY_WARNING_WINDOW_MS,
} from './inactivity';
import { InactivityWatcher } from './InactivityWatcher';

const MINUTE = 60_000;
let fake: FakeApi;

function renderWatched() {
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <>
            <InactivityWatcher />
            <h1>Account</h1>
          </>
        ),
      },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: ['/account'] },
  );
  const queryClient = new QueryClient();
  queryClient.setQueryData(['sales'], [1]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/** jsdom runs no CSS animations: finish a dismissed toast's exit by hand. */
function finishExit(testId: string) {
  const toast = screen.queryByTestId(testId)?.closest('.Toastify__toast');
  if (toast) fireEvent.animationEnd(toast);
}

/** Moves the fake clock in steps so intervals and React both run. */
async function advance(ms: number, step = 10_000) {
  for (let done = 0; done < ms; done += step) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(step, ms - done));
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
  fake = installFakeApi();
  signInForTest();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('inactivity constants (docs/product/partner-portal.md#figures-and-limits)', () => {
  it('warns after 92% of 180 minutes and counts down the rest', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(180 * MINUTE);
    expect(INACTIVITY_WARNING_AFTER_MS).toBe(9_936_000);
    expect(INACTIVITY_WARNING_WINDOW_MS).toBe(864_000);
    expect(INACTIVITY_CHECK_INTERVAL_MS).toBe(50_000);
    expect(formatCountdown(864_000)).toBe('14:24');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('inactivity watcher (docs/product/partner-portal.md#session)', () => {
  it('shows no warning before 92% of the window', async () => {
    renderWatched();
    await advance(INACTIVITY_WARNING_AFTER_MS - MINUTE, 60_000);
    expect(screen.queryByTestId('inactivity-warning')).not.toBeInTheDocument();
  });

  it('warns with a live countdown past 92%, and activity dismisses it', async () => {
    const { router } = renderWatched();
    await advance(INACTIVITY_WARNING_AFTER_MS + INACTIVITY_CHECK_INTERVAL_MS, 60_000);
    const warning = screen.getByTestId('inactivity-warning');
    expect(warning).toHaveTextContent('You will be logged out for inactivity in');
    const first = screen.getByTestId('inactivity-countdown').textContent;
    await advance(5_000, 1_000);
    expect(screen.getByTestId('inactivity-countdown').textContent).not.toBe(first);

    fireEvent.mouseMove(window);
    await advance(1_000, 1_000);
    finishExit('inactivity-warning');
    await advance(1_000, 1_000);
    expect(screen.queryByTestId('inactivity-warning')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now() - 2_000);
  });

  it('each kind of activity resets the clock', async () => {
    renderWatched();
    for (const fire of [
      () => fireEvent.keyDown(window, { key: 'a' }),
      () => fireEvent.mouseDown(window),
      () => fireEvent.touchStart(window),
      () => fireEvent.mouseMove(window),
    ]) {
      await advance(INACTIVITY_WARNING_AFTER_MS - 2 * MINUTE, 60_000);
      fire();
    }
    await advance(2 * MINUTE, 60_000);
    expect(screen.queryByTestId('inactivity-warning')).not.toBeInTheDocument();
  });

  it('logs out when the countdown runs out, with a persistent message', async () => {
    const { router, queryClient } = renderWatched();
    await advance(INACTIVITY_LIMIT_MS + INACTIVITY_CHECK_INTERVAL_MS, 60_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(queryClient.getQueryData(['sales'])).toBeUndefined();
    expect(fake.calls()).toContain('GET /api/auth/logout');
    expect(screen.getByText('You have been automatically logged out due to inactivity.')).toBeInTheDocument();
    finishExit('inactivity-warning');
    await advance(1_000, 1_000);
    expect(screen.queryByTestId('inactivity-warning')).not.toBeInTheDocument();
    // It stays until dismissed.
    await advance(10 * MINUTE, 60_000);
    expect(screen.getByText('You have been automatically logged out due to inactivity.')).toBeInTheDocument();
  });

  it('logs out when the warning is closed', async () => {
    const { router } = renderWatched();
    await advance(INACTIVITY_WARNING_AFTER_MS + INACTIVITY_CHECK_INTERVAL_MS, 60_000);
    screen.getByTestId('inactivity-warning');
    const close = screen.getAllByRole('button', { name: 'Close notification' });
    fireEvent.click(close[0]!);
    await advance(2_000, 1_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(screen.getByText('You have been automatically logged out due to inactivity.')).toBeInTheDocument();
  });

  it('ends a session that was already idle too long when the page opens', async () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - INACTIVITY_LIMIT_MS - 1));
    const { router } = renderWatched();
    await advance(1_000, 1_000);
    expect(router.state.location.pathname).toBe('/login');
  });
});
