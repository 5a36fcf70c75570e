import { isPossibleSubpartnerSlug } from '../../../common/subpartners';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { findActiveSubpartner } from './repository';

export interface PublicSubpartner {
  slug: string;
  name: string;
  logo_url: string | null;
  primary_color: string;
  accent_color: string;
  welcome: { en: string; fr: string };
}

/** The branding of an active sub-partner; reserved words and unknown slugs are 404. */
export async function getPublicSubpartner(db: Db, slug: string): Promise<PublicSubpartner> {
  const normalized = slug.toLowerCase();
  if (!isPossibleSubpartnerSlug(normalized)) throw notFound();
  const row = await findActiveSubpartner(db, normalized);
  if (!row) throw notFound();
  return {
    slug: row.slug,
    name: row.name,
    logo_url: row.logo_url,
    primary_color: row.primary_color,
    accent_color: row.accent_color,
    welcome: { en: row.welcome_en, fr: row.welcome_fr },
  };
}

/** The id of an active sub-partner, for linking a partner who registered on its pages. */
export async function findSubpartnerId(db: Db, slug: string): Promise<number | undefined> {
  if (!isPossibleSubpartnerSlug(slug)) return undefined;
  return (await findActiveSubpartner(db, slug.toLowerCase()))?.id;
}
