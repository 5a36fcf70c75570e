// A list's section with its total and pager, its page kept in the URL (lib/page-param.ts).
import { useEffect, type ReactNode } from 'react';
import { Pager } from './pager';

/** A page beyond the last (the list shrank since the link was made, or its last item went). */
export function useBackInRange(
  data: { data: unknown[]; total: number; last_page: number } | undefined,
  page: number,
  goTo: (page: number) => void,
): void {
  const beyond =
    data && data.data.length === 0 && data.total > 0 && page > data.last_page ? data.last_page : null;
  useEffect(() => {
    if (beyond) goTo(beyond);
  }, [beyond, goTo]);
}

/** A list's section: its heading and total, the results, and the pager when there are pages. */
export function PagedSection({
  id,
  title,
  total,
  page,
  onPage,
  busy,
  placeholder,
  pagerLabel,
  testPrefix,
  className = 'mt-10',
  children,
}: {
  id: string;
  title: string;
  /** "12 announcements", once known. */
  total: string | null;
  page: { current: number; last: number } | null;
  onPage: (page: number) => void;
  /** Fetching (any page). */
  busy: boolean;
  /** The previous page still shown while the asked one loads. */
  placeholder: boolean;
  pagerLabel: string;
  /** Test ids: `<prefix>-total`, `<prefix>-pager-next`… */
  testPrefix: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} aria-busy={busy}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {total !== null ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid={`${testPrefix}-total`}>
            {total}
          </p>
        ) : null}
      </div>
      {children}
      {page && page.last > 1 ? (
        <Pager
          page={page.current}
          lastPage={page.last}
          onPage={onPage}
          busy={placeholder}
          label={pagerLabel}
          testPrefix={`${testPrefix}-pager`}
        />
      ) : null}
    </section>
  );
}
