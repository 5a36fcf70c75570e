// The full app's mount (decisions/019): on the first page of a visit it renders at once, so the
// page's skeleton (with its title and lead) replaces the splash while the page's code and data arrive;
// leaving the light sign-in it waits, so the sign-in stays on screen until the next page is ready.
import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The account's guard answers when the test says so: until then the page is not ready.
const guard = vi.hoisted(() => {
  const gate = { answered: Promise.resolve(), answer: () => {} };
  return Object.assign(gate, {
    close() {
      gate.answered = new Promise<void>((resolve) => (gate.answer = resolve));
    },
  });
});
vi.mock('../features/session/account-loader', () => ({
  accountLoader: () => guard.answered.then(() => null),
}));
vi.mock('./account/AccountShell', () => ({
  AccountShell: () => (
    <div data-testid="account-shell">
      <Outlet />
    </div>
  ),
}));
vi.mock('./dashboard/DashboardPage', () => ({
  DashboardPage: () => <p>the dashboard itself</p>,
}));

const { createFullApp } = await import('./full-app');
const { storeToken, clearSession } = await import('../lib/session');
await import('../lib/i18n');

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  guard.close();
  storeToken({ token: 'live', expired: new Date(Date.now() + 3_600_000).toISOString() });
  window.history.replaceState(null, '', '/account/');
  container = document.createElement('div');
  container.innerHTML = '<p>what was on screen</p>';
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearSession();
});

describe('mounting the full app', () => {
  it("on a visit's first page: the page's skeleton at once, then the page", async () => {
    const app = await createFullApp();
    await act(() => app.mount(root, { keepCurrentPage: false }));
    expect(screen.queryByText('what was on screen')).toBeNull();
    expect(screen.getByTestId('account-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Your sales, commissions and cash-outs at a glance.')).toBeInTheDocument();

    await act(async () => guard.answer());
    await waitFor(() => expect(screen.getByText('the dashboard itself')).toBeInTheDocument());
    expect(screen.queryByTestId('account-skeleton')).toBeNull();
  });

  it('leaving the light sign-in: what is on screen stays until the page is ready', async () => {
    const app = await createFullApp();
    let mounted = false;
    const mounting = app.mount(root, { keepCurrentPage: true }).then(() => (mounted = true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(mounted).toBe(false);
    expect(screen.getByText('what was on screen')).toBeInTheDocument();
    expect(screen.queryByTestId('account-skeleton')).toBeNull();

    await act(async () => {
      guard.answer();
      await mounting;
    });
    await waitFor(() => expect(screen.getByText('the dashboard itself')).toBeInTheDocument());
  });
});
