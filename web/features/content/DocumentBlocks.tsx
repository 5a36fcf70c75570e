// The blocks of a page's section (common/content.ts): paragraphs, lists, do and don't lists
// (paired side by side with a tick and a cross), notes as callouts.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageBlock } from '../../../common/content';
import { Icon } from '../../components/icons';
import { InlineText } from './inline-text';

/** A section's blocks; a `do` next to a `dont` pair up as two columns. */
export function Blocks({ blocks, highlight }: { blocks: readonly PageBlock[]; highlight?: string }) {
  const out: ReactNode[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    const next = blocks[index + 1];
    if ((block.type === 'do' && next?.type === 'dont') || (block.type === 'dont' && next?.type === 'do')) {
      out.push(
        <div key={index} className="mt-4 grid gap-4 md:grid-cols-2">
          <Block block={block} highlight={highlight} />
          <Block block={next} highlight={highlight} />
        </div>,
      );
      index++;
    } else out.push(<Block key={index} block={block} highlight={highlight} />);
  }
  return <>{out}</>;
}

const TEXT = 'leading-relaxed text-stone-700 dark:text-stone-300';

function Block({ block, highlight }: { block: PageBlock; highlight?: string }) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'p':
      return (
        <p className={`mt-3 ${TEXT}`}>
          <InlineText text={block.text} highlight={highlight} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="pl-1">
          <InlineText text={item} highlight={highlight} />
        </li>
      ));
      return block.ordered ? (
        <ol
          className={`mt-3 list-decimal space-y-1.5 pl-6 marker:font-semibold marker:text-brand-700 dark:marker:text-brand-300 ${TEXT}`}
        >
          {items}
        </ol>
      ) : (
        <ul
          className={`mt-3 list-disc space-y-1.5 pl-6 marker:text-brand-600 dark:marker:text-brand-400 ${TEXT}`}
        >
          {items}
        </ul>
      );
    }
    case 'do':
    case 'dont': {
      const good = block.type === 'do';
      return (
        <div
          className={`mt-4 rounded-2xl border p-4 sm:p-5 ${
            good
              ? 'border-emerald-200 bg-emerald-50/60 dark:border-emerald-900/60 dark:bg-emerald-950/30'
              : 'border-rose-200 bg-rose-50/60 dark:border-rose-900/60 dark:bg-rose-950/30'
          }`}
          data-testid={`block-${block.type}`}
        >
          <h3
            className={`mb-3 flex items-center gap-2 text-sm font-semibold tracking-wide uppercase ${
              good ? 'text-emerald-800 dark:text-emerald-300' : 'text-rose-800 dark:text-rose-300'
            }`}
          >
            <Icon name={good ? 'check' : 'close'} width={18} height={18} />
            {t(good ? 'content.document.do' : 'content.document.dont')}
          </h3>
          <ul className="space-y-2">
            {block.items.map((item, index) => (
              <li key={index} className={`flex gap-2.5 ${TEXT}`}>
                <span
                  className={`mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full ${
                    good
                      ? 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-stone-950'
                      : 'bg-rose-600 text-white dark:bg-rose-500 dark:text-stone-950'
                  }`}
                  aria-hidden="true"
                >
                  <Icon name={good ? 'check' : 'close'} width={13} height={13} strokeWidth={2.6} />
                </span>
                <span>
                  <InlineText text={item} highlight={highlight} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      );
    }
    case 'note':
      return (
        <div
          role="note"
          aria-label={t('content.document.note')}
          className="mt-4 flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-900 dark:border-brand-900/60 dark:bg-brand-950/40 dark:text-brand-100"
          data-testid="block-note"
        >
          <Icon name="info" className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-300" />
          <p className="leading-relaxed">
            <InlineText text={block.text} highlight={highlight} />
          </p>
        </div>
      );
  }
}
