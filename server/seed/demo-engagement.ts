// The demo program's month: a promo running now and two challenges the demo partner is on the way
// to meeting, set as staff set them (so the audit log has them too). Targets are a few sales past
// where the demo partner stands, so `npm start` shows bars in progress.
import { addToDay } from '../../common/calendar';
import type { Db } from '../db';
import { createChallenge, monthKey } from '../modules/challenges/service';
import { monthKeyIn, programTimeZone } from '../modules/ledger/service';
import { createPromotion } from '../modules/promotions/service';
import { answerSurvey } from '../modules/survey/service';

export async function seedDemoEngagement(
  db: Db,
  managerId: number,
  partnerId: number,
  now = new Date(),
): Promise<void> {
  // This month of the program's time zone, its first and last days.
  const zone = await programTimeZone(db);
  const first = monthKeyIn(now, zone);
  const last = addToDay(first, { months: 1, days: -1 });
  await createPromotion(
    db,
    {
      content: {
        en: {
          title: 'Matcha Mind: 20% off for your audience',
          body: 'All month, your code takes 20% off Matcha Mind. Pair it with a morning-routine post: calm focus from L-theanine and matcha.',
        },
        fr: {
          title: 'Matcha Mind\u00a0: 20\u00a0% de rabais pour votre communauté',
          body: 'Tout le mois, votre code donne 20\u00a0% de rabais sur Matcha Mind. Associez-le à une publication sur votre routine du matin\u00a0: la concentration calme de la L-théanine et du matcha.',
        },
      },
      product: 'matcha',
      starts_on: first,
      ends_on: last,
    },
    managerId,
  );
  const stats = await db
    .selectFrom('partner_sales_stats')
    .select(['orders', 'sales_cents'])
    .where('partner_id', '=', partnerId)
    .where('period', '=', 'm')
    .where('start', '=', first)
    .where('geo', '=', '')
    .executeTakeFirst();
  const orders = Number(stats?.orders ?? 0);
  const dollars = Math.floor(Number(stats?.sales_cents ?? 0) / 100);
  await createChallenge(
    db,
    {
      month: monthKey(now, zone),
      metric: 'sales_count',
      target: Math.max(5, orders + 4),
      reward: { kind: 'bonus', amount: 50 },
      content: {
        en: {
          title: 'Sprint to the finish',
          body: 'Reach the target number of sales with your code this month and earn a $50 bonus.',
        },
        fr: {
          title: 'Sprint jusqu’à la fin du mois',
          body: 'Atteignez le nombre de ventes visé avec votre code ce mois-ci et obtenez une prime de 50\u00a0$.',
        },
      },
    },
    managerId,
    now,
  );
  await createChallenge(
    db,
    {
      month: monthKey(now, zone),
      metric: 'sales_amount',
      target: Math.max(250, Math.ceil((dollars + 150) / 50) * 50),
      reward: { kind: 'voucher', type: 'percent', amount: 30 },
      content: {
        en: {
          title: 'Big month',
          body: 'Bring in the target amount of sales this month and get a 30% voucher for your own order.',
        },
        fr: {
          title: 'Un mois record',
          body: 'Atteignez le montant de ventes visé ce mois-ci et recevez un bon de 30\u00a0% pour votre propre commande.',
        },
      },
    },
    managerId,
    now,
  );
}

/**
 * The first-sale survey as the demo's partners answered it: the demo partner loved it, and Priya
 * claimed bottles (an open free-product request for staff at /manager/survey/claims).
 */
export async function seedDemoSurvey(db: Db, partnerId: number): Promise<void> {
  await answerSurvey(db, partnerId, { choice: 'loved_it' });
  const priya = await db
    .selectFrom('partners')
    .select('id')
    .where('email', '=', 'priya.shah@sunbite.example')
    .executeTakeFirst();
  if (priya)
    await answerSurvey(db, priya.id, {
      choice: 'claim_bottles',
      address: {
        address_1: '88 Queen St W',
        address_2: 'Apt 1204',
        city: 'Toronto',
        state: 'ON',
        postal: 'M5H 2N2',
        country: 'CA',
      },
    });
}
