// /account: the partner's dashboard (docs/product/partner-portal.md#dashboard): the figures first, then the
// code to share, the partner's links, the sales history, tiers, geography, this month's orders, recent sales,
// referrals and cash-outs, the newsfeed's carousel, announcements, this month's promos and
// challenges; widgets fed by later features say plainly that nothing is there yet.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { ChallengesWidget } from '../../features/challenges/ChallengesWidget';
import { NewsfeedWidget } from '../../features/newsfeed/NewsfeedWidget';
import { AnnouncementsWidget } from '../../features/notifications/AnnouncementsWidget';
import { TopPostsWidget } from '../../features/integrations/TopPostsWidget';
import { PageHeading } from '../../components/PageHeading';
import { PromoWidget } from '../../features/challenges/PromoWidget';
import { SurveyCard } from '../../features/survey/SurveyCard';
import { useCurrentUser } from '../../lib/current-user';
import { Glyph } from '../../components/glyphs';
import { useSalesSummary, useTotals } from '../../features/sales/sales-api';
import { HeroMetric, MetricGrid } from './Metrics';
import { LinksCard } from './LinksCard';
import { SalesHistoryChart } from './SalesHistoryChart';
import {
  CopyCodeBox,
  GeographyCard,
  MonthOrders,
  RecentCashouts,
  RecentSales,
  ReferralsCard,
  TierProgress,
} from './widgets';
import { WhenNear } from './WhenNear';
import { contactFormShown } from './contact-form-api';

const ContactFormCard = lazy(async () => ({ default: (await import('./ContactFormCard')).ContactFormCard }));

/**
 * "Where should we send your samples?" while the profile has no complete address and no recent
 * "Not now" (common/contact-form.ts); its code comes only for a partner it is due to. Below the
 * figures and the links, so its arrival moves nothing the first screen shows.
 */
function ContactFormPrompt() {
  const user = useCurrentUser();
  if (!contactFormShown(user)) return null;
  return (
    <Suspense fallback={null}>
      <ContactFormCard />
    </Suspense>
  );
}

/** A partner who has not sold yet is welcomed with what to do next, not a wall of zeros. */
function FirstSaleWelcome() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="first-sale-title"
      className="card flex flex-col gap-4 border-dashed p-5 sm:flex-row sm:items-center sm:p-6"
      data-testid="dashboard-empty"
    >
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-400/10 dark:text-amber-300">
        <Glyph name="sparkle" width={24} height={24} />
      </span>
      <div className="flex-1">
        <h2 id="first-sale-title" className="font-semibold">
          {t('dashboard.welcome.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('dashboard.welcome.body')}</p>
      </div>
      <Link to="/account/crafting_perfect_post" className="btn-secondary shrink-0">
        {t('dashboard.welcome.cta')}
      </Link>
    </section>
  );
}

/** The welcome card, once the figures say there is nothing yet. */
function FirstSaleWelcomeIfNew() {
  const summary = useSalesSummary();
  const totals = useTotals();
  const noSalesYet =
    summary.data !== undefined &&
    totals.data !== undefined &&
    totals.data.sales_count === 0 &&
    summary.data.total_commissions === 0 &&
    totals.data.marketplace_commissions === 0 &&
    totals.data.referral_commissions === 0;
  return noSalesYet ? <FirstSaleWelcome /> : null;
}

function DashboardHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const name = user?.first_name?.trim();
  return (
    <PageHeading
      title={title}
      // The greeting's line is kept while the profile loads, so the page does not move down.
      eyebrow={name ? t('dashboard.hello', { name }) : user === null ? '\u00a0' : undefined}
      lead={t('pages.dashboard')}
    />
  );
}

// About each part's height with the demo program, on a phone, a tablet and a desktop: its
// placeholder's, and the size the browser assumes for it while it skips its rendering off screen
// (`auto`: once rendered, the size it had).
const PART_HEIGHTS = {
  history: 'h-[772px] md:h-[763px] lg:h-[459px]',
  recent: 'h-[654px] md:h-[638px] lg:h-[382px]',
  month: 'h-[1177px] md:h-[848px] lg:h-[455px]',
  newsfeed: 'h-[372px]',
  later: 'h-[1400px] md:h-[760px]',
};
const PART_SIZES = {
  history:
    '[contain-intrinsic-size:auto_772px] md:[contain-intrinsic-size:auto_763px] lg:[contain-intrinsic-size:auto_459px]',
  recent:
    '[contain-intrinsic-size:auto_654px] md:[contain-intrinsic-size:auto_638px] lg:[contain-intrinsic-size:auto_382px]',
  month:
    '[contain-intrinsic-size:auto_1177px] md:[contain-intrinsic-size:auto_848px] lg:[contain-intrinsic-size:auto_455px]',
  newsfeed: '[contain-intrinsic-size:auto_372px]',
  later: '[contain-intrinsic-size:auto_1400px] md:[contain-intrinsic-size:auto_760px]',
};

// The page itself reads no query: each answer re-renders only the part that shows it, not the
// whole dashboard (a phone's main thread is the limit here, decisions/015).
export function DashboardPage() {
  const { t } = useTranslation();
  const title = t('titles.dashboard');
  useDocumentTitle(title);

  return (
    <>
      <DashboardHeading title={title} />
      <div className="space-y-4 sm:space-y-6">
        <FirstSaleWelcomeIfNew />
        <SurveyCard />
        {/* Side by side only where the code's card has room for a long code (from 1280 px). */}
        <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 xl:grid-cols-3">
          <div className="xl:col-span-2">
            <HeroMetric />
          </div>
          <CopyCodeBox />
        </div>
        <MetricGrid />
        <LinksCard />
        <ContactFormPrompt />
        {/* Below the figures: mounted when near the viewport or when the page is idle. */}
        <WhenNear
          placeholderClassName={PART_HEIGHTS.history}
          sizeClassName={PART_SIZES.history}
          testId="dashboard-later-part"
        >
          <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <SalesHistoryChart />
            </div>
            <TierProgress />
          </div>
        </WhenNear>
        <WhenNear
          placeholderClassName={PART_HEIGHTS.recent}
          sizeClassName={PART_SIZES.recent}
          testId="dashboard-later-part"
        >
          <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <RecentSales />
            </div>
            <GeographyCard />
          </div>
        </WhenNear>
        <WhenNear
          placeholderClassName={PART_HEIGHTS.month}
          sizeClassName={PART_SIZES.month}
          testId="dashboard-later-part"
        >
          <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 md:grid-cols-2 lg:grid-cols-3">
            <MonthOrders />
            <ReferralsCard />
            <RecentCashouts />
          </div>
        </WhenNear>
        {/* The carousel of docs/product/partner-portal.md#dashboard, the whole width: the latest of everything, after the
            figures, history and cash-outs it sums up, before the parts it draws from. */}
        <WhenNear
          placeholderClassName={PART_HEIGHTS.newsfeed}
          sizeClassName={PART_SIZES.newsfeed}
          testId="dashboard-later-part"
        >
          <NewsfeedWidget />
        </WhenNear>
        <WhenNear
          placeholderClassName={PART_HEIGHTS.later}
          sizeClassName={PART_SIZES.later}
          testId="dashboard-later-part"
        >
          <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 md:grid-cols-2">
            <AnnouncementsWidget />
            <ChallengesWidget />
            <PromoWidget />
            <TopPostsWidget />
          </div>
        </WhenNear>
      </div>
    </>
  );
}
