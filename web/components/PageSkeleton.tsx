// What a lazily loaded page shows while its code arrives (only on the first page of a visit: later
// navigations keep the current page until the next one is ready). Grey shapes where the page's
// parts will be, so nothing jumps when it appears; a screen reader hears "Loading…".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SkeletonKind = 'form' | 'document' | 'blank' | 'account';

function Bar({ className }: { className: string }) {
  const shape = className.includes('rounded-') ? '' : 'rounded-lg';
  return <span className={`block animate-pulse bg-stone-200/80 dark:bg-stone-800 ${shape} ${className}`} />;
}

function Announce() {
  const { t } = useTranslation();
  return <span className="sr-only">{t('loading')}</span>;
}

/** Fills a layout's page slot: the layout itself (header, card, footer) is already there. */
export function PageSkeleton({ kind }: { kind: Exclude<SkeletonKind, 'account'> }) {
  if (kind === 'blank') {
    return (
      <div aria-busy="true" data-testid="page-skeleton" className="flex w-full flex-col items-center gap-4">
        <Bar className="h-10 w-10 rounded-full" />
        <Bar className="h-4 w-48" />
        <Announce />
      </div>
    );
  }
  return (
    <div aria-busy="true" data-testid="page-skeleton" className="grid gap-4">
      <Bar className="h-8 w-2/3" />
      <Bar className="h-4 w-5/6" />
      {kind === 'form' ? (
        <>
          <Bar className="mt-4 h-11 w-full" />
          <Bar className="h-11 w-full" />
          <Bar className="mt-2 h-11 w-full rounded-full" />
        </>
      ) : (
        <>
          <Bar className="mt-4 h-4 w-full" />
          <Bar className="h-4 w-full" />
          <Bar className="h-4 w-4/5" />
        </>
      )}
      <Announce />
    </div>
  );
}

/**
 * The account shell's shape (header, sidebar on wide screens, the page's cards). `heading` is the
 * page's own title block when the route tells it: the one thing the partner can read at once.
 */
export function AccountSkeleton({ heading }: { heading?: ReactNode }) {
  return (
    <div data-testid="account-skeleton" aria-busy="true" className="min-h-dvh">
      {/* As the account's header: its border below its 4rem, so the page starts where the page will. */}
      <div className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <div className="flex h-16 items-center justify-between px-3 sm:px-6 lg:px-8">
          <Bar className="h-8 w-36" />
          <Bar className="h-9 w-9 rounded-full" />
        </div>
      </div>
      <div className="lg:flex">
        <div className="hidden h-[calc(100dvh-4rem)] w-72 shrink-0 border-r border-stone-200 bg-white p-6 lg:grid lg:content-start lg:gap-4 dark:border-stone-800 dark:bg-stone-900">
          {Array.from({ length: 7 }, (_, index) => (
            <Bar key={index} className="h-5 w-40" />
          ))}
        </div>
        <div className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
          <div className="mx-auto max-w-6xl">
            {heading}
            <ContentSkeleton withTitle={!heading} />
          </div>
        </div>
      </div>
      <Announce />
    </div>
  );
}

/** The page area of the account shell: a title and lead line (unless known), and a few cards. */
function ContentSkeleton({ withTitle }: { withTitle: boolean }) {
  return (
    <div aria-busy="true" className="grid gap-6">
      {withTitle ? (
        <div className="grid gap-3">
          <Bar className="h-8 w-56" />
          <Bar className="h-4 w-80 max-w-full" />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Bar className="h-32 rounded-2xl" />
        <Bar className="h-32 rounded-2xl" />
        <Bar className="h-32 rounded-2xl" />
      </div>
      <Bar className="h-64 rounded-2xl" />
    </div>
  );
}
