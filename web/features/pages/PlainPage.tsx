import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import type { TitleKey } from './page-keys';

/** Title-only page for the document and blank layouts. */
export function PlainPage({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>;
}
