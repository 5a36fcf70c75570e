import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import type { TitleKey } from './page-keys';

export type SignInPageKind = 'login' | 'register' | 'register_step2' | 'plain';

/**
 * The title of a sign-in, registration or account-recovery page. The forms arrive with the
 * sign-in issue; the links between sign-in and sign-up already work, on white-label paths too.
 */
export function SignInPage({ titleKey, kind }: { titleKey: TitleKey; kind: SignInPageKind }) {
  const { t } = useTranslation();
  const { subpartner } = useParams();
  const prefix = subpartner ? `/${subpartner}` : '';
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {kind === 'login' ? (
        <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">
          {t('signin.new_here')}{' '}
          <Link to={`${prefix}/register`} className="link">
            {t('signin.create_account')}
          </Link>
        </p>
      ) : null}
      {kind === 'register' || kind === 'register_step2' ? (
        <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">
          {t('signin.have_account')}{' '}
          <Link to={prefix ? `${prefix}/login` : '/login'} className="link">
            {t('signin.sign_in')}
          </Link>
        </p>
      ) : null}
    </>
  );
}
