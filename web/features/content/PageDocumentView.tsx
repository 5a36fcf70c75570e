// A long-form page of the content kit (docs/product/content.md#pages): its sections with a table of contents,
// headings, lists, do and don't lists side by side, notes as callouts. The FAQ is an accordion
// with a search instead. Shared by the partner's pages, the public /terms and /policy, and the
// staff's preview in the back office.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageContent, PageSlug } from '../../../common/content';
import { Icon } from '../../components/icons';
import { intlLocale } from '../../lib/format';
import { FaqAccordion } from './FaqAccordion';
import { Blocks } from './DocumentBlocks';

type Section = PageContent['sections'][number];

export interface PageDocumentViewProps {
  page: PageContent;
  slug: PageSlug;
  /**
   * Shows the page's title (as a level-2 heading) and lead above the body: for the staff preview,
   * where the surrounding page has its own title. The partner's pages show them in their header.
   */
  heading?: boolean;
  /** Something shown right after a section (the posting-times chart after the timing section). */
  after?: Partial<Record<string, ReactNode>>;
}

export function PageDocumentView({ page, slug, heading = false, after }: PageDocumentViewProps) {
  const { t } = useTranslation();
  return (
    <div data-testid={`page-document-${slug}`} className="min-w-0">
      {heading ? (
        <header className="mb-6">
          <h2 className="text-2xl font-bold tracking-tight">{page.title}</h2>
          <p className="mt-2 text-muted">{page.lead}</p>
        </header>
      ) : null}
      {page.effective_date ? <EffectiveDate date={page.effective_date} /> : null}
      {slug === 'faq' ? (
        <FaqAccordion sections={page.sections} />
      ) : (
        // A container query, not the viewport: the same page sits in the wide account area, the
        // narrower public card and the staff's preview pane.
        <div className="@container">
          <div className="grid gap-8 @3xl:grid-cols-[minmax(0,1fr)_14rem] @3xl:gap-10">
            <TableOfContents sections={page.sections} label={t('content.document.toc')} />
            <div className="min-w-0 space-y-10 @3xl:col-start-1 @3xl:row-start-1">
              {page.sections.map((section) => (
                <DocumentSection key={section.id} section={section}>
                  {after?.[section.id]}
                </DocumentSection>
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function EffectiveDate({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  // A calendar day: formatted in UTC so no time zone moves it to the day before.
  const formatted = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return (
    <p
      className="mb-6 inline-flex items-center gap-2 rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300"
      data-testid="effective-date"
    >
      <Icon name="doc" width={16} height={16} />
      <time dateTime={date}>{t('content.document.effective', { date: formatted })}</time>
    </p>
  );
}

/** Anchor links to the sections: a sticky column beside the text where there is room, a box above it otherwise. */
function TableOfContents({ sections, label }: { sections: readonly Section[]; label: string }) {
  if (sections.length < 2) return null;
  return (
    <nav
      aria-label={label}
      className="rounded-2xl border border-stone-200 bg-stone-50/70 p-4 @3xl:sticky @3xl:top-24 @3xl:col-start-2 @3xl:row-start-1 @3xl:self-start @3xl:rounded-none @3xl:border-0 @3xl:border-l @3xl:bg-transparent @3xl:p-0 @3xl:pl-5 dark:border-stone-800 dark:bg-stone-900/50 @3xl:dark:bg-transparent"
      data-testid="page-toc"
    >
      <p className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
        {label}
      </p>
      <ol className="space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="block rounded-md py-1 text-stone-700 hover:text-brand-700 hover:underline dark:text-stone-300 dark:hover:text-brand-300"
            >
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function DocumentSection({ section, children }: { section: Section; children?: ReactNode }) {
  const headingId = `${section.id}-heading`;
  return (
    // The anchor sits below the account's sticky header when a table-of-contents link is followed.
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {section.heading}
      </h2>
      <Blocks blocks={section.blocks} />
      {children}
    </section>
  );
}
