// The dashboard's "Your links" (docs/product/partner-portal.md#dashboard): the short link and the
// referral link from the profile the shell holds, each with Copy and Share; the QR code and the
// visits are on the affiliate links page it links to. The links are text, not anchors, as there
// (a partner opening their own short link would count a visit no shopper made).
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../lib/clipboard';
import { useCurrentUser } from '../../lib/current-user';
import { Glyph } from '../../components/glyphs';
import { Widget } from '../../components/card';
import { ShareButton } from '../../components/share-button';
import { SkeletonLines } from '../../components/skeleton';
import { EmptyState } from '../../components/states';

/** The link without its scheme, breakable after each slash: two short lines at most on a phone. */
function ShownLink({ url }: { url: string }) {
  const parts = url.replace(/^https?:\/\//i, '').split('/');
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? (
            <>
              /<wbr />
            </>
          ) : null}
          {part}
        </span>
      ))}
    </>
  );
}

function LinkRow({
  id,
  label,
  url,
  copyLabel,
  shareLabel,
}: {
  id: 'short-link' | 'referral-link';
  label: string;
  url: string;
  copyLabel: string;
  shareLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="min-w-0">
      {/* The name and its buttons on one line, the link below at the card's whole width: on a
          phone the link keeps one line, the buttons their finger-wide size. */}
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium text-muted">{label}</p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className="btn-secondary w-11 shrink-0 px-0 sm:w-auto sm:px-4"
            onClick={() =>
              void copyWithToast(url, {
                copied: t('dashboard.code.copied'),
                failed: t('share.failed'),
              })
            }
            aria-label={copyLabel}
            data-testid={`dashboard-copy-${id}`}
          >
            <Glyph name="copy" width={16} height={16} />
            <span className="sr-only sm:not-sr-only">{t('dashboard.links.copy')}</span>
          </button>
          <ShareButton data={{ url }} label={shareLabel} testId={`dashboard-share-${id}`} compact />
        </div>
      </div>
      <code
        className="mt-1.5 block rounded-xl border border-dashed border-brand-300 bg-brand-50/60 px-3 py-2 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-brand-800 dark:border-brand-800 dark:bg-brand-950/40 dark:text-brand-200"
        title={url}
        data-testid={`dashboard-${id}`}
      >
        <ShownLink url={url} />
      </code>
    </li>
  );
}

export function LinksCard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Widget
      id="links"
      title={t('dashboard.links.title')}
      icon="link"
      action={{ to: '/account/affiliate_links', label: t('dashboard.links.more') }}
      testId="widget-links"
    >
      {!user ? (
        // About the rows' height, so that what follows does not move when they arrive.
        <div className="min-h-[184px] md:min-h-[84px]">
          <SkeletonLines lines={2} />
        </div>
      ) : !user.short_url && !user.referral_short_url ? (
        <EmptyState
          icon="link"
          title={t('dashboard.links.none_title')}
          body={t('dashboard.links.none_body')}
          testId="dashboard-links-none"
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 md:gap-6">
          {user.short_url ? (
            <LinkRow
              id="short-link"
              label={t('dashboard.links.short_link')}
              url={user.short_url}
              copyLabel={t('dashboard.links.copy_short_link')}
              shareLabel={t('share.share_short_link')}
            />
          ) : null}
          {user.referral_short_url ? (
            <LinkRow
              id="referral-link"
              label={t('dashboard.links.referral_link')}
              url={user.referral_short_url}
              copyLabel={t('dashboard.links.copy_referral_link')}
              shareLabel={t('share.share_referral_link')}
            />
          ) : null}
        </ul>
      )}
    </Widget>
  );
}
