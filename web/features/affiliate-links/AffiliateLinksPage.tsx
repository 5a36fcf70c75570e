// /account/affiliate_links (docs/product/partner-portal.md#what-a-partner-can-do and docs/product/partner-portal.md, issue 12, docs/product/links-and-integrations.md#short-links): what a partner shares,
// each with a copy and a share button (the short link, which applies the code at checkout; the
// promo code; the referral link for other creators), the short link's QR code, its clicks over 30
// days, and the partner's Amazon link for every product.
//
// The links are shown as text, not as anchors: a partner opening their own short link would count
// a click that no shopper made, and Amazon's program forbids buying through one's own link.
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../lib/clipboard';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { useCurrentUser, type PortalUser } from '../../lib/current-user';
import { Glyph } from '../../components/glyphs';
import { LinkStatsCard } from './LinkStatsCard';
import { useAmazonLinks } from './links-api';
import { QrCard, QrCardSkeleton } from './QrCard';
import { Widget } from '../../components/card';
import { ShareButton, type Shared } from '../../components/share-button';
import { Skeleton, SkeletonLines } from '../../components/skeleton';
import { EmptyState, RetryLine } from '../../components/states';

function useCopy() {
  const { t } = useTranslation();
  // The toast every copy button of the portal shows (dashboard's promo code box).
  return (text: string) =>
    copyWithToast(text, { copied: t('dashboard.code.copied'), failed: t('engagement.links.copy_failed') });
}

function CopyButton({
  text,
  label,
  testId,
  compact = false,
}: {
  text: string;
  label: string;
  testId: string;
  /** Only the icon on a phone, where the row has no room for the word. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <button
      type="button"
      className={`btn-secondary shrink-0 ${compact ? 'w-11 px-0 sm:w-auto sm:px-4' : 'px-4'}`}
      onClick={() => void copy(text)}
      aria-label={label}
      data-testid={testId}
    >
      <Glyph name="copy" width={16} height={16} />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('engagement.links.copy')}</span>
    </button>
  );
}

/**
 * A link that may wrap at its slashes (the host, then the path) rather than in the middle of a
 * word; a host too long for the box still wraps anywhere. The text stays the link itself.
 */
function WrappingUrl({ url }: { url: string }) {
  const scheme = /^[a-z]+:\/\//i.exec(url)?.[0] ?? '';
  const parts = url.slice(scheme.length).split('/');
  return (
    <>
      {scheme}
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? (
            <>
              <wbr />/
            </>
          ) : null}
          {part}
        </span>
      ))}
    </>
  );
}

/** One thing to share: its name, what it does, the value in a dashed box, its Copy and Share buttons. */
function ShareRow({
  id,
  label,
  help,
  value,
  copyLabel,
  share,
  shareLabel,
  mono = false,
}: {
  id: 'short-link' | 'promo-code' | 'referral-link';
  label: string;
  help: string;
  value: string;
  copyLabel: string;
  /** What the Share button hands the share sheet (components/share-button.tsx). */
  share: Shared;
  shareLabel: string;
  mono?: boolean;
}) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <p className="font-semibold">{label}</p>
      <p className="mt-0.5 text-sm text-muted">{help}</p>
      <div className="mt-2.5 flex items-center gap-2 rounded-xl border border-dashed border-brand-300 bg-brand-50/60 p-1.5 pl-3 sm:pl-4 dark:border-brand-800 dark:bg-brand-950/40">
        <code
          className={`min-w-0 flex-1 font-mono [overflow-wrap:anywhere] text-brand-800 dark:text-brand-200 ${
            mono ? 'text-xl font-bold tracking-wider' : 'text-sm font-semibold sm:text-base'
          }`}
          data-testid={id}
        >
          {mono ? value : <WrappingUrl url={value} />}
        </code>
        <CopyButton text={value} label={copyLabel} testId={`copy-${id}`} compact />
        <ShareButton data={share} label={shareLabel} testId={`share-${id}`} compact />
      </div>
    </li>
  );
}

/**
 * While the profile loads: the three rows' shape (name, help, the dashed box as tall as its copy
 * button), so the cards below keep their place when the rows arrive.
 */
function ShareRowsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="links-share-loading">
      <span className="sr-only">{t('loading')}</span>
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <li key={row} className="py-4 first:pt-0 last:pb-0">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="mt-0.5 h-5 w-full" />
            <div className="mt-2.5 flex items-center gap-2 rounded-xl border border-dashed border-stone-200 p-1.5 pl-3 sm:pl-4 dark:border-stone-800">
              <Skeleton className="h-11 flex-1" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShareCard({ user }: { user: PortalUser | null }) {
  const { t } = useTranslation();
  const promo = user?.promo_codes?.[0];
  return (
    <Widget id="share" title={t('engagement.links.share_title')} icon="link" testId="links-share">
      {!user ? (
        <ShareRowsSkeleton />
      ) : !promo && !user.short_url && !user.referral_short_url ? (
        <EmptyState
          icon="link"
          title={t('engagement.links.none_title')}
          body={t('engagement.links.none_body')}
          testId="links-none"
        />
      ) : (
        <ul className="divide-y divide-stone-100 dark:divide-stone-800">
          {user.short_url ? (
            <ShareRow
              id="short-link"
              label={t('engagement.links.short_link')}
              help={t('engagement.links.short_link_help')}
              value={user.short_url}
              copyLabel={t('engagement.links.copy_short_link')}
              share={{ url: user.short_url }}
              shareLabel={t('share.share_short_link')}
            />
          ) : null}
          {promo ? (
            <ShareRow
              id="promo-code"
              label={t('engagement.links.promo_code')}
              help={t('engagement.links.promo_code_help', {
                percent: promo.value,
                commission: promo.commission_rate,
              })}
              value={promo.code}
              copyLabel={t('engagement.links.copy_promo_code')}
              // The code in a sentence, with the short link that applies it.
              share={{
                text: t('share.code_text', { code: promo.code, percent: promo.value }),
                url: user.short_url ?? undefined,
              }}
              shareLabel={t('share.share_code')}
              mono
            />
          ) : null}
          {user.referral_short_url ? (
            <ShareRow
              id="referral-link"
              label={t('engagement.links.referral_link')}
              help={t('engagement.links.referral_link_help')}
              value={user.referral_short_url}
              copyLabel={t('engagement.links.copy_referral_link')}
              share={{ url: user.referral_short_url }}
              shareLabel={t('share.share_referral_link')}
            />
          ) : null}
        </ul>
      )}
    </Widget>
  );
}

function AmazonLinksCard() {
  const { t } = useTranslation();
  const links = useAmazonLinks();
  return (
    <Widget id="amazon" title={t('engagement.links.amazon_title')} icon="globe" testId="links-amazon">
      <p className="-mt-1 mb-4 text-sm text-muted">{t('engagement.links.amazon_help')}</p>
      {links.isPending ? (
        <SkeletonLines lines={6} />
      ) : !links.data ? (
        <RetryLine text={t('engagement.links.amazon_error')} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <EmptyState
          icon="globe"
          title={t('engagement.links.amazon_empty_title')}
          body={t('engagement.links.amazon_empty_body')}
          testId="amazon-empty"
        />
      ) : (
        <ul className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
          {links.data.map((link) => (
            <li
              key={link.product}
              className="flex items-center gap-3 border-b border-stone-100 py-2.5 dark:border-stone-800"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{link.name}</span>
                <code
                  className="block truncate font-mono text-xs text-stone-500 dark:text-stone-400"
                  // The whole link on hover; the copy button gives it whole anyway.
                  title={link.url}
                  data-testid={`amazon-link-${link.product}`}
                >
                  {link.url}
                </code>
              </span>
              <CopyButton
                text={link.url}
                label={t('engagement.links.copy_amazon', { name: link.name })}
                testId={`copy-amazon-${link.product}`}
                compact
              />
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

export function AffiliateLinksPage() {
  const { t } = useTranslation();
  const title = t('titles.affiliate_links');
  useDocumentTitle(title);
  const user = useCurrentUser();
  const code = user?.promo_codes?.[0]?.code;
  return (
    <>
      <PageHeading title={title} lead={t('pages.affiliate_links')} />
      {/* minmax(0, 1fr) columns: a long Amazon link must not widen the page on a phone. */}
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        {/* While the profile loads, the QR card's place is kept: most partners have a short link. */}
        <div className={!user || user.short_url ? 'lg:col-span-2' : 'lg:col-span-3'}>
          <ShareCard user={user} />
        </div>
        {!user ? (
          <QrCardSkeleton />
        ) : user.short_url ? (
          <QrCard url={user.short_url} code={code ?? 'link'} />
        ) : null}
        <div className="lg:col-span-3">
          <LinkStatsCard />
        </div>
        <div className="lg:col-span-3">
          <AmazonLinksCard />
        </div>
      </div>
    </>
  );
}
