// /manager/security: how the signed-in staff member signs in (docs/decisions/035-staff-totp.md).
// Every role's own page, reached from the shell's header (not a section): their authenticator
// and recovery codes; for admins, the switch that requires a second factor of everyone and each
// staff member's factor. While the program waits for this staff member's factor, the shell opens
// nothing else, and this page says why.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { useSecurity } from './security-api';
import { PolicyCard, StaffTwoFactorList } from './StaffTwoFactor';
import { TotpCard } from './TotpCard';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { LoadFailed } from '../../../components/staff/list-results';
import { Notice } from '../../../components/staff/fields';

export function SecurityPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_security');
  useDocumentTitle(title);
  const me = useStaffMember();
  const query = useSecurity();
  useSignOutOnUnauthorized(query.error);
  const admin = hasRole(me.data?.role, 'admin');
  const security = query.data;

  let content;
  if (security)
    content = (
      <div className="space-y-6">
        {security.enrolment_required ? (
          <Notice tone="warning" testId="totp-required-notice">
            <p className="font-semibold">{t('manager.security.required_title')}</p>
            <p className="mt-0.5">{t('manager.security.required_body')}</p>
          </Notice>
        ) : null}
        <TotpCard security={security} email={me.data?.email ?? ''} />
        {admin ? <PolicyCard security={security} /> : null}
      </div>
    );
  else if (query.isError)
    content = (
      <LoadFailed
        title={t('manager.security.load_failed')}
        onRetry={() => void query.refetch()}
        testId="security-error"
      />
    );
  else
    content = (
      <div className="card p-5 sm:p-6">
        <SkeletonLines lines={4} testId="security-loading" />
      </div>
    );

  return (
    <div className="max-w-3xl">
      <PageHeading title={title} lead={t('manager.security.lead')} />
      {content}
      {admin && security ? <StaffTwoFactorList /> : null}
    </div>
  );
}
