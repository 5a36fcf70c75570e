import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { payloadAnswer } from '../../../common/contracts/accounts';
import { Avatar } from '../../components/Avatar';
import { FormNotice, Spinner } from '../../components/form';
import { api, isUnauthorized } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { recordActivity, storeTokenFromUrl } from '../../lib/session';
import { fetchCurrentUser, readUserPayload, type PortalUser } from '../../lib/current-user';

/** The partner a sign-in link's token belongs to, asked with that token alone. */
async function fetchLinkUser(token: string): Promise<PortalUser> {
  return readUserPayload(
    await api.get<z.infer<typeof payloadAnswer>>('/api/get', {
      auth: 'none',
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
}

const nameOf = (user: PortalUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/**
 * `/switch_account?token=…` (docs/decisions/062-sign-in-bound-to-the-browser.md): a sign-in link
 * (`/account?token=`) opened while another partner is signed in here. Nothing changes until the
 * person chooses: continuing ends the open session on the server, then keeps the link's.
 */
export function SwitchAccountPage() {
  const { t } = useTranslation();
  const title = t('titles.switch_account');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const current = useQuery({
    queryKey: ['switch-account', 'current'],
    queryFn: fetchCurrentUser,
    retry: false,
    meta: { handlesErrors: true },
  });
  const next = useQuery({
    queryKey: ['switch-account', 'link', token],
    queryFn: () => fetchLinkUser(token),
    enabled: token !== '',
    retry: false,
    meta: { handlesErrors: true },
  });
  const stay = () => void navigate('/account/', { replace: true });
  const switchOver = useMutation({
    mutationFn: async () => {
      try {
        // The replaced session ends on the server too, not only in this browser.
        await api.get('/api/auth/logout');
      } catch {
        // Already ended there (expired, revoked): nothing is left to revoke.
      }
      storeTokenFromUrl(token);
      recordActivity();
    },
    onSuccess: () => {
      queryClient.clear();
      void navigate('/account/', { replace: true });
    },
    meta: { handlesErrors: true },
  });

  // The same partner (an older link of their own): nothing to ask, the open session stays.
  const same = Boolean(current.data && next.data && current.data.uuid === next.data.uuid);
  // The open session is gone meanwhile (refused, not merely unreachable): the link's becomes the
  // session, as without one.
  const noSession = current.isError && isUnauthorized(current.error) && token !== '';
  useEffect(() => {
    if (noSession) {
      storeTokenFromUrl(token);
      recordActivity();
    }
    if (same || noSession) void navigate('/account/', { replace: true });
  }, [same, noSession, token, navigate]);

  let body;
  if (current.isPending || (token !== '' && next.isPending) || same || noSession) {
    body = (
      <p className="inline-flex items-center gap-2 text-muted" role="status">
        <Spinner /> {t('switch_account.checking')}
      </p>
    );
  } else if (current.isError && !noSession) {
    body = (
      <>
        <FormNotice kind="error" testId="switch-failed">
          {t('switch_account.failed')}
        </FormNotice>
        <button type="button" className="btn-primary" onClick={stay} data-testid="switch-stay">
          {t('verify.to_account')}
        </button>
      </>
    );
  } else if (current.data && (next.isError || token === '')) {
    body = (
      <>
        <FormNotice kind="error" testId="switch-invalid">
          {t('switch_account.link_invalid')}
        </FormNotice>
        <button type="button" className="btn-primary" onClick={stay} data-testid="switch-stay">
          {t('switch_account.stay', { name: nameOf(current.data) })}
        </button>
      </>
    );
  } else if (current.data && next.data) {
    const from = current.data;
    const to = next.data;
    body = (
      <>
        <div
          className="flex items-center gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
          data-testid="switch-current"
        >
          <Avatar user={from} />
          <p className="min-w-0">
            <span className="block text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
              {t('switch_account.signed_in_as')}
            </span>
            <strong className="block break-words">{nameOf(from)}</strong>
            <span className="block truncate text-sm text-muted">{from.email}</span>
          </p>
        </div>
        <div
          className="flex items-center gap-3 rounded-lg border border-brand-300 bg-brand-50 p-3 dark:border-brand-700 dark:bg-brand-950"
          data-testid="switch-next"
        >
          <Avatar user={to} />
          <p className="min-w-0">
            <span className="block text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">
              {t('switch_account.link_for')}
            </span>
            <strong className="block break-words">{nameOf(to)}</strong>
            <span className="block truncate text-sm text-muted">{to.email}</span>
          </p>
        </div>
        <p className="text-sm text-muted">{t('switch_account.note', { name: nameOf(from) })}</p>
        {switchOver.isError ? <FormNotice kind="error">{t('switch_account.failed')}</FormNotice> : null}
        <button
          type="button"
          className="btn-primary"
          onClick={() => switchOver.mutate()}
          disabled={switchOver.isPending}
          aria-busy={switchOver.isPending}
          data-testid="switch-continue"
        >
          {t('switch_account.continue', { name: nameOf(to) })}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={stay}
          disabled={switchOver.isPending}
          data-testid="switch-stay"
        >
          {t('switch_account.stay', { name: nameOf(from) })}
        </button>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6 grid gap-4" data-testid="switch-account">
        {body}
      </div>
    </>
  );
}
