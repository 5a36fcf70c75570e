// /account/_check (docs/product/partner-portal.md): checks the stored token and the profile, then goes to
// /account/. The account guard has already turned away a missing or expired token; this page
// waits for the profile (a token the server no longer knows ends the session by the 401 rule)
// and then moves on.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/form';
import { useDocumentTitle } from '../../lib/document-title';
import { useCurrentUser } from '../../lib/current-user';

export function CheckPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.check'));
  const user = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (user?.uuid) void navigate('/account/', { replace: true });
  }, [user?.uuid, navigate]);
  return (
    <div
      role="status"
      className="flex min-h-64 flex-col items-center justify-center gap-3 text-muted"
      data-testid="check-page"
    >
      <Spinner />
      <p>{t('engagement.check.checking')}</p>
    </div>
  );
}
