// Monthly challenges (docs/product/engagement.md#monthly-challenges): a target in a month (a number of sales, or an amount of
// sales) and a reward (a bonus earning, or a voucher). Progress is the ledger's running total of
// the month, so it moves with each sale. The reward is paid once the month's verified sales
// (their commission APPROVED or PAID, the holding period over) reach the target: a refund that
// drops the partner below it before then means no reward. A sweep every node runs finds who is
// due; the unique (challenge, partner) reward row makes each payment happen once, and the
// reward, its notification and the challenge badge share that row's transaction.
import type { Selectable } from 'kysely';
import type { Locale } from '../../../common/i18n';
import type { Db } from '../../db';
import { lockKeys, nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { ChallengeMetric, ChallengesTable } from '../../db/schema';
import { AppError, invalid, notFound } from '../../errors';
import { sayKey } from '../../i18n';
import { versionFor, writtenContent, type BilingualContent } from '../../plugins/bilingual';
import { pageOf } from '../../plugins/paging';
import { recordAudit } from '../audit/service';
import { awardDueBadges, type Awarded } from '../badges/service';
import { addNotification, requireSomeText, type Phrase } from '../notifications/service';
import { monthBoundsIn } from '../../../common/calendar';
import { createEarning, monthKeyIn, programTimeZone } from '../ledger/service';
import { readHoldingPeriodDays } from '../settings/service';
import { issueVoucher, storedVoucherAmount, voucherAmount } from '../vouchers/service';
import {
  challengeRows,
  challengesOfMonths,
  claimReward,
  countAtTarget,
  countChallenges,
  countSellers,
  deleteChallenge,
  findChallenge,
  insertChallenge,
  monthSales,
  noteRewardPaid,
  partnerProfile,
  rewardCounts,
  rewardsOfPartner,
  standingsPage,
  unrewardedAtTarget,
  updateChallenge,
} from './repository';
import { readProgramCurrency } from '../settings';

export type ChallengeReward =
  { kind: 'bonus'; amount: number } | { kind: 'voucher'; type: 'percent' | 'fixed'; amount: number };

export interface ChallengeInput {
  month: string;
  content: BilingualContent;
  metric: ChallengeMetric;
  /** Sales, or dollars of sales. */
  target: number;
  reward: ChallengeReward;
}

type Challenge = Selectable<ChallengesTable>;

/** `YYYY-MM` of a date in the program's time zone. */
export const monthKey = (date: Date, zone: string, offset = 0) => monthKeyIn(date, zone, offset).slice(0, 7);
/**
 * A challenge's month: its row of the running totals, and the instants it runs between, from
 * midnight on its first day to midnight on the next month's, in the program's time zone.
 */
const monthBounds = (month: string, zone: string) => monthBoundsIn(month, zone);
/** The month row ('YYYY-MM-01') of the running totals, which are cut in the program's zone already. */
const monthRow = (month: string) => `${month}-01`;

/** Stored units: orders, or cents. */
const storedTarget = (metric: ChallengeMetric, target: number) =>
  metric === 'sales_count' ? target : Math.round(target * 100);
const shownTarget = (metric: ChallengeMetric, stored: number) =>
  metric === 'sales_count' ? stored : stored / 100;
const measureOf = (metric: ChallengeMetric, m: { orders: number; sales_cents: number } | undefined) =>
  m ? (metric === 'sales_count' ? m.orders : m.sales_cents) : 0;

function rewardJson(
  c: Pick<Challenge, 'reward_kind' | 'reward_voucher_type' | 'reward_amount'>,
): ChallengeReward {
  if (c.reward_kind === 'bonus') return { kind: 'bonus', amount: c.reward_amount / 100 };
  const type = c.reward_voucher_type === 'percent' ? 'percent' : 'fixed';
  return { kind: 'voucher', type, amount: voucherAmount(type, c.reward_amount) };
}

function storedChallenge(input: ChallengeInput, now: Date, zone: string) {
  const content = writtenContent(input.content);
  requireSomeText(content);
  if (input.month < monthKey(now, zone)) throw invalid({ month: ['challenges.month_over'] });
  const reward = input.reward;
  const amount =
    reward.kind === 'bonus'
      ? Math.round(reward.amount * 100)
      : storedVoucherAmount(reward.type, reward.amount);
  if (
    amount === null ||
    amount <= 0 ||
    (reward.kind === 'bonus' && Math.abs(reward.amount * 100 - amount) > 1e-6)
  )
    throw invalid({ 'reward.amount': [sayKey('wrong_value')] });
  if (input.metric === 'sales_count' && !Number.isInteger(input.target))
    throw invalid({ target: [sayKey('wrong_value')] });
  const target = storedTarget(input.metric, input.target);
  if (input.metric === 'sales_amount' && Math.abs(input.target * 100 - target) > 1e-6)
    throw invalid({ target: [sayKey('wrong_value')] });
  return {
    month: input.month,
    content: JSON.stringify(content),
    metric: input.metric,
    target,
    reward_kind: reward.kind,
    reward_voucher_type: reward.kind === 'voucher' ? reward.type : null,
    reward_amount: amount,
  };
}

const auditState = (
  c: Pick<
    Challenge,
    'month' | 'content' | 'metric' | 'target' | 'reward_kind' | 'reward_voucher_type' | 'reward_amount'
  >,
) => ({
  month: c.month,
  content: JSON.parse(c.content) as unknown,
  metric: c.metric,
  target: shownTarget(c.metric, c.target),
  reward: rewardJson(c),
});

/** Applies `weigh` to `partnerIds` 500 at a time (a bounded IN list on both databases). */
async function inBatches<T>(partnerIds: number[], weigh: (batch: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < partnerIds.length; i += 500) out.push(...(await weigh(partnerIds.slice(i, i + 500))));
  return out;
}

/**
 * How many partners stand at the target by the month's running totals: one read of an index per
 * challenge, for the staff's list. The totals still count a fully refunded order as an order, so
 * this may count a partner a refund took below; the challenge's partners page weighs each exactly.
 */
const countMet = (db: Db, c: Pick<Challenge, 'month' | 'metric' | 'target'>) =>
  countAtTarget(db, monthRow(c.month), c.metric, c.target);

async function staffRows(db: Db, rows: Awaited<ReturnType<typeof challengeRows>>) {
  const rewarded = await rewardCounts(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      month: row.month,
      content: JSON.parse(row.content) as BilingualContent,
      metric: row.metric,
      target: shownTarget(row.metric, row.target),
      reward: rewardJson(row),
      met: await countMet(db, row),
      rewarded: rewarded.get(row.id) ?? 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
      author: row.author,
    })),
  );
}

export type StaffChallenge = Awaited<ReturnType<typeof staffRows>>[number];

export async function oneChallenge(db: Db, id: number): Promise<StaffChallenge> {
  const [found] = await staffRows(db, await challengeRows(db, { id }));
  if (!found) throw notFound();
  return found;
}

export async function listChallenges(db: Db, page: number, length: number) {
  const [total, rows] = await Promise.all([
    countChallenges(db),
    challengeRows(db, { limit: length, offset: (page - 1) * length }),
  ]);
  return pageOf(await staffRows(db, rows), page, length, total);
}

export async function createChallenge(
  db: Db,
  input: ChallengeInput,
  staffId: number,
  now = new Date(),
): Promise<StaffChallenge> {
  const row = storedChallenge(input, now, await programTimeZone(db));
  const at = nowIso(now);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await insertChallenge(trx, {
      ...row,
      author_staff_id: staffId,
      created_at: at,
      updated_at: at,
      mailed_at: null,
    });
    await recordAudit(
      trx,
      { staffId, action: 'challenge.create', entity: 'challenge', entityId: id, after: auditState(row) },
      at,
    );
    return id;
  });
  return oneChallenge(db, id);
}

// The advisory-lock namespace of challenges on PostgreSQL ("ch"): a change of a challenge and the
// payment of its rewards take turns, so a reward is never paid on terms being changed.
const CHALLENGE_LOCK = 0x6368;
const lockChallenge = (trx: Db, id: number) => lockKeys(trx, CHALLENGE_LOCK, [`challenge:${id}`]);

/** A challenge with a reward paid no longer changes: what was paid was paid for these terms. */
async function unpaidChallenge(trx: Db, id: number): Promise<Challenge> {
  await lockChallenge(trx, id);
  const before = await findChallenge(trx, id);
  if (!before) throw notFound();
  if ((await rewardCounts(trx, [id])).get(id)) throw new AppError(409, 'challenges.rewards_paid');
  return before;
}

export async function editChallenge(
  db: Db,
  id: number,
  input: ChallengeInput,
  staffId: number,
  now = new Date(),
): Promise<StaffChallenge> {
  const row = storedChallenge(input, now, await programTimeZone(db));
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    const before = await unpaidChallenge(trx, id);
    await updateChallenge(trx, id, { ...row, updated_at: at });
    await recordAudit(
      trx,
      {
        staffId,
        action: 'challenge.update',
        entity: 'challenge',
        entityId: id,
        before: auditState(before),
        after: auditState(row),
      },
      at,
    );
  });
  return oneChallenge(db, id);
}

export async function removeChallenge(db: Db, id: number, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await unpaidChallenge(trx, id);
    await deleteChallenge(trx, id);
    await recordAudit(trx, {
      staffId,
      action: 'challenge.delete',
      entity: 'challenge',
      entityId: id,
      before: auditState(before),
    });
  });
}

/** Who sold in the challenge's month, best first, with progress and reward (staff's "who met it"). */
export async function challengeStandings(db: Db, id: number, page: number, length: number) {
  const challenge = await findChallenge(db, id);
  if (!challenge) throw notFound();
  const { start, from, until } = monthBounds(challenge.month, await programTimeZone(db));
  const [total, rows] = await Promise.all([
    countSellers(db, start),
    standingsPage(db, id, start, challenge.metric, length, (page - 1) * length),
  ]);
  const live = await monthSales(
    db,
    rows.map((row) => row.partner_id),
    from,
    until,
    'live',
  );
  return pageOf(
    rows.map((row) => {
      const progress = measureOf(challenge.metric, live.get(row.partner_id));
      return {
        partner: {
          uuid: row.uuid,
          name: [row.first_name, row.last_name].filter(Boolean).join(' '),
          email: row.email,
        },
        progress: shownTarget(challenge.metric, progress),
        met: progress >= challenge.target,
        rewarded_at: row.rewarded_at,
      };
    }),
    page,
    length,
    total,
  );
}

/** This month's challenges in the reader's language, with their progress (`GET /api/getChallenges`). */
export async function partnerChallenges(db: Db, partnerId: number, locale: Locale, now = new Date()) {
  const zone = await programTimeZone(db);
  const month = monthKey(now, zone);
  const profile = await partnerProfile(db, partnerId);
  if (!profile) return [];
  const challenges = await challengesOfMonths(db, month, month);
  const { from, until } = monthBounds(month, zone);
  const [measures, rewards] = await Promise.all([
    monthSales(db, [partnerId], from, until, 'live'),
    rewardsOfPartner(
      db,
      partnerId,
      challenges.map((c) => c.id),
    ),
  ]);
  const rewardedAt = new Map(rewards.map((r) => [r.challenge_id, r.rewarded_at]));
  return challenges.flatMap((c) => {
    const text = versionFor(JSON.parse(c.content) as BilingualContent, locale);
    if (!text) return [];
    const progress = measureOf(c.metric, measures.get(partnerId));
    return [
      {
        id: c.id,
        month: c.month,
        title: text.title,
        body: text.body,
        metric: c.metric,
        target: shownTarget(c.metric, c.target),
        progress: shownTarget(c.metric, progress),
        met: progress >= c.target,
        reward: rewardJson(c),
        rewarded_at: rewardedAt.get(c.id) ?? null,
        ends_at: until,
      },
    ];
  });
}

export interface Rewarded {
  uuid: string;
  challengeId: number;
  notificationId: number | undefined;
  badges: Awarded | undefined;
}

/**
 * The reward of one partner, once: the claim row, the bonus or voucher, the notification, the
 * badge. The challenge is read again under its lock: staff may have changed or deleted it since the
 * sweep read it, and the reward follows its terms as they are now.
 */
async function payReward(
  trx: Db,
  weighed: Pick<Challenge, 'id' | 'metric'>,
  partnerId: number,
  progress: number,
  now: Date,
): Promise<Rewarded | undefined> {
  await lockChallenge(trx, weighed.id);
  const challenge = await findChallenge(trx, weighed.id);
  // Gone, or measured otherwise since it was weighed: the next sweep weighs it again.
  if (!challenge || challenge.metric !== weighed.metric || progress < challenge.target) return undefined;
  const at = nowIso(now);
  const claimed = await claimReward(trx, {
    challenge_id: challenge.id,
    partner_id: partnerId,
    progress,
    rewarded_at: at,
  });
  if (claimed === undefined) return undefined;
  const profile = (await partnerProfile(trx, partnerId))!;
  const currency = await readProgramCurrency(trx);
  const reward = rewardJson(challenge);
  let what: Phrase;
  if (reward.kind === 'bonus') {
    const earning = await createEarning(
      trx,
      {
        partner_id: partnerId,
        kind: 'bonus',
        source_key: `challenge:${challenge.id}`,
        base_cents: challenge.reward_amount,
        rate_bp: null,
        amount_cents: challenge.reward_amount,
        status: 'APPROVED',
        hold_until: null,
      },
      `challenge ${challenge.id} met`,
      'system',
      now,
    );
    if (earning) await noteRewardPaid(trx, claimed, { earning_id: earning.id });
    what = {
      key: 'notifications_server.challenge_bonus',
      params: { amount: { money: challenge.reward_amount, currency } },
    };
  } else {
    const voucher = await issueVoucher(
      trx,
      null,
      profile.uuid,
      { type: reward.type, amount: reward.amount },
      now,
    );
    await noteRewardPaid(trx, claimed, { voucher_id: voucher.id });
    const off =
      reward.type === 'fixed' ? { money: challenge.reward_amount, currency } : { percent: reward.amount };
    what = { key: 'notifications_server.challenge_voucher', params: { code: voucher.code, off } };
  }
  const content = JSON.parse(challenge.content) as BilingualContent;
  // The challenge's title in each language it was written in: a reward is the partner's whichever
  // language it was written in.
  const title = {
    ...(content.en && { en: content.en.title }),
    ...(content.fr && { fr: content.fr.title }),
  };
  const notificationId = await addNotification(trx, {
    partnerId,
    kind: 'challenge',
    locale: profile.locale,
    words: {
      title: { key: 'notifications_server.challenge_title', params: { title: { text: title } } },
      body: [what],
    },
    data: { challenge_id: challenge.id, reward },
    dedupeKey: `challenge:${challenge.id}:${partnerId}`,
    at,
  });
  return {
    uuid: profile.uuid,
    challengeId: challenge.id,
    notificationId,
    badges: await awardDueBadges(trx, partnerId, now),
  };
}

/**
 * How many months back the sweep still looks: the program's holding period (30 days unless staff
 * changed it) and some slack, so a month's last orders are watched until they are verified.
 */
const monthsWatched = async (db: Db) => Math.ceil((await readHoldingPeriodDays(db)) / 30) + 3;

/**
 * The sweep every node runs: for each recent challenge, the partners whose month stands at the
 * target and who are not rewarded yet; those whose verified sales reach it are paid, each in a
 * transaction of its own that claims the reward row first (another node may have been quicker).
 */
export async function sweepChallengeRewards(
  db: Db,
  now = new Date(),
  log?: { error(obj: object, msg: string): void },
): Promise<Rewarded[]> {
  const paid: Rewarded[] = [];
  const zone = await programTimeZone(db);
  const challenges = await challengesOfMonths(
    db,
    monthKey(now, zone, -(await monthsWatched(db))),
    monthKey(now, zone),
  );
  for (const challenge of challenges) {
    const { start, from, until } = monthBounds(challenge.month, zone);
    // A challenge written in one language is only for its readers: others never saw it.
    const content = JSON.parse(challenge.content) as BilingualContent;
    const readers = content.en && content.fr ? null : content.fr ? 'fr' : 'en';
    const candidates = (
      await unrewardedAtTarget(db, challenge.id, start, challenge.metric, challenge.target, readers)
    ).map((row) => row.partner_id);
    const due = await inBatches(candidates, async (batch) =>
      [...(await monthSales(db, batch, from, until, 'verified'))].filter(
        ([, m]) => measureOf(challenge.metric, m) >= challenge.target,
      ),
    );
    for (const [partnerId, m] of due) {
      try {
        const rewarded = await retryOnConflict(() =>
          db
            .transaction()
            .execute((trx) => payReward(trx, challenge, partnerId, measureOf(challenge.metric, m), now)),
        );
        if (rewarded) paid.push(rewarded);
      } catch (err) {
        // One partner's failure (a voucher code that could not be made) waits for the next run;
        // the others are paid now.
        if (!log) throw err;
        log.error({ err, challenge: challenge.id, partner: partnerId }, 'challenge reward failed');
      }
    }
  }
  return paid;
}
