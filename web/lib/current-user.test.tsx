// The cached profile (['user']): every reader of it keeps the query able to fetch, so a
// `partner_changed` push (another tab changed the profile or the picture) reloads it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, expect, it } from 'vitest';
import { encryptPayload } from './payload';
import {
  installFakeApi,
  samplePartner,
  signInForTest,
  TEST_PAYLOAD_KEY,
  type FakeApi,
} from '../test/fake-api';
import { jsonResponse } from '../test/render-app';
import { CURRENT_USER_QUERY_KEY, useCurrentUser, useSessionData } from './current-user';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  signInForTest();
});

function Reader() {
  const user = useCurrentUser();
  const [renders, setRenders] = useState(0);
  return (
    <button type="button" data-testid="reader" onClick={() => setRenders(renders + 1)}>
      {user?.first_name ?? '…'}
    </button>
  );
}

function Shell() {
  useSessionData();
  // A page whose code arrives after the shell's first read, as the lazy pages do.
  const [shown, setShown] = useState(false);
  return shown ? (
    <Reader />
  ) : (
    <button type="button" data-testid="show" onClick={() => setShown(true)}>
      show
    </button>
  );
}

it('reloads the profile when it is invalidated, even after a page that only reads it rendered on its own', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeDefined());
  await user.click(screen.getByTestId('show'));
  expect(screen.getByTestId('reader')).toHaveTextContent('Maya');
  // The page renders again on its own (its own data arrived), the shell does not.
  await user.click(screen.getByTestId('reader'));

  fake.on('GET /api/get', async () =>
    jsonResponse(200, { data: await encryptPayload(samplePartner({ first_name: 'Mia' }), TEST_PAYLOAD_KEY) }),
  );
  await act(() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }));
  await waitFor(() => expect(screen.getByTestId('reader')).toHaveTextContent('Mia'));
  expect(queryClient.getQueryState(CURRENT_USER_QUERY_KEY)?.status).toBe('success');
});
