// The first-sale survey (docs/product/engagement.md#first-sale-survey): offered once, after the partner's first
// sale; the answer is kept once. "Claim bottles" also records a free-product request with the
// shipping address (asked for when the profile has none, and then saved to it), which staff
// ship or decline from the back office.
import type { ClaimStatus, SurveyChoice } from '../../../common/survey';
import { SURVEY_CHOICES } from '../../../common/survey';
import { isCompleteAddress } from '../../../common/contact-form';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { AppError, invalid, notFound } from '../../errors';
import { sayKey } from '../../i18n';
import { pageOf } from '../../plugins/paging';
import { recordAudit } from '../audit/service';
import { lifetimeFigures } from '../dashboard/service';
import {
  answerCounts,
  answerOf,
  answersPage,
  claimRows,
  countClaims,
  findClaim,
  insertAnswer,
  insertClaim,
  moveClaim,
  partnerAddress,
  saveAddress,
} from './repository';

export interface ShippingAddress {
  address_1: string;
  address_2: string | null;
  city: string;
  state: string | null;
  postal: string;
  country: string;
}

/** The profile's address, when it holds one a parcel can reach. */
async function profileAddress(db: Db, partnerId: number): Promise<ShippingAddress | null> {
  const row = await partnerAddress(db, partnerId);
  if (!row?.address_1 || !row.city || !row.postal || !row.country) return null;
  return {
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    postal: row.postal,
    country: row.country,
  };
}

/** Whether the survey is offered (`GET /api/survey`): after a first sale, until answered. */
export async function surveyState(db: Db, partnerId: number) {
  const [answer, figures, address] = await Promise.all([
    answerOf(db, partnerId),
    lifetimeFigures(db, [partnerId]),
    profileAddress(db, partnerId),
  ]);
  const sold = (figures.get(partnerId)?.sales ?? 0) > 0;
  return {
    offered: sold && !answer,
    choices: [...SURVEY_CHOICES],
    answered: answer ? { choice: answer.choice, answered_at: answer.answered_at } : null,
    needs_address: !address,
  };
}

/** Records the partner's answer once; "Claim bottles" with its request, in the same transaction. */
export async function answerSurvey(
  db: Db,
  partnerId: number,
  input: { choice: SurveyChoice; address?: ShippingAddress | null | undefined },
) {
  const state = await surveyState(db, partnerId);
  if (state.answered) throw new AppError(409, 'survey.answered');
  if (!state.offered) throw invalid({ choice: ['survey.not_offered'] });
  const address =
    input.choice === 'claim_bottles' ? (input.address ?? (await profileAddress(db, partnerId))) : null;
  if (input.choice === 'claim_bottles' && !address)
    throw invalid({ 'address.address_1': [sayKey('required')] });
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    if ((await insertAnswer(trx, partnerId, input.choice, at)) === undefined)
      throw new AppError(409, 'survey.answered');
    if (!address) return { choice: input.choice, claim: null };
    // An address given here fills an empty profile, so the next parcel needs no asking.
    if (input.address && state.needs_address)
      await saveAddress(trx, partnerId, input.address, at, isCompleteAddress(input.address));
    const { id } = await insertClaim(trx, partnerId, JSON.stringify(address), at);
    return { choice: input.choice, claim: { id, status: 'open' as const, address } };
  });
}

const partnerRef = (row: { uuid: string; email: string; first_name: string; last_name: string }) => ({
  uuid: row.uuid,
  name: [row.first_name, row.last_name].filter(Boolean).join(' '),
  email: row.email,
});

export async function surveyAnswers(db: Db, page: number, length: number) {
  const [counts, rows] = await Promise.all([answerCounts(db), answersPage(db, length, (page - 1) * length)]);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return {
    ...pageOf(
      rows.map((row) => ({
        id: row.id,
        partner: partnerRef(row),
        choice: row.choice,
        answered_at: row.answered_at,
      })),
      page,
      length,
      total,
    ),
    counts: Object.fromEntries(SURVEY_CHOICES.map((choice) => [choice, counts.get(choice) ?? 0])) as Record<
      SurveyChoice,
      number
    >,
  };
}

const claimJson = (row: Awaited<ReturnType<typeof claimRows>>[number]) => ({
  id: row.id,
  partner: partnerRef(row),
  status: row.status,
  address: JSON.parse(row.address) as ShippingAddress,
  note: row.note,
  created_at: row.created_at,
  updated_at: row.updated_at,
  handled_by: row.handler,
});

export async function listClaims(
  db: Db,
  filter: { status?: ClaimStatus | undefined; page: number; length: number },
) {
  const [total, rows] = await Promise.all([
    countClaims(db, filter.status),
    claimRows(db, { status: filter.status, limit: filter.length, offset: (filter.page - 1) * filter.length }),
  ]);
  return pageOf(rows.map(claimJson), filter.page, filter.length, total);
}

/** Ships, declines or reopens a claim, from the status the staff member saw (409 when it moved). */
export async function handleClaim(
  db: Db,
  id: number,
  input: { status: ClaimStatus; note?: string | null | undefined; expected_status: ClaimStatus },
  staffId: number,
) {
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const before = await findClaim(trx, id);
    if (!before) throw notFound();
    const note = input.note === undefined ? before.note : input.note;
    if (
      !(await moveClaim(trx, id, input.expected_status, {
        status: input.status,
        note,
        handled_by: staffId,
        updated_at: at,
      }))
    )
      throw new AppError(409, 'survey.claim_moved');
    await recordAudit(
      trx,
      {
        staffId,
        action: `claim.${input.status}`,
        entity: 'claim',
        entityId: id,
        before: { status: before.status, note: before.note },
        after: { status: input.status, note },
      },
      at,
    );
  });
  const [row] = await claimRows(db, { id });
  return claimJson(row!);
}
