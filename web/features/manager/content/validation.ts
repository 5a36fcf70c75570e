// The editors check a draft with the same zod schemas the server uses (common/content.ts) and say
// what is wrong at each field, in the staff member's language: the schema's own messages are
// English for the server's logs, so each issue is named here from its kind and its place.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { HASHTAG_RULES } from '../../../../common/content';

/** Messages by path within the edited body: "captions.1", "sections.0.blocks.2.items.0". */
export type FieldErrors = Record<string, string>;

const countOf = (haystack: string, needle: string) => haystack.split(needle).length - 1;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function messageOf(issue: z.core.$ZodIssue, root: unknown, t: TFunction): string {
  const last = issue.path.at(-1);
  const field = typeof last === 'number' ? issue.path.at(-2) : last;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'array'
        ? t('manager.content.errors.too_few', { count: Number(issue.minimum) })
        : t('manager.content.errors.required');
    case 'too_big':
      return t('manager.content.errors.too_many', { count: Number(issue.maximum) });
    case 'invalid_format':
      if (field === 'required_hashtags' || field === 'popular_hashtags')
        return t('manager.content.errors.hashtag_format');
      if (field === 'id') return t('manager.content.errors.anchor_format');
      if (field === 'effective_date') return t('manager.content.errors.date_format');
      return t('manager.content.errors.invalid');
    case 'custom': {
      const value = valueAt(root, issue.path);
      if (field === 'captions' && typeof value === 'string')
        return countOf(value, HASHTAG_RULES.codePlaceholder) === 1
          ? t('manager.content.errors.hashtags_up_front', { count: HASHTAG_RULES.disclosureWithin })
          : t('manager.content.errors.code_once');
      if (field === 'required_hashtags' && Array.isArray(value))
        return value.includes(HASHTAG_RULES.brand)
          ? t('manager.content.errors.disclosure_required')
          : t('manager.content.errors.brand_required');
      if (field === 'sections') return t('manager.content.errors.anchor_unique');
      return t('manager.content.errors.invalid');
    }
    default:
      return t('manager.content.errors.invalid');
  }
}

/** The first problem at each path of `value` under `schema`; empty when it passes. */
export function schemaErrors(schema: z.ZodType, value: unknown, t: TFunction): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= messageOf(issue, value, t);
  }
  return errors;
}

/** The errors below `prefix`, keyed by the rest of their path ("" for the prefix itself). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const below: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) below[''] = message;
    else if (path.startsWith(`${prefix}.`)) below[path.slice(prefix.length + 1)] = message;
  }
  return below;
}
