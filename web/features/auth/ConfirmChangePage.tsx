import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, Spinner } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { apiMessage } from '../../lib/forms';
import { getValidToken } from '../../lib/session';
import { CURRENT_USER_QUERY_KEY } from '../../lib/current-user';
import { confirmChange } from './auth-api';

/**
 * `/confirm_change?token=…`: a partner without a password confirms a new PayPal or account e-mail
 * from the link mailed to them (docs/decisions/063-account-changes.md). A query, not an effect, so
 * the single-use link is posted once however often React mounts the page.
 */
export function ConfirmChangePage() {
  const { t } = useTranslation();
  const title = t('titles.confirm_change');
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['confirm-change', token],
    queryFn: async () => {
      const answer = await confirmChange(token);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      return answer.data.message;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { handlesErrors: true },
  });
  const signedIn = getValidToken() !== null;

  let body;
  if (!token)
    body = (
      <FormNotice kind="error" testId="confirm-change-message">
        {t('verify.wrong_link')}
      </FormNotice>
    );
  else if (result.isPending)
    body = (
      <p className="inline-flex items-center gap-2 text-muted" role="status">
        <Spinner /> {t('verify.checking')}
      </p>
    );
  else
    body = (
      <FormNotice kind={result.isError ? 'error' : 'success'} testId="confirm-change-message">
        {result.isError ? (apiMessage(result.error) ?? t('verify.failed')) : result.data}
      </FormNotice>
    );

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div
        className="mt-6 grid gap-4"
        data-state={!token ? 'error' : result.status}
        data-testid="confirm-change"
      >
        {body}
        {token && result.isPending ? null : (
          <Link
            to={signedIn ? '/account/profile' : '/login'}
            className="btn-primary"
            data-testid="confirm-change-continue"
          >
            {signedIn ? t('verify.to_account') : t('recovery.go_sign_in')}
          </Link>
        )}
      </div>
    </>
  );
}
