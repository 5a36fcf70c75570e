// Monthly promos (docs/product/engagement.md#monthly-promos): staff write them (title, text, a product's artwork as the image,
// dates) in one or both languages; a partner sees those running today in their language.
import { localDay } from '../../../common/calendar';
import { isProductCode } from '../../../common/products';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { invalid, notFound } from '../../errors';
import { sayKey } from '../../i18n';
import { versionFor, writtenContent, type BilingualContent } from '../../plugins/bilingual';
import { pageOf } from '../../plugins/paging';
import { recordAudit } from '../audit/service';
import { productImageUrls } from '../content/service';
import { programTimeZone } from '../ledger/service';
import { requireSomeText } from '../notifications/service';
import {
  countPromotions,
  deletePromotion,
  findPromotion,
  insertPromotion,
  promotionRows,
  runningPromotions,
  startedPromotions,
  updatePromotion,
} from './repository';

export interface PromotionInput {
  content: BilingualContent;
  product: string | null;
  starts_on: string;
  ends_on: string;
}

/** Today in the program's time zone: a promo runs from midnight of its first day to midnight after its last, there. */
const today = async (db: Db, now = new Date()) => localDay(now, await programTimeZone(db));

function checked(input: PromotionInput): PromotionInput {
  const content = writtenContent(input.content);
  requireSomeText(content);
  if (input.product !== null && !isProductCode(input.product))
    throw invalid({ product: [sayKey('wrong_value')] });
  if (input.ends_on < input.starts_on) throw invalid({ ends_on: [sayKey('wrong_value')] });
  return { ...input, content };
}

async function staffRows(db: Db, rows: Awaited<ReturnType<typeof promotionRows>>, now = new Date()) {
  const images = rows.some((row) => row.product) ? await productImageUrls(db) : new Map<string, string>();
  const day = await today(db, now);
  return rows.map((row) => ({
    id: row.id,
    content: JSON.parse(row.content) as BilingualContent,
    product: row.product,
    image_url: row.product ? (images.get(row.product) ?? null) : null,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    active: row.starts_on <= day && day <= row.ends_on,
    created_at: row.created_at,
    updated_at: row.updated_at,
    author: row.author,
  }));
}

export type StaffPromotion = Awaited<ReturnType<typeof staffRows>>[number];

async function onePromotion(db: Db, id: number): Promise<StaffPromotion> {
  const [found] = await staffRows(db, await promotionRows(db, { id }));
  if (!found) throw notFound();
  return found;
}

export async function listPromotions(db: Db, page: number, length: number) {
  const [total, rows] = await Promise.all([
    countPromotions(db),
    promotionRows(db, { limit: length, offset: (page - 1) * length }),
  ]);
  return pageOf(await staffRows(db, rows), page, length, total);
}

export async function createPromotion(
  db: Db,
  input: PromotionInput,
  staffId: number,
): Promise<StaffPromotion> {
  const promo = checked(input);
  const at = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await insertPromotion(trx, {
      ...promo,
      content: JSON.stringify(promo.content),
      author_staff_id: staffId,
      created_at: at,
      updated_at: at,
      mailed_at: null,
    });
    await recordAudit(
      trx,
      { staffId, action: 'promotion.create', entity: 'promotion', entityId: id, after: promo },
      at,
    );
    return id;
  });
  return onePromotion(db, id);
}

export async function editPromotion(
  db: Db,
  id: number,
  input: PromotionInput,
  staffId: number,
): Promise<StaffPromotion> {
  const promo = checked(input);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const before = await findPromotion(trx, id);
    if (!before) throw notFound();
    await updatePromotion(trx, id, { ...promo, content: JSON.stringify(promo.content), updated_at: at });
    const { content, product, starts_on, ends_on } = before;
    await recordAudit(
      trx,
      {
        staffId,
        action: 'promotion.update',
        entity: 'promotion',
        entityId: id,
        before: { content: JSON.parse(content) as unknown, product, starts_on, ends_on },
        after: promo,
      },
      at,
    );
  });
  return onePromotion(db, id);
}

export async function removePromotion(db: Db, id: number, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findPromotion(trx, id);
    if (!before) throw notFound();
    await deletePromotion(trx, id);
    const { content, product, starts_on, ends_on } = before;
    await recordAudit(trx, {
      staffId,
      action: 'promotion.delete',
      entity: 'promotion',
      entityId: id,
      before: { content: JSON.parse(content) as unknown, product, starts_on, ends_on },
    });
  });
}

/** The promos running today that are written in the partner's language (`GET /api/getPromotions`). */
export const partnerPromotions = async (db: Db, locale: string, now = new Date()) =>
  inLanguage(db, await runningPromotions(db, await today(db, now)), locale);

/** Every promo started by today that is written in the partner's language, newest start first (the newsfeed). */
export const startedPartnerPromotions = async (db: Db, locale: string, now = new Date()) =>
  inLanguage(db, await startedPromotions(db, await today(db, now)), locale);

async function inLanguage(db: Db, rows: Awaited<ReturnType<typeof runningPromotions>>, locale: string) {
  const images = rows.some((row) => row.product) ? await productImageUrls(db) : new Map<string, string>();
  return rows.flatMap((row) => {
    const text = versionFor(JSON.parse(row.content) as BilingualContent, locale);
    if (!text) return [];
    return [
      {
        id: row.id,
        title: text.title,
        body: text.body,
        product: row.product,
        image_url: row.product ? (images.get(row.product) ?? null) : null,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
      },
    ];
  });
}
