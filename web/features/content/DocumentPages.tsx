// The long-form pages (docs/product/partner-portal.md, docs/product/content.md#pages): FAQ, terms, policy, crafting the perfect post
// and the post guidelines inside the account, and the public /terms and /policy in the document
// layout. Their words come from the content API in the reader's language.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageSlug } from '../../../common/content';
import type { PageDocument } from '../../../common/contracts/content';
import { useDocumentTitle } from '../../lib/document-title';
import type { LeadKey, TitleKey } from '../../lib/page-keys';
import { PageHeading } from '../../components/PageHeading';
import { CaptionCheck } from './CaptionCheck';
import { usePage } from './content-api';
import { LoadFailed } from './LoadFailed';
import { PageDocumentView } from './PageDocumentView';
import { PostingTimes } from './PostingTimes';
import { Skeleton, SkeletonLines } from '../../components/skeleton';

/** A link to `#section` opened before the page's words arrived lands on it once they do. */
function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}

/** What a page adds to its text: the posting-times chart, the caption check. */
function extrasFor(
  slug: PageSlug,
  page: PageDocument,
): { after?: Record<string, ReactNode>; below?: ReactNode } {
  if (slug === 'crafting_perfect_post') {
    // "Time your post" comes first in the post guide (docs/product/partner-portal.md#dashboard): the chart goes with it.
    const first = page.sections[0]?.id;
    return first ? { after: { [first]: <PostingTimes /> } } : {};
  }
  if (slug === 'post_guidelines') return { below: <CaptionCheck /> };
  return {};
}

export function AccountDocumentPage({
  slug,
  titleKey,
  leadKey,
}: {
  slug: PageSlug;
  titleKey: TitleKey;
  leadKey?: LeadKey;
}) {
  const { t } = useTranslation();
  const page = usePage(slug);
  const title = page.data?.title ?? t(titleKey);
  useDocumentTitle(title);
  useScrollToHash(Boolean(page.data));
  const extras = page.data ? extrasFor(slug, page.data) : {};
  return (
    <>
      <PageHeading title={title} lead={page.data?.lead ?? (leadKey ? t(leadKey) : undefined)} />
      {page.data ? (
        <div className="space-y-8">
          <div className={slug === 'faq' ? 'max-w-3xl' : 'card p-5 sm:p-8'}>
            <PageDocumentView page={page.data} slug={slug} after={extras.after} />
          </div>
          {extras.below}
        </div>
      ) : page.isError ? (
        <LoadFailed message={t('content.document.load_failed')} onRetry={() => void page.refetch()} />
      ) : (
        <DocumentSkeleton />
      )}
    </>
  );
}

/** `/terms` and `/policy`: readable signed out, with the public client credential. */
export function PublicDocumentPage({ slug, titleKey }: { slug: 'terms' | 'policy'; titleKey: TitleKey }) {
  const { t } = useTranslation();
  const page = usePage(slug, 'public');
  const title = page.data?.title ?? t(titleKey);
  useDocumentTitle(title);
  useScrollToHash(Boolean(page.data));
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {page.data ? (
        <>
          <p className="mt-3 mb-6 text-muted">{page.data.lead}</p>
          <PageDocumentView page={page.data} slug={slug} />
        </>
      ) : page.isError ? (
        <div className="mt-6">
          <LoadFailed message={t('content.document.load_failed')} onRetry={() => void page.refetch()} />
        </div>
      ) : (
        <div className="mt-6">
          <DocumentSkeleton />
        </div>
      )}
    </>
  );
}

function DocumentSkeleton() {
  return (
    <div className="space-y-6" data-testid="document-skeleton">
      <Skeleton className="h-7 w-40 rounded-full" />
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <SkeletonLines lines={3} />
        </div>
      ))}
    </div>
  );
}
