import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isIntegration, type Integration } from '../../../common/routes';
import { useDocumentTitle } from '../../lib/document-title';
import { NotFoundContent } from '../not-found/NotFoundContent';
import { PageHeading } from './PageHeading';

const TITLE_KEYS = {
  facebook: 'titles.connect_facebook',
  instagram: 'titles.connect_instagram',
} as const satisfies Record<Integration, string>;

/** /account/connect/{integration}: Facebook or Instagram; anything else is a 404. */
export function ConnectPage() {
  const { integration = '' } = useParams();
  if (!isIntegration(integration)) return <NotFoundContent />;
  return <ConnectIntegration integration={integration} />;
}

function ConnectIntegration({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const title = t(TITLE_KEYS[integration]);
  useDocumentTitle(title);
  return <PageHeading title={title} lead={t('pages.connect')} />;
}
