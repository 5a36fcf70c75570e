import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from './api';
import { endSession } from './query-client';
import { getValidToken } from './session';
import { notifySuccess } from './toast';

/**
 * Logout (docs/product/partner-portal.md#session): tell the server, then clean up locally whatever it answered, go to
 * /login and say 'You logged out'.
 */
export async function logout(
  queryClient: QueryClient,
  navigate: (path: string) => void,
  t: TFunction,
): Promise<void> {
  if (getValidToken()) {
    try {
      await api.get('/api/auth/logout');
    } catch {
      // The local session ends anyway: a failed call must not keep the partner signed in.
    }
  }
  endSession(queryClient, navigate);
  notifySuccess(t('toast.logged_out'));
}
