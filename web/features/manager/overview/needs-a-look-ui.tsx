// What the pages behind "needs a look" share: the way back to the overview above their heading,
// and a refused delivery's reason in staff words (the server names the field and what is wrong
// with it; the words are the catalog's, in the staff member's language).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { PageHeading } from '../../../components/PageHeading';
import type { RejectionProblem } from './needs-a-look-api';

export function NeedsALookHeading({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link
        to="/manager/overview"
        className="link mb-4 inline-flex items-center gap-1.5 text-sm"
        data-testid="back-to-overview"
      >
        <Icon name="arrow-left" width={16} height={16} />
        {t('manager.overview.back')}
      </Link>
      <PageHeading title={title} lead={lead} />
    </>
  );
}

/** One problem as a sentence: "Line item 2 · price: an amount below 0 or above 1,000,000". */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function useProblemWords() {
  const { t: typed, i18n } = useTranslation();
  // The keys are built from data the server sends (field and issue names): the typed `t` cannot
  // know them; an unknown field is shown by its name, an unknown issue by the logged words.
  const t = typed as unknown as Translate;
  return (problem: RejectionProblem): string => {
    const fieldKey = `manager.overview.deliveries.fields.${problem.field.replaceAll('.', '_')}`;
    const field = i18n.exists(fieldKey)
      ? t(fieldKey, { item: problem.item ?? '' })
      : problem.item !== null
        ? `${problem.field} (${problem.item})`
        : problem.field;
    const issueKey = `manager.overview.deliveries.issues.${problem.issue}`;
    if (problem.issue === 'other' || !i18n.exists(issueKey)) return problem.detail;
    return t('manager.overview.deliveries.problem', {
      field,
      issue: t(issueKey),
    });
  };
}
