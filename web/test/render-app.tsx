// Renders the real route table in a memory router with the app's providers, as the browser
// would, so tests exercise the same layouts, titles and guards.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient =
    options.queryClient ?? createQueryClient({ navigate: (to) => void router.navigate(to) });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** A Response-like answer for a stubbed fetch. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
