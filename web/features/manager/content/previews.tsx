// The staff's preview of a text as partners will see it: the partner pages' own components
// (ProductContentView, PageDocumentView, lib/partner-views.ts) drawn inside a frame as wide as a phone or a desktop.
// A frame, because those components lay out by the screen's width (media queries): inside a
// 390 px frame they take the phone layout whatever the staff member's screen is. The frame is
// scaled down when the pane is narrower than the width it shows.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  HASHTAG_RULES,
  type PageContent,
  type PageSlug,
  type ProductContent,
} from '../../../../common/content';
import type { ProductDetail } from '../../../../common/contracts/content';
import { useTheme } from '../../../lib/theme';
import { partnerViews } from '../../../lib/partner-views';
import { useEntry } from '../content-api';

/** Stands for the partner's own promo code in the preview and the caption check. */
export const SAMPLE_CODE = 'YOURCODE';

const DEVICES = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof DEVICES;

/** Copies the app's stylesheets into the frame's document, once. */
function dressFrame(doc: Document) {
  if (doc.head.querySelector('[data-preview-styles]')) return;
  const marker = doc.createElement('meta');
  marker.setAttribute('data-preview-styles', '');
  doc.head.append(marker);
  for (const node of document.querySelectorAll('link[rel="stylesheet"], style'))
    doc.head.append(node.cloneNode(true));
}

export function PreviewFrame({
  title,
  lang,
  children,
  testId,
}: {
  title: string;
  lang: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [theme] = useTheme();
  const [device, setDevice] = useState<Device>('phone');
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(480);
  const [paneWidth, setPaneWidth] = useState(0);
  const pane = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLElement>(null);

  // Some browsers replace a new frame's first document once it loads: adopt whichever is there.
  const adopt = useCallback((frame: HTMLIFrameElement | null) => {
    const doc = frame?.contentDocument;
    if (!doc?.body) return;
    dressFrame(doc);
    setBody((current) => (current === doc.body ? current : doc.body));
  }, []);

  useEffect(() => {
    if (!body) return;
    const root = body.ownerDocument.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.setProperty('color-scheme', theme);
    root.setAttribute('lang', lang);
  }, [body, theme, lang]);

  useEffect(() => {
    const node = pane.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setPaneWidth(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const node = content.current;
    if (!body || !node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.ceil(node.getBoundingClientRect().height)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [body]);

  const width = DEVICES[device];
  const scale = paneWidth > 0 ? Math.min(1, paneWidth / width) : 1;
  return (
    <div data-testid={testId}>
      <div
        className="mb-3 flex justify-end"
        role="group"
        aria-label={t('manager.content.preview.width_label')}
      >
        <div className="inline-flex rounded-full border border-stone-200 bg-stone-50 p-0.5 dark:border-stone-800 dark:bg-stone-950">
          {(Object.keys(DEVICES) as Device[]).map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={device === each}
              onClick={() => setDevice(each)}
              className={`min-h-8 rounded-full px-3 text-xs font-semibold transition-colors ${
                device === each
                  ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-800 dark:text-white'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
              }`}
              data-testid={`preview-${each}`}
            >
              {t(`manager.content.preview.${each}`)}
            </button>
          ))}
        </div>
      </div>
      <div ref={pane} className="w-full overflow-hidden">
        <div
          className="mx-auto overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800"
          style={{ width: width * scale, height: height * scale }}
        >
          <iframe
            ref={adopt}
            onLoad={(event) => adopt(event.currentTarget)}
            title={title}
            className="block origin-top-left border-0 bg-stone-50 dark:bg-stone-950"
            style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined }}
            data-testid={testId ? `${testId}-frame` : undefined}
          />
        </div>
      </div>
      {body
        ? createPortal(
            // An article, so a header the view draws is the preview's own, not a second banner
            // beside the back office's.
            <article ref={content} className="p-4 sm:p-6" lang={lang} aria-label={title}>
              {children}
            </article>,
            body,
          )
        : null}
    </div>
  );
}

/** The product's picture in the preview: the artwork partners see, named in the text's entry. */
function useProductImage(code: string, lang: string): string {
  const entry = useEntry('products', code, lang === 'fr' ? 'fr' : 'en');
  const image = entry.data?.image_url;
  if (image) return image;
  // Not known (yet): a plain tile. The fragment keeps the view's "?w=" out of the image's data.
  return `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fed7aa"/></svg>',
  )}#`;
}

export function ProductPreview({ code, body, lang }: { code: string; body: ProductContent; lang: string }) {
  const { t } = useTranslation();
  const image = useProductImage(code, lang);
  const { ProductContentView } = partnerViews();
  const detail: ProductDetail = {
    code,
    name: body.name,
    image_url: image,
    subtitle: body.subtitle,
    benefits: body.benefits,
    caption_ideas: body.caption_ideas,
    captions: body.captions.map((caption) => caption.split(HASHTAG_RULES.codePlaceholder).join(SAMPLE_CODE)),
    required_hashtags: body.required_hashtags,
    popular_hashtags: body.popular_hashtags,
    kit_url: '',
    promo_code: SAMPLE_CODE,
    updated_at: '',
  };
  return (
    <PreviewFrame title={t('manager.content.preview.frame_title', { name: body.name })} lang={lang}>
      <ProductContentView detail={detail} preview />
    </PreviewFrame>
  );
}

export function PagePreview({ slug, body, lang }: { slug: PageSlug; body: PageContent; lang: string }) {
  const { t } = useTranslation();
  const { PageDocumentView } = partnerViews();
  // A draft may hold a new section without its anchor yet: the view keys sections by anchor.
  const seen = new Set<string>();
  const page: PageContent = {
    ...body,
    sections: body.sections.map((section, index) => {
      const id = section.id && !seen.has(section.id) ? section.id : `draft-section-${index + 1}`;
      seen.add(id);
      return { ...section, id };
    }),
  };
  return (
    <PreviewFrame title={t('manager.content.preview.frame_title', { name: body.title })} lang={lang}>
      <PageDocumentView page={page} slug={slug} heading />
    </PreviewFrame>
  );
}
