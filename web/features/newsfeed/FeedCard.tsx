// One newsfeed item as a card, by kind: a sale (its product, what it earned on what order, where
// it shipped), a badge (its medal, headline and text), a promo (its artwork, headline and text) or
// an announcement (headline and text). The dashboard's carousel shows it compact, with long texts
// clamped; the full page roomier, with the whole text. Its words are the dashboard's (the core
// catalog): the carousel shows them before any other part of the catalog is in.
import { useTranslation } from 'react-i18next';
import { BADGES } from '../../../common/badges';
import { useCatalogPart } from '../../lib/use-catalog-part';
import { BadgeArt } from '../../components/BadgeArt';
import { orderLabel, useFormatters } from '../../lib/format';
import { Glyph, type GlyphName } from '../../components/glyphs';
import { calendarDate, localDayKey, relativeTime, timeOfDay } from './feed-time';
import type { FeedItem, FeedKind } from './newsfeed-api';
import { StatusBadge } from '../../components/status';
import type { SaleRow } from '../../lib/sales-data';

export type FeedCardLayout = 'carousel' | 'timeline';

/** Each kind's sign and colour: its chip on every card (the timeline's dots take the sign). */
export const KIND_LOOK: Record<FeedKind, { icon: GlyphName; tone: string }> = {
  sale: {
    icon: 'receipt',
    tone: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-400/10 dark:text-emerald-300',
  },
  badge: { icon: 'trophy', tone: 'bg-amber-50 text-amber-800 dark:bg-amber-400/10 dark:text-amber-300' },
  promotion: { icon: 'gift', tone: 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200' },
  announcement: { icon: 'megaphone', tone: 'bg-sky-50 text-sky-800 dark:bg-sky-400/10 dark:text-sky-300' },
};

function KindChip({ kind }: { kind: FeedKind }) {
  const { t } = useTranslation();
  const look = KIND_LOOK[kind];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${look.tone}`}
    >
      <Glyph name={look.icon} width={14} height={14} />
      {t(`dashboard.newsfeed.kinds.${kind}`)}
    </span>
  );
}

/**
 * When it happened. The carousel: "3 hours ago" within the week, the date beyond it. The
 * timeline, whose day headings give the date: "3 hours ago" today, the time of day before. A
 * promo starts on a day, not at an hour (the API dates it at that day's midnight UTC): its date in
 * the carousel, nothing in the timeline (its day heading).
 */
function When({ item, now, layout }: { item: FeedItem; now: number; layout: FeedCardLayout }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const iso = item.date;
  const date = f.date(iso);
  if (item.kind === 'promotion') {
    // Its start date, as staff set it; the timeline's day heading already says it.
    if (layout === 'timeline') return null;
    const day = calendarDate(item, f.locale);
    return (
      <time dateTime={iso.slice(0, 10)} className="shrink-0 text-xs text-stone-500 dark:text-stone-400">
        {day}
      </time>
    );
  }
  let text = relativeTime(iso, t, now);
  if (layout === 'timeline' && localDayKey(iso) !== localDayKey(new Date(now).toISOString()))
    text = timeOfDay(iso, f.locale);
  return (
    <time dateTime={iso} title={date} className="shrink-0 text-xs text-stone-500 dark:text-stone-400">
      {text ?? date}
    </time>
  );
}

/**
 * A shipping country's name in the interface language ("US" → "United States", "États-Unis"), by
 * the catalog's words, not Intl.DisplayNames: the first Intl object of a visit loads the locale's
 * data, one long task of 100–190 ms at Lighthouse's fourfold slowdown on the dashboard
 * (docs/performance.md). The brand's home markets, most sales, are the dashboard's own words (its
 * geography card names them); any other country's name is in the engagement part of the catalog,
 * which the feed asks for (its badge medals need it too) and shows once it is in. A code the
 * catalog does not know shows as the store sent it.
 */
function CountryName({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const upper = code.toUpperCase();
  const home = upper === 'US' || upper === 'CA';
  const ready = useCatalogPart('engagement', 'engagement.countries.FR', !home);
  if (upper === 'US') return t('dashboard.geo.US');
  if (upper === 'CA') return t('dashboard.geo.CA');
  if (!ready) return null;
  const key = `engagement.countries.${upper}`;
  return i18n.exists(key) ? t(key as 'engagement.countries.FR') : code;
}

/**
 * The medal of a badge. Its thousands mark ("$1K", "1 k$") is a word of the engagement part of
 * the catalog, which the dashboard does not load: it is asked for here, and the medal is drawn
 * once it is in (the full page then opens with its words already there).
 */
function FeedBadgeArt({ badge, size }: { badge: string | null; size: number }) {
  const rule = BADGES.find((candidate) => candidate.id === badge);
  // Drawn without the part if it cannot come: a medal with its mark missing beats none.
  const ready = useCatalogPart('engagement', 'engagement.badges_page.mark_thousands', Boolean(rule));
  if (!rule)
    // A badge this version does not know (a newer server): the kind's sign instead of a medal.
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className={`inline-flex shrink-0 items-center justify-center rounded-full ${KIND_LOOK.badge.tone}`}
      >
        <Glyph name="trophy" width={size / 2} height={size / 2} />
      </span>
    );
  if (!ready)
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: (size * 72) / 64 }}
        className="shrink-0 animate-pulse rounded-full bg-stone-100 dark:bg-stone-800"
      />
    );
  return <BadgeArt id={rule.id} metric={rule.metric} earned size={size} />;
}

function SaleContent({ sale, layout }: { sale: SaleRow; layout: FeedCardLayout }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const roomy = layout === 'timeline';
  return (
    <>
      <h3 className={`font-semibold ${roomy ? 'text-base' : 'line-clamp-2 text-sm'}`}>{sale.product}</h3>
      <p className="flex flex-wrap items-baseline gap-x-1.5" data-testid="newsfeed-sale-earned">
        <span
          // Green for money earned; a sale that earns nothing (rejected, refunded) in plain grey.
          className={`font-bold tracking-tight tabular-nums ${sale.commission > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-stone-500 dark:text-stone-400'} ${roomy ? 'text-3xl' : 'text-2xl'}`}
        >
          {sale.commission > 0 ? '+' : ''}
          {f.money(sale.commission)}
        </span>{' '}
        <span className="text-sm text-muted">
          {t('dashboard.newsfeed.sale_earned', { amount: f.money(sale.order_amount) })}
        </span>
      </p>
      {roomy && sale.adjustment ? (
        <p className="text-xs text-stone-500 dark:text-stone-400">
          {t('sales.adjustment_note', { amount: f.money(sale.adjustment) })}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 pt-1 text-xs text-stone-500 dark:text-stone-400">
        <span className="flex min-w-0 items-center gap-1">
          {roomy ? <span className="tabular-nums">{orderLabel(sale.order_number)}</span> : null}
          {roomy && sale.country ? <span aria-hidden="true">·</span> : null}
          {sale.country ? (
            <span className="truncate">
              <CountryName code={sale.country} />
            </span>
          ) : null}
        </span>
        {sale.status ? <StatusBadge status={sale.status} label={sale.status_label} /> : null}
      </div>
    </>
  );
}

/** The text of an announcement, badge or promo: clamped in the carousel, whole on the page. */
function Body({ text, layout, lines }: { text: string | null; layout: FeedCardLayout; lines: string }) {
  if (!text) return null;
  return (
    <p className={`text-sm whitespace-pre-line text-muted ${layout === 'carousel' ? lines : ''}`}>{text}</p>
  );
}

function MessageContent({ item, layout }: { item: FeedItem; layout: FeedCardLayout }) {
  const { t } = useTranslation();
  const roomy = layout === 'timeline';
  const title = item.title ?? t(`dashboard.newsfeed.kinds.${item.kind}`);
  const heading = <h3 className={`font-semibold ${roomy ? 'text-base' : 'text-sm'}`}>{title}</h3>;

  if (item.kind === 'badge')
    return (
      <div className="flex items-start gap-3">
        <FeedBadgeArt badge={item.badge} size={roomy ? 64 : 48} />
        <div className="min-w-0 space-y-1">
          {heading}
          <Body text={item.body} layout={layout} lines="line-clamp-3" />
        </div>
      </div>
    );

  if (item.kind === 'promotion') {
    const image = item.image_url ? (
      <img
        src={`${item.image_url}?w=480`}
        alt=""
        width={480}
        height={480}
        loading="lazy"
        className={`shrink-0 rounded-xl bg-stone-100 object-cover dark:bg-stone-800 ${roomy ? 'h-44 w-full sm:h-36 sm:w-36' : 'h-28 w-full'}`}
      />
    ) : null;
    if (roomy)
      return (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {image}
          <div className="min-w-0 space-y-1">
            {heading}
            <Body text={item.body} layout={layout} lines="" />
          </div>
        </div>
      );
    return (
      <>
        {image}
        {heading}
        <Body text={item.body} layout={layout} lines={image ? 'line-clamp-2' : 'line-clamp-4'} />
      </>
    );
  }

  return (
    <>
      {heading}
      <Body text={item.body} layout={layout} lines="line-clamp-4" />
    </>
  );
}

/** One item: its kind and when on top, then what it says. */
export function FeedCard({
  item,
  layout,
  now,
  fresh = false,
}: {
  item: FeedItem;
  layout: FeedCardLayout;
  now: number;
  /** Just arrived (a push): ringed and slid in, in the carousel and the timeline alike. */
  fresh?: boolean;
}) {
  return (
    <article
      className={`flex h-full flex-col gap-2.5 ${layout === 'carousel' ? 'rounded-xl border border-stone-200 bg-stone-50/70 p-4 dark:border-stone-800 dark:bg-stone-950/40' : 'card p-4 sm:p-5'} ${fresh ? 'ring-2 ring-brand-500/60 motion-safe:animate-slide-in' : ''}`}
    >
      <div className="flex items-center justify-between gap-2">
        {/* The timeline's dot already shows the kind on a wide screen; the chip says it in words. */}
        <KindChip kind={item.kind} />
        <When item={item} now={now} layout={layout} />
      </div>
      {item.kind === 'sale' && item.sale ? (
        <SaleContent sale={item.sale} layout={layout} />
      ) : (
        <MessageContent item={item} layout={layout} />
      )}
    </article>
  );
}
