// Staff sign-in and the back-office index (docs/product/system.md#parts-of-the-system, docs/product/back-office.md#staff-accounts); the staff session itself is
// staff-session.ts.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { FormNotice } from '../../components/form';
import { CredentialsForm } from '../../components/CredentialsForm';
import { PageHeading } from '../../components/PageHeading';
import { TwoFactorStep } from './security/TwoFactorStep';
import { sectionsFor } from './sections';
import { managerSignIn, useStaffMember, type TwoFactorChallenge } from './staff-session';

export function ManagerSignInPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_login');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A right password of an account with a second factor: the code is asked next.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const enter = () => {
    queryClient.removeQueries({ queryKey: ['manager'] });
    void navigate('/manager');
  };
  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={enter}
        onBack={(reason) => {
          setChallenge(null);
          setExpired(reason ?? null);
        }}
      />
    );
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted">{t('manager.sign_in_lead')}</p>
      {expired ? (
        <div className="mt-4">
          <FormNotice kind="info" testId="manager-two-factor-expired">
            {expired}
          </FormNotice>
        </div>
      ) : null}
      <CredentialsForm
        signIn={managerSignIn}
        onSignedIn={(answer) => {
          if ('two_factor' in answer) {
            setExpired(null);
            setChallenge(answer);
          } else enter();
        }}
        testIds={{
          form: 'manager-login-form',
          email: 'manager-email',
          password: 'manager-password',
          submit: 'manager-login-submit',
        }}
        label={title}
        emailAutoComplete="username"
      />
    </>
  );
}

/**
 * `/manager`: the first section this staff member may open. The shell renders its pages only
 * once the staff member is known, so the role is there.
 */
export function ManagerIndexPage() {
  const { t } = useTranslation();
  const title = t('titles.manager');
  const me = useStaffMember();
  const first = sectionsFor(me.data?.role)[0];
  useDocumentTitle(title);
  if (first) return <Navigate to={`/manager/${first.path}`} replace />;
  return (
    <PageHeading title={title} lead={t('pages.manager')}>
      <p className="mt-4 text-sm text-muted" data-testid="no-sections">
        {t('manager.shell.no_sections')}
      </p>
    </PageHeading>
  );
}
