// The sub-partner form's rules, said before anything is sent (common/subpartners.ts, the same as
// the server's): the slug's format and the portal's own words, colours as #rrggbb, the name and
// the welcomes' lengths, a welcome in both languages or neither; what a change sends (only the
// fields that differ); a slug suggested from the name; the contrast of the initial's tile.
import { HEX_COLOUR_PATTERN, SUBPARTNER_LIMITS, subpartnerSlugProblem } from '../../../../common/subpartners';
import type { FieldErrors } from '../../../lib/forms';
import type { Subpartner, SubpartnerFields } from './subpartners-api';

export type FormValues = SubpartnerFields;

/** A new sub-partner starts in the colours the sign-in page falls back to. */
export const NEW_VALUES: FormValues = {
  slug: '',
  name: '',
  primary_color: '#c2410c',
  accent_color: '#fbbf24',
  welcome_en: '',
  welcome_fr: '',
  active: true,
};

export const valuesOf = (row: Subpartner): FormValues => ({
  slug: row.slug,
  name: row.name,
  primary_color: row.primary_color,
  accent_color: row.accent_color,
  welcome_en: row.welcome_en,
  welcome_fr: row.welcome_fr,
  active: row.active,
});

/** The values as the server keeps them: trimmed, the slug and the colours lower-case. */
export function normalized(values: FormValues): FormValues {
  return {
    slug: values.slug.trim().toLowerCase(),
    name: values.name.trim(),
    primary_color: values.primary_color.trim().toLowerCase(),
    accent_color: values.accent_color.trim().toLowerCase(),
    welcome_en: values.welcome_en.trim(),
    welcome_fr: values.welcome_fr.trim(),
    active: values.active,
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Every problem of the form, by field, in the interface's language (none: an empty object). */
export function formErrors(values: FormValues, t: Translate): FieldErrors {
  const v = normalized(values);
  const errors: FieldErrors = {};
  const slug = subpartnerSlugProblem(v.slug);
  if (slug === 'required') errors.slug = t('validation.required');
  else if (slug) errors.slug = t(`manager.subpartners.errors.slug_${slug}`);
  if (!v.name) errors.name = t('validation.required');
  else if (v.name.length > SUBPARTNER_LIMITS.nameMax)
    errors.name = t('validation.max', { n: SUBPARTNER_LIMITS.nameMax });
  for (const field of ['primary_color', 'accent_color'] as const) {
    if (!v[field]) errors[field] = t('validation.required');
    else if (!HEX_COLOUR_PATTERN.test(v[field]))
      errors[field] = t('manager.subpartners.errors.colour_format');
  }
  for (const field of ['welcome_en', 'welcome_fr'] as const) {
    if (v[field].length > SUBPARTNER_LIMITS.welcomeMax)
      errors[field] = t('validation.max', { n: SUBPARTNER_LIMITS.welcomeMax });
  }
  if (!errors.welcome_en && !errors.welcome_fr) {
    if (v.welcome_en && !v.welcome_fr) errors.welcome_fr = t('manager.subpartners.errors.welcome_pair');
    if (v.welcome_fr && !v.welcome_en) errors.welcome_en = t('manager.subpartners.errors.welcome_pair');
  }
  return errors;
}

/** The fields that differ from what is saved, as the server would keep them. */
export function changesOf(saved: FormValues, values: FormValues): Partial<FormValues> {
  const now = normalized(values);
  const before = normalized(saved);
  return Object.fromEntries(
    (Object.keys(now) as (keyof FormValues)[])
      .filter((key) => now[key] !== before[key])
      .map((key) => [key, now[key]]),
  ) as Partial<FormValues>;
}

/** A slug from a name: "Éclat & Co." → "eclat-co" (accents dropped, anything else a hyphen). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SUBPARTNER_LIMITS.slugMax)
    .replace(/-+$/, '');
}

/** The contrast of white text on a colour (WCAG): the initial on the primary colour is white. */
export function contrastWithWhite(hex: string): number | null {
  if (!HEX_COLOUR_PATTERN.test(hex.trim())) return null;
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.trim().slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** Large text (the initial) needs 3:1 to be read (WCAG AA). */
export const READABLE_CONTRAST = 3;
