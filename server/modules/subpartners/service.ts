// White-label sub-partners (docs/product/partners-and-accounts.md#white-label-sub-partners): the public branding of `/{slug}` and of the
// account of a partner who registered there, and the back office's side (docs/product/back-office.md#partners, issue 13): the list with each one's partner count, one sub-partner,
// creation, changes of any field (the slug too: its old links then answer 404), the logo (checked
// and stored by the content module as its uploads are) and its removal. Every change is audited in
// its own transaction, before and after (docs/decisions/038-subpartners-in-the-back-office.md).
import { isPossibleSubpartnerSlug } from '../../../common/subpartners';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { Subpartner } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import type { FieldErrors } from '../../errors';
import { pageOf } from '../../plugins/paging';
import { recordAudit } from '../audit/service';
import { discardSubpartnerLogo, mediaDirs, storeSubpartnerLogo } from '../content/service';
import {
  activeSubpartnerOfPartner,
  allSubpartners,
  findActiveSubpartner,
  insertSubpartner,
  partnerCounts,
  subpartnerById,
  subpartnerBySlug,
  subpartnerPage,
  updateSubpartnerRow,
} from './repository';

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

/** What a partner's account shows of the sub-partner they registered through. */
export type PartnerBranding = Omit<PublicSubpartner, 'welcome'>;

/**
 * The branding of the signed-in partner's account: the sub-partner they registered through, while
 * it is active; null for everyone else (a deactivated sub-partner's partners see the program's own).
 */
export async function partnerBranding(db: Db, partnerId: number): Promise<PartnerBranding | null> {
  const row = await activeSubpartnerOfPartner(db, partnerId);
  return row
    ? {
        slug: row.slug,
        name: row.name,
        logo_url: row.logo_url,
        primary_color: row.primary_color,
        accent_color: row.accent_color,
      }
    : null;
}

/** The id of an active sub-partner, for linking a partner who registered on its pages. */
export async function findSubpartnerId(db: Db, slug: string): Promise<number | undefined> {
  if (!isPossibleSubpartnerSlug(slug)) return undefined;
  return (await findActiveSubpartner(db, slug.toLowerCase()))?.id;
}

// ---------------------------------------------------------------------------------------------
// For the partners in the back office (modules/partner-admin): a partner's sub-partner, the
// list's filter by slug and its choices, whether the sub-partner is active or not.

export interface SubpartnerRef {
  id: number;
  slug: string;
  name: string;
}

const refOf = (row: Subpartner | undefined): SubpartnerRef | undefined =>
  row ? { id: row.id, slug: row.slug, name: row.name } : undefined;

export async function subpartnerRefById(db: Db, id: number): Promise<SubpartnerRef | undefined> {
  return refOf(await subpartnerById(db, id));
}

export async function subpartnerRefBySlug(db: Db, slug: string): Promise<SubpartnerRef | undefined> {
  return refOf(await subpartnerBySlug(db, slug));
}

/** Every sub-partner by name, active or not. */
export async function subpartnerChoices(db: Db): Promise<{ slug: string; name: string; active: boolean }[]> {
  return (await allSubpartners(db)).map((s) => ({ slug: s.slug, name: s.name, active: s.active === 1 }));
}

// ---------------------------------------------------------------------------------------------
// The back office

export interface SubpartnerJson {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  primary_color: string;
  accent_color: string;
  welcome_en: string;
  welcome_fr: string;
  active: boolean;
  created_at: string;
  /** When it last changed: the `base_updated_at` an edit sends back. */
  updated_at: string;
  /** Partners who came through it (all of them, suspended ones too). */
  partners_count: number;
}

const stampOf = (row: Subpartner) => row.updated_at ?? row.created_at;

function toJson(row: Subpartner, partners: number): SubpartnerJson {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo_url: row.logo_url,
    primary_color: row.primary_color,
    accent_color: row.accent_color,
    welcome_en: row.welcome_en,
    welcome_fr: row.welcome_fr,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: stampOf(row),
    partners_count: partners,
  };
}

/** What the audit log keeps of a sub-partner, before and after a change. */
const snapshot = (row: Subpartner) => ({
  slug: row.slug,
  name: row.name,
  logo_url: row.logo_url,
  primary_color: row.primary_color,
  accent_color: row.accent_color,
  welcome: { en: row.welcome_en, fr: row.welcome_fr },
  active: row.active === 1,
});

/**
 * The time a change is stamped with: now, or just after the stamp it replaces when the clock has
 * not moved past it (two changes in one millisecond must still tell an older screen apart).
 */
function nextStamp(previous: string | null, now = new Date()): string {
  const at = nowIso(now);
  if (previous === null || at > previous) return at;
  return new Date(Date.parse(previous) + 1).toISOString();
}

async function withCount(db: Db, row: Subpartner): Promise<SubpartnerJson> {
  return toJson(row, (await partnerCounts(db, [row.id])).get(row.id) ?? 0);
}

export async function listSubpartners(
  db: Db,
  query: { q?: string | undefined; active?: boolean | undefined; page: number; length: number },
) {
  const { rows, total } = await subpartnerPage(db, query);
  const counts = await partnerCounts(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => toJson(r, counts.get(r.id) ?? 0)),
    query.page,
    query.length,
    total,
  );
}

export async function subpartnerDetail(db: Db, id: number): Promise<SubpartnerJson> {
  const row = await subpartnerById(db, id);
  if (!row) throw new AppError(404, 'subpartners.not_found');
  return withCount(db, row);
}

/** The fields staff write, as the route's schema has checked and normalized them (trimmed, lower-case slug and colours). */
export interface SubpartnerFields {
  slug: string;
  name: string;
  primary_color: string;
  accent_color: string;
  welcome_en: string;
  welcome_fr: string;
  active: boolean;
}

const slugTaken = () => invalid({ slug: ['subpartners.slug_taken'] });

/** Both languages or neither: a welcome French partners would not read (or the reverse) is refused. */
function welcomePairErrors(fields: Pick<SubpartnerFields, 'welcome_en' | 'welcome_fr'>): FieldErrors {
  if (fields.welcome_en && !fields.welcome_fr) return { welcome_fr: ['subpartners.welcome_pair'] };
  if (fields.welcome_fr && !fields.welcome_en) return { welcome_en: ['subpartners.welcome_pair'] };
  return {};
}

/** The slug's owner, when it is another sub-partner than `self`. */
async function slugOwner(db: Db, slug: string, self?: number): Promise<Subpartner | undefined> {
  const owner = await subpartnerBySlug(db, slug);
  return owner && owner.id !== self ? owner : undefined;
}

/**
 * A new sub-partner (no logo yet: it is uploaded to the sub-partner once it exists). A slug
 * already taken is a 422 on the field, also when two creations race for it: the unique index
 * decides, and the loser hears why.
 */
export async function createSubpartner(
  db: Db,
  staffId: number,
  fields: SubpartnerFields,
): Promise<SubpartnerJson> {
  const errors = welcomePairErrors(fields);
  if (!errors.slug && (await slugOwner(db, fields.slug))) errors.slug = ['subpartners.slug_taken'];
  if (Object.keys(errors).length) throw invalid(errors);
  const at = nowIso();
  try {
    const row = await retryOnConflict(() =>
      db.transaction().execute(async (trx) => {
        const created = await insertSubpartner(trx, {
          slug: fields.slug,
          name: fields.name,
          primary_color: fields.primary_color,
          accent_color: fields.accent_color,
          welcome_en: fields.welcome_en,
          welcome_fr: fields.welcome_fr,
          active: fields.active ? 1 : 0,
          created_at: at,
          updated_at: at,
        });
        await recordAudit(
          trx,
          {
            staffId,
            action: 'subpartner.create',
            entity: 'subpartner',
            entityId: created.id,
            after: snapshot(created),
          },
          at,
        );
        return created;
      }),
    );
    return toJson(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export type SubpartnerChanges = Partial<SubpartnerFields> & {
  /** The `updated_at` the screen showed: a sub-partner changed since is a 409, not overwritten. */
  base_updated_at?: string | undefined;
};

const FIELDS = [
  'slug',
  'name',
  'primary_color',
  'accent_color',
  'welcome_en',
  'welcome_fr',
  'active',
] as const;
const ATTEMPTS = 5;

/**
 * Changes any of a sub-partner's fields. A slug change takes effect at once: `/{old}` and its
 * pages answer 404 from then on (decisions/038). Changing only `active` is audited as a
 * deactivation or reactivation; a change that changes nothing writes nothing.
 */
export async function updateSubpartner(
  db: Db,
  staffId: number,
  id: number,
  changes: SubpartnerChanges,
): Promise<SubpartnerJson> {
  if (!FIELDS.some((field) => changes[field] !== undefined))
    throw new AppError(422, 'subpartners.nothing_to_change');
  const base = changes.base_updated_at;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let outcome: Subpartner | 'moved';
    try {
      outcome = await retryOnConflict(() =>
        db.transaction().execute(async (trx): Promise<Subpartner | 'moved'> => {
          const before = await subpartnerById(trx, id);
          if (!before) throw new AppError(404, 'subpartners.not_found');
          if (base !== undefined && base !== stampOf(before)) throw new AppError(409, 'subpartners.stale');
          const next = {
            slug: changes.slug ?? before.slug,
            name: changes.name ?? before.name,
            primary_color: changes.primary_color ?? before.primary_color,
            accent_color: changes.accent_color ?? before.accent_color,
            welcome_en: changes.welcome_en ?? before.welcome_en,
            welcome_fr: changes.welcome_fr ?? before.welcome_fr,
            active: changes.active === undefined ? before.active : changes.active ? 1 : 0,
          };
          const errors = welcomePairErrors(next);
          if (next.slug !== before.slug && (await slugOwner(trx, next.slug, id)))
            errors.slug = ['subpartners.slug_taken'];
          if (Object.keys(errors).length) throw invalid(errors);
          const changed = Object.fromEntries(
            Object.entries(next).filter(([key, value]) => before[key as keyof typeof next] !== value),
          );
          if (Object.keys(changed).length === 0) return before;
          const at = nextStamp(before.updated_at);
          const after = await updateSubpartnerRow(trx, id, before.updated_at, { ...changed, updated_at: at });
          // Another change landed between the read and this write (PostgreSQL, several nodes).
          if (!after) return 'moved';
          const onlyActive = Object.keys(changed).length === 1 && 'active' in changed;
          const action = onlyActive
            ? after.active === 1
              ? 'subpartner.reactivate'
              : 'subpartner.deactivate'
            : 'subpartner.update';
          await recordAudit(
            trx,
            {
              staffId,
              action,
              entity: 'subpartner',
              entityId: id,
              before: snapshot(before),
              after: snapshot(after),
            },
            at,
          );
          return after;
        }),
      );
    } catch (error) {
      // Two sub-partners renamed to one slug at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    if (outcome !== 'moved') return withCount(db, outcome);
    // The screen's version is gone: say so rather than apply the change over the newer one.
    if (base !== undefined) throw new AppError(409, 'subpartners.stale');
  }
  throw new Error(`sub-partner ${id} kept changing`);
}

/**
 * Stores the logo (checked, re-encoded, fit inside 512 × 512: content's storeSubpartnerLogo) and
 * makes it the sub-partner's; the logo it replaces is removed after the commit. A refused image
 * is a 422 and changes nothing.
 */
export async function setSubpartnerLogo(
  ctx: AppContext,
  staffId: number,
  id: number,
  bytes: Buffer,
): Promise<SubpartnerJson> {
  // An unknown sub-partner stops here, before anything is stored.
  if (!(await subpartnerById(ctx.db, id))) throw new AppError(404, 'subpartners.not_found');
  const dirs = mediaDirs(ctx.config.dataDir);
  const url = await storeSubpartnerLogo(ctx.db, dirs, `subpartner-${id}`, bytes);
  try {
    return await replaceLogoAudited(ctx, staffId, id, url);
  } catch (error) {
    // Not kept when it could not be set (unless another request set the same logo meanwhile).
    if ((await subpartnerById(ctx.db, id).catch(() => undefined))?.logo_url !== url) {
      await discardSubpartnerLogo(ctx.db, dirs, url).catch(() => undefined);
    }
    throw error;
  }
}

/** Back to no logo: the sign-in page shows the name's initial on the primary colour. */
export async function removeSubpartnerLogo(
  ctx: AppContext,
  staffId: number,
  id: number,
): Promise<SubpartnerJson> {
  return replaceLogoAudited(ctx, staffId, id, null);
}

/**
 * Sets `logo_url` by a conditional update from the row just read (read again when another change
 * came first), with its audit line in the same transaction: each change knows the exact logo it
 * replaced and removes it once committed. Logo names carry their sub-partner (see
 * logoMediaName), so no one else shows it.
 */
async function replaceLogoAudited(
  ctx: AppContext,
  staffId: number,
  id: number,
  to: string | null,
): Promise<SubpartnerJson> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await subpartnerById(ctx.db, id);
    if (!before) throw new AppError(404, 'subpartners.not_found');
    const from = before.logo_url;
    if (from === to) return withCount(ctx.db, before);
    const at = nextStamp(before.updated_at);
    const after = await retryOnConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        const changed = await updateSubpartnerRow(trx, id, before.updated_at, {
          logo_url: to,
          updated_at: at,
        });
        if (!changed) return undefined;
        const action = to === null ? 'subpartner.logo_remove' : 'subpartner.logo';
        await recordAudit(
          trx,
          {
            staffId,
            action,
            entity: 'subpartner',
            entityId: id,
            before: snapshot(before),
            after: snapshot(changed),
          },
          at,
        );
        return changed;
      }),
    );
    if (after) {
      // After the commit: a failure here leaves a file nobody shows, never a sub-partner without its logo.
      if (from) await discardSubpartnerLogo(ctx.db, mediaDirs(ctx.config.dataDir), from);
      return withCount(ctx.db, after);
    }
  }
  throw new Error(`the logo of sub-partner ${id} kept changing`);
}
