// Queries of the first-sale survey and the free-product requests.
import { sql } from 'kysely';
import type { ClaimStatus, SurveyChoice } from '../../../common/survey';
import type { Db } from '../../db';

export function answerOf(db: Db, partnerId: number) {
  return db
    .selectFrom('survey_answers')
    .select(['choice', 'answered_at'])
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
}

/** Records the answer once: undefined when the partner had answered already. */
export async function insertAnswer(
  db: Db,
  partnerId: number,
  choice: SurveyChoice,
  at: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('survey_answers')
    .values({ partner_id: partnerId, choice, answered_at: at })
    .onConflict((oc) => oc.column('partner_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function insertClaim(db: Db, partnerId: number, address: string, at: string) {
  return db
    .insertInto('product_claims')
    .values({
      partner_id: partnerId,
      status: 'open',
      address,
      note: null,
      handled_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function answerCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('survey_answers')
    .select(['choice', sql<number>`count(*)`.as('n')])
    .groupBy('choice')
    .execute();
  return new Map(rows.map((row) => [row.choice, Number(row.n)]));
}

export function answersPage(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('survey_answers')
    .innerJoin('partners', 'partners.id', 'survey_answers.partner_id')
    .select([
      'survey_answers.id',
      'survey_answers.choice',
      'survey_answers.answered_at',
      'partners.uuid',
      'partners.email',
      'partners.first_name',
      'partners.last_name',
    ])
    .orderBy('survey_answers.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countClaims(db: Db, status: ClaimStatus | undefined): Promise<number> {
  let q = db.selectFrom('product_claims').select(sql<number>`count(*)`.as('n'));
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Claims, open ones first (oldest first: the queue), then the handled ones newest first; or one by id. */
export function claimRows(
  db: Db,
  which: { status?: ClaimStatus | undefined; limit: number; offset: number } | { id: number },
) {
  let q = db
    .selectFrom('product_claims')
    .innerJoin('partners', 'partners.id', 'product_claims.partner_id')
    .leftJoin('staff_users', 'staff_users.id', 'product_claims.handled_by')
    .selectAll('product_claims')
    .select([
      'partners.uuid',
      'partners.email',
      'partners.first_name',
      'partners.last_name',
      'staff_users.name as handler',
    ]);
  if ('id' in which) return q.where('product_claims.id', '=', which.id).execute();
  if (which.status) q = q.where('product_claims.status', '=', which.status);
  return q
    .orderBy(sql`case when product_claims.status = 'open' then 0 else 1 end`)
    .orderBy(sql`case when product_claims.status = 'open' then product_claims.id else -product_claims.id end`)
    .limit(which.limit)
    .offset(which.offset)
    .execute();
}

export function findClaim(db: Db, id: number) {
  return db.selectFrom('product_claims').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a claim only from the status the staff member saw: false when it moved meanwhile. */
export async function moveClaim(
  db: Db,
  id: number,
  from: ClaimStatus,
  change: { status: ClaimStatus; note: string | null; handled_by: number; updated_at: string },
): Promise<boolean> {
  const [result] = await db
    .updateTable('product_claims')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .execute();
  return Number(result?.numUpdatedRows ?? 0) > 0;
}

export function partnerAddress(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select(['address_1', 'address_2', 'city', 'state', 'postal', 'country'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}

export function saveAddress(
  db: Db,
  partnerId: number,
  address: {
    address_1: string;
    address_2: string | null;
    city: string;
    state: string | null;
    postal: string;
    country: string;
  },
  at: string,
  /** A complete address also ends the dashboard's contact-details prompt (common/contact-form.ts). */
  filled: boolean,
) {
  return db
    .updateTable('partners')
    .set({ ...address, updated_at: at, ...(filled ? { contact_form_filled: 1 } : {}) })
    .where('id', '=', partnerId)
    .execute();
}
