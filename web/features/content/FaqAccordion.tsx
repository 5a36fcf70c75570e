// The FAQ (docs/product/partner-portal.md): questions grouped by topic as an accordion (WAI-ARIA pattern: each
// question a button in a heading, aria-expanded, aria-controls; the arrow keys, Home and End move
// between questions), with a search that filters questions and answers as the partner types,
// marks what it found and opens the answers that match.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../common/brand';
import type { PageBlock, PageContent } from '../../../common/content';
import { Icon } from '../../components/icons';
import { foldForSearch, InlineText, plainText } from './inline-text';
import { Blocks } from './DocumentBlocks';

type Section = PageContent['sections'][number];

function blockText(block: PageBlock): string[] {
  return block.type === 'p' || block.type === 'note' ? [block.text] : block.items;
}

/** The question and its answer, folded once for the search. */
function searchableText(section: Section): string {
  return foldForSearch([section.heading, ...section.blocks.flatMap(blockText)].map(plainText).join('\n'));
}

/** Groups in the order the page first names them; questions without a group come last. */
function groupsOf(sections: readonly Section[], otherLabel: string) {
  const groups = new Map<string, Section[]>();
  for (const section of sections) {
    const name = section.group ?? '';
    groups.set(name, [...(groups.get(name) ?? []), section]);
  }
  const named = [...groups].filter(([name]) => name !== '');
  const rest = groups.get('') ?? [];
  if (named.length === 0) return [{ name: null, items: rest }];
  return [
    ...named.map(([name, items]) => ({ name, items })),
    ...(rest.length ? [{ name: otherLabel, items: rest }] : []),
  ];
}

/** The question a link points at (`/account/faq#minimum-payout`) starts open. */
function openFromHash(sections: readonly Section[]): Set<string> {
  const id = typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1));
  return new Set(sections.some((section) => section.id === id) ? [id] : []);
}

export function FaqAccordion({ sections }: { sections: readonly Section[] }) {
  const { t } = useTranslation();
  const searchId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => openFromHash(sections));
  const index = useMemo(
    () => sections.map((section) => [section, searchableText(section)] as const),
    [sections],
  );
  const needle = foldForSearch(query.trim());
  const visible = needle
    ? index.filter(([, text]) => text.includes(needle)).map(([section]) => section)
    : sections;
  const groups = groupsOf(visible, t('content.faq.other_group'));
  const grouped = groups[0]?.name !== null;

  const search = (value: string) => {
    setQuery(value);
    const folded = foldForSearch(value.trim());
    // Searching opens every answer that matches; clearing the search folds them again.
    setOpen(new Set(folded ? index.filter(([, text]) => text.includes(folded)).map(([s]) => s.id) : []));
  };

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[data-faq-question]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const target = {
      ArrowDown: buttons[(at + 1) % buttons.length],
      ArrowUp: buttons[(at - 1 + buttons.length) % buttons.length],
      Home: buttons[0],
      End: buttons[buttons.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div data-testid="faq">
      <div className="relative max-w-xl">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium">
          {t('content.faq.search_label')}
        </label>
        <span className="pointer-events-none absolute bottom-0 left-0 flex h-12 w-11 items-center justify-center text-stone-500 dark:text-stone-400">
          <Icon name="search" />
        </span>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          placeholder={t('content.faq.search_placeholder')}
          autoComplete="off"
          className="h-12 w-full rounded-full border border-stone-300 bg-white pr-4 pl-11 text-base shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-stone-700 dark:bg-stone-900 dark:placeholder:text-stone-500 dark:focus-visible:outline-brand-400"
          data-testid="faq-search"
        />
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-muted" data-testid="faq-status">
        {needle && visible.length > 0 ? t('content.faq.matches', { count: visible.length }) : ''}
      </p>

      {visible.length === 0 ? (
        <div
          className="card mt-4 flex flex-col items-center px-6 py-10 text-center"
          data-testid="faq-no-match"
        >
          <span className="mb-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-400">
            <Icon name="search" />
          </span>
          <p className="font-semibold">{t('content.faq.none_title', { query: query.trim() })}</p>
          <p className="mt-1 max-w-md text-sm text-muted">
            {t('content.faq.none_body', { email: BRAND.supportEmail })}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-secondary" onClick={() => search('')}>
              {t('content.faq.clear')}
            </button>
            <a className="btn-primary" href={`mailto:${BRAND.supportEmail}`}>
              <Icon name="help" width={18} height={18} />
              {t('content.faq.contact')}
            </a>
          </div>
        </div>
      ) : (
        <div ref={listRef} onKeyDown={moveFocus} className="mt-4 space-y-8">
          {groups.map((group) => (
            <section key={group.name ?? ''} aria-label={group.name ?? undefined}>
              {group.name ? (
                <h2 className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
                  {group.name}
                </h2>
              ) : null}
              <div className="card divide-y divide-stone-200 overflow-hidden dark:divide-stone-800">
                {group.items.map((section) => (
                  <FaqItem
                    key={section.id}
                    section={section}
                    open={open.has(section.id)}
                    onToggle={() => toggle(section.id)}
                    highlight={needle ? query.trim() : undefined}
                    headingLevel={grouped ? 3 : 2}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function FaqItem({
  section,
  open,
  onToggle,
  highlight,
  headingLevel,
}: {
  section: Section;
  open: boolean;
  onToggle: () => void;
  highlight: string | undefined;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const buttonId = `faq-${section.id}`;
  const panelId = `faq-${section.id}-answer`;
  return (
    <div id={section.id} className="scroll-mt-24" data-testid="faq-item">
      <Heading className="text-base font-semibold">
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          data-faq-question=""
          className="flex w-full items-center gap-3 px-4 py-4 text-left transition-colors hover:bg-stone-50 focus-visible:-outline-offset-2 sm:px-5 dark:hover:bg-stone-800/60"
        >
          <span className="flex-1">
            <InlineText text={section.heading} highlight={highlight} />
          </span>
          <Icon
            name="chevron"
            width={18}
            height={18}
            className={`shrink-0 text-stone-500 transition-transform dark:text-stone-400 ${open ? 'rotate-90' : ''}`}
          />
        </button>
      </Heading>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="px-4 pb-5 sm:px-5 [&>:first-child]:mt-0"
      >
        <Blocks blocks={section.blocks} highlight={highlight} />
      </div>
    </div>
  );
}
