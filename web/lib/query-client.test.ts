import { describe, expect, it, vi } from 'vitest';
import { getAlert } from './alert-store';
import { ApiError } from './api';
import { setLocale } from './i18n';
import { createQueryClient } from './query-client';
import { AUTH_TOKEN_KEY, storeToken } from './session';

describe('query client wiring (docs/product/errors-and-languages.md#how-the-portal-shows-errors)', () => {
  it('shows a failing query in the alert, titled with the error id', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({ navigate });
    await client
      .fetchQuery({
        queryKey: ['totals'],
        queryFn: () =>
          Promise.reject(new ApiError(400, 'Bad Request', { code: 400, message: 'Wrong value', id: 'r-7' })),
      })
      .catch(() => undefined);
    expect(getAlert()).toMatchObject({ title: 'Error ID: r-7', message: 'Wrong value', type: 'error' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ends the session on a 401: storage and cache cleared, /login, Session Expired', async () => {
    storeToken({ token: 'tok', expired: new Date(Date.now() + 60_000).toISOString() });
    const navigate = vi.fn();
    const client = createQueryClient({ navigate });
    client.setQueryData(['sales'], [1, 2]);
    await client
      .fetchQuery({
        queryKey: ['badges'],
        queryFn: () =>
          Promise.reject(new ApiError(401, 'Unauthorized', { code: 401, message: 'Not Authorized' })),
      })
      .catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(client.getQueryData(['sales'])).toBeUndefined();
    expect(getAlert()).toMatchObject({ title: 'Session Expired' });
  });

  it('leaves mutations that handle their own errors (sign-in) alone', async () => {
    const client = createQueryClient({ navigate: vi.fn() });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, 'Unauthorized', { code: 401, message: 'Invalid' })),
      meta: { handlesErrors: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(getAlert()).toBeNull();
  });

  it('reads worded answers again when the interface language changes, and only those (docs/decisions/069-notification-words.md)', async () => {
    const client = createQueryClient({ navigate: vi.fn() });
    const bell = vi.fn(async () => ({ title: 'New sale' }));
    const totals = vi.fn(async () => ({ total: 1 }));
    const observers = [
      client.getQueryCache().build(client, { queryKey: ['bell'], queryFn: bell, meta: { worded: true } }),
      client.getQueryCache().build(client, { queryKey: ['totals'], queryFn: totals }),
    ];
    await Promise.all(observers.map((query) => query.fetch()));
    try {
      await setLocale('fr');
      await vi.waitFor(() => expect(client.getQueryState(['bell'])?.isInvalidated).toBe(true));
      expect(client.getQueryState(['totals'])?.isInvalidated).toBe(false);
    } finally {
      await setLocale('en');
    }
  });
});
