import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import type { PageKeys } from '../../lib/page-keys';
import { PageHeading } from '../../components/PageHeading';

/**
 * An account or back-office page whose content arrives with a later feature: its title and
 * what it is for, nothing pretending to work.
 */
export function AccountPage({ titleKey, leadKey }: PageKeys) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return <PageHeading title={title} lead={leadKey ? t(leadKey) : undefined} />;
}
