// A product's talking points (docs/product/content.md#products): its artwork and subtitle, the benefits each tied to
// its ingredient, caption ideas, ready captions with the partner's code written in and a copy
// and a share button each (shared with the short link, in one text), the hashtags as copyable
// sets and the kit download. The staff's preview in the back office shows the same view
// (`preview`: their own words, no download, no share).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '../../../common/contracts/content';
import { Icon, type IconName } from '../../components/icons';
import { useKitDownload } from './content-api';
import { HERO_CLASS, HERO_FRAME_CLASS, ProductArtwork } from './first-screen/product-layout';
import { CopyButton } from './CopyButton';
import { ShareButton } from '../../components/share-button';

export interface ProductContentViewProps {
  detail: ProductDetail;
  /** The staff's preview: the name as a heading of its own, and no kit download nor share. */
  preview?: boolean;
  /**
   * The partner's short link, which a caption is shared with in one text: null when they have
   * none, undefined while the profile loads (Share waits for it).
   */
  shortUrl?: string | null;
}

export function ProductContentView({ detail, preview = false, shortUrl }: ProductContentViewProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6 sm:space-y-8" data-testid="product-content">
      <ProductHero detail={detail} preview={preview} />

      <Panel
        id="benefits"
        icon="leaf"
        title={t('content.product.benefits')}
        lead={t('content.product.benefits_lead')}
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {detail.benefits.map((benefit, index) => (
            <li
              key={index}
              className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50/60 p-4 dark:border-stone-800 dark:bg-stone-800/40"
              data-testid="benefit"
            >
              <p className="font-medium text-stone-900 dark:text-stone-100">{benefit.text}</p>
              <p className="mt-auto inline-flex items-center gap-1.5 self-start rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30">
                <Icon name="leaf" width={14} height={14} />
                <span className="sr-only">{t('content.product.ingredient')}: </span>
                {benefit.ingredient}
              </p>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel
        id="ideas"
        icon="sparkle"
        title={t('content.product.ideas')}
        lead={t('content.product.ideas_lead')}
      >
        <ol className="grid gap-3 md:grid-cols-2">
          {detail.caption_ideas.map((idea, index) => (
            <li key={index} className="flex gap-3">
              <span
                aria-hidden="true"
                className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 dark:bg-brand-400/15 dark:text-brand-200"
              >
                {index + 1}
              </span>
              <p className="pt-0.5 text-stone-700 dark:text-stone-300">{idea}</p>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel
        id="captions"
        icon="pen"
        title={t('content.product.captions')}
        lead={t('content.product.captions_lead')}
      >
        <ul className="grid gap-4 lg:grid-cols-2">
          {detail.captions.map((caption, index) => (
            <li
              key={index}
              className="flex flex-col rounded-xl border border-stone-200 p-4 sm:p-5 dark:border-stone-800"
              data-testid="caption"
            >
              <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
                {t('content.product.caption_n', { n: index + 1 })}
              </p>
              <p className="mt-2 flex-1 leading-relaxed whitespace-pre-line text-stone-800 [overflow-wrap:anywhere] dark:text-stone-200">
                <WithCode text={caption} code={detail.promo_code} />
              </p>
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                <CopyButton
                  text={caption}
                  label={t('content.product.copy_caption', { n: index + 1 })}
                  testId={`copy-caption-${index + 1}`}
                />
                {preview ? null : (
                  <ShareButton
                    data={{ text: caption, url: shortUrl ?? undefined }}
                    label={t('content.product.share_caption', { n: index + 1 })}
                    testId={`share-caption-${index + 1}`}
                    disabled={shortUrl === undefined}
                    className="min-h-10 py-2"
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel id="hashtags" icon="megaphone" title={t('content.product.hashtags')}>
        <div className="grid gap-4 md:grid-cols-2">
          <HashtagSet
            title={t('content.product.required')}
            note={t('content.product.required_note')}
            tags={detail.required_hashtags}
            copyLabel={t('content.product.copy_required')}
            tone="brand"
            testId="required-hashtags"
          />
          <HashtagSet
            title={t('content.product.popular')}
            tags={detail.popular_hashtags}
            copyLabel={t('content.product.copy_popular')}
            tone="neutral"
            testId="popular-hashtags"
          />
        </div>
      </Panel>
    </div>
  );
}

function ProductHero({ detail, preview }: { detail: ProductDetail; preview: boolean }) {
  const { t } = useTranslation();
  const kit = useKitDownload();
  return (
    <section aria-label={detail.name} className={HERO_CLASS} data-testid="product-hero">
      <div className={HERO_FRAME_CLASS}>
        <ProductArtwork
          imageUrl={detail.image_url}
          alt={t('content.product.artwork_alt', { name: detail.name })}
          data-testid="product-artwork"
        />
      </div>
      <div className="flex flex-col gap-5 p-5 sm:p-6 lg:p-8">
        <div>
          {preview ? <h2 className="mb-2 text-2xl font-bold tracking-tight">{detail.name}</h2> : null}
          <p
            className="text-lg leading-snug text-stone-800 sm:text-xl dark:text-stone-200"
            data-testid="product-subtitle"
          >
            {detail.subtitle}
          </p>
        </div>
        {detail.promo_code ? (
          <div className="rounded-xl border border-dashed border-brand-300 bg-brand-50/60 p-3 pl-4 dark:border-brand-800 dark:bg-brand-950/40">
            <p className="text-xs font-medium text-muted">{t('content.product.your_code')}</p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <code
                className="font-mono text-xl font-bold tracking-wider text-brand-800 dark:text-brand-200"
                data-testid="product-code"
              >
                {detail.promo_code}
              </code>
              <span className="text-sm text-muted">{t('content.product.code_note')}</span>
            </div>
          </div>
        ) : null}
        {preview ? null : (
          <div className="mt-auto flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="btn-primary shrink-0 self-start whitespace-nowrap"
                onClick={() => kit.mutate({ detail, format: 'webp' })}
                disabled={kit.isPending}
                aria-describedby="kit-contents"
                data-testid="download-kit"
              >
                <Icon name="download" width={18} height={18} />
                {kit.isPending && kit.variables.format === 'webp'
                  ? t('content.kit.preparing')
                  : t('content.kit.download')}
              </button>
              <button
                type="button"
                className="btn-secondary shrink-0 self-start whitespace-nowrap"
                onClick={() => kit.mutate({ detail, format: 'jpeg' })}
                disabled={kit.isPending}
                aria-describedby="kit-contents"
                data-testid="download-kit-jpeg"
              >
                <Icon name="download" width={18} height={18} />
                {kit.isPending && kit.variables.format === 'jpeg'
                  ? t('content.kit.preparing')
                  : t('content.kit.download_jpeg')}
              </button>
            </div>
            <p id="kit-contents" className="text-sm text-muted">
              {t('content.kit.contents')} {t('content.kit.formats')}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

function Panel({
  id,
  icon,
  title,
  lead,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  const headingId = `product-${id}`;
  return (
    <section aria-labelledby={headingId} className="card p-5 sm:p-6">
      <div className="mb-4 flex items-start gap-3">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name={icon} width={18} height={18} />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {lead ? <p className="mt-0.5 text-sm text-muted">{lead}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/** The caption with the partner's code marked, so they see it is theirs. */
function WithCode({ text, code }: { text: string; code: string }) {
  if (!code) return <>{text}</>;
  const parts = text.split(code);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? (
            <mark
              className="rounded bg-brand-100 px-1 font-mono font-semibold text-brand-900 dark:bg-brand-400/20 dark:text-brand-100"
              data-testid="caption-code"
            >
              {code}
            </mark>
          ) : null}
        </span>
      ))}
    </>
  );
}

function HashtagSet({
  title,
  note,
  tags,
  copyLabel,
  tone,
  testId,
}: {
  title: string;
  note?: string;
  tags: readonly string[];
  copyLabel: string;
  tone: 'brand' | 'neutral';
  testId: string;
}) {
  const { t } = useTranslation();
  const chip =
    tone === 'brand'
      ? 'bg-brand-50 text-brand-800 ring-brand-600/25 dark:bg-brand-400/10 dark:text-brand-200 dark:ring-brand-400/30'
      : 'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40';
  return (
    <div
      className="flex flex-col rounded-xl border border-stone-200 p-4 dark:border-stone-800"
      data-testid={testId}
    >
      <h3 className="font-semibold">{title}</h3>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
      <ul className="mt-3 flex flex-1 flex-wrap content-start gap-2">
        {tags.map((tag) => (
          <li key={tag} className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${chip}`}>
            {tag}
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <CopyButton text={tags.join(' ')} label={copyLabel}>
          {t('content.product.copy_all')}
        </CopyButton>
      </div>
    </div>
  );
}
