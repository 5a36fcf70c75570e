// Previous and next between a list's pages; the page itself is kept in the URL (lib/page-param.ts).
import { useTranslation } from 'react-i18next';
import { Glyph } from './glyphs';

/** Previous / next with "page x of y". `testPrefix` keeps test ids unique when two pagers share a page. */
export function Pager({
  page,
  lastPage,
  onPage,
  busy = false,
  label,
  testPrefix = 'pager',
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  busy?: boolean;
  label: string;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, lastPage);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className="btn-secondary min-h-10 px-3 sm:px-4"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        data-testid={`${testPrefix}-prev`}
      >
        <Glyph name="arrow-left" width={16} height={16} />
        {t('sales.previous')}
      </button>
      <p className="text-center text-sm text-muted" aria-live="polite" data-testid={`${testPrefix}-status`}>
        {t('sales.page_of', { page, last })}
        {busy ? <span className="sr-only"> · {t('loading')}</span> : null}
      </p>
      <button
        type="button"
        className="btn-secondary min-h-10 px-3 sm:px-4"
        onClick={() => onPage(page + 1)}
        disabled={page >= last}
        data-testid={`${testPrefix}-next`}
      >
        {t('sales.next')}
        <Glyph name="arrow-right" width={16} height={16} />
      </button>
    </nav>
  );
}
