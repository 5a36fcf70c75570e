// /manager/marketplace (managers and admins, issue 13, docs/product/commissions.md#marketplace): staff import the Amazon
// Associates reports in the browser and see what each did: rows imported, duplicates skipped and
// every rejected line with its number and reason; below, the past imports, each openable to its
// rejected lines.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import type { ImportAnswer } from './marketplace-api';
import { ImportResult } from './ImportResult';
import { PastImports } from './PastImports';
import { UploadCard } from './UploadCard';

export function MarketplacePage() {
  const { t } = useTranslation();
  const title = t('titles.manager_marketplace');
  useDocumentTitle(title);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  // A new answer is a new result (its lines start at their first page).
  const [shown, setShown] = useState(0);

  return (
    <>
      <PageHeading title={title} lead={t('manager.marketplace.lead')} />
      {/* Side by side on wide screens once there is a result to show beside the upload. */}
      <div className={`grid gap-5 ${result ? 'xl:grid-cols-2 xl:items-start' : ''}`}>
        <UploadCard
          onResult={(answer) => {
            setResult(answer);
            setShown((n) => n + 1);
          }}
        />
        {result ? <ImportResult key={shown} answer={result} onDismiss={() => setResult(null)} /> : null}
      </div>
      <PastImports />
    </>
  );
}
