// A product's kit as a ZIP: its images under images/ and a plain-text file of what to post with
// them (subtitle, benefits, the ready captions with the partner's own code, hashtags), in the
// partner's language. The images are WebP, or JPEG when the partner asks (docs/product/content.md#products),
// already compressed either way: stored as they are (level 0), so the ZIP costs no CPU on them;
// only the text is deflated.
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import type { ProductDetail } from '../../../common/contracts/content';
import type { Locale } from '../../../common/i18n';
import { sayApi } from '../../i18n';
import type { ApiMessageKey } from '../../i18n';

/** The kit's own words, under `api.content.kit`. */
type KitKey = ApiMessageKey extends infer K ? (K extends `content.kit.${infer Rest}` ? Rest : never) : never;

/** The captions file: plain text with Windows line ends, so every phone and desktop editor reads it. */
export function kitCaptionsText(detail: ProductDetail, locale: Locale): string {
  const t = (key: KitKey, values: Record<string, string> = {}) =>
    sayApi(`content.kit.${key}`, locale, values);
  const lines = [
    t('title', { product: detail.name }),
    ...(detail.promo_code ? [t('code', { code: detail.promo_code })] : []),
    '',
    detail.subtitle,
    '',
    t('benefits'),
    ...detail.benefits.map((b) => `- ${b.text} (${b.ingredient})`),
    '',
    t('captions'),
    ...detail.captions.flatMap((caption, i) => [`${i + 1}. ${caption}`, '']),
    t('ideas'),
    ...detail.caption_ideas.map((idea) => `- ${idea}`),
    '',
    t('required_hashtags'),
    detail.required_hashtags.join(' '),
    '',
    t('popular_hashtags'),
    detail.popular_hashtags.join(' '),
    '',
    t('images'),
    t('reminder'),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function buildKit(
  detail: ProductDetail,
  locale: Locale,
  images: { name: string; data: Buffer }[],
): Uint8Array {
  // A fixed time for the entries: the same kit gives the same bytes.
  const mtime = new Date(detail.updated_at);
  const files: Zippable = {
    [`captions-${locale}.txt`]: [strToU8(kitCaptionsText(detail, locale)), { level: 6, mtime }],
  };
  for (const image of images)
    files[`images/${image.name}`] = [
      new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length),
      { level: 0, mtime },
    ];
  return zipSync(files);
}
