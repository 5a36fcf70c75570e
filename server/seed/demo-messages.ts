// The demo program's announcements and a custom notification: written as staff write them (the
// notifications service), so every demo partner gets their copies and the audit log its lines.
// With a seeded year of sales, the announcements are written in its timeline (demo-sales.ts), at
// the day the seeded data gives each, so the newsfeed and the bell show them where a real
// program's would be; the custom notification is today's.
import type { Db } from '../db';
import { createMessage } from '../modules/notifications/service';

/** The product the launch announcement presents: announced the day before its first seeded sale. */
export const LAUNCHED_PRODUCT = 'Matcha Mind Gummies';

const DAY = 86_400_000;

/** Cash-outs sent to PayPal: written the day after the last cash-out paid by hand. */
export async function announcePaypalCashOuts(db: Db, managerId: number, at: Date): Promise<void> {
  await createMessage(
    db,
    'announcement',
    {
      content: {
        en: {
          title: 'Cash-outs now reach PayPal within 2 business days',
          body: 'Approved cash-outs are now sent to PayPal every weekday. Make sure your PayPal e-mail is up to date in Settings.',
        },
        fr: {
          title: 'Vos paiements arrivent sur PayPal en 2 jours ouvrables',
          body: 'Les paiements approuvés partent maintenant vers PayPal chaque jour de semaine. Vérifiez votre adresse PayPal dans les paramètres.',
        },
      },
    },
    managerId,
    at,
  );
}

/** The launch of LAUNCHED_PRODUCT. */
export async function announceProductLaunch(db: Db, managerId: number, at: Date): Promise<void> {
  await createMessage(
    db,
    'announcement',
    {
      content: {
        en: {
          title: 'Matcha Mind joins the line-up',
          body: 'Our new Matcha Mind gummies are live in the store. Its talking points and captions are ready under Products: a calm-focus story that fits morning routines.',
        },
        fr: {
          title: 'Matcha Mind arrive dans la gamme',
          body: 'Nos nouveaux jujubes Matcha Mind sont en boutique. Leurs arguments et légendes sont prêts dans Produits\u00a0: une histoire de concentration calme, parfaite pour les routines du matin.',
        },
      },
    },
    managerId,
    at,
  );
}

/**
 * The custom notification, today; and, when no year of sales was seeded (`announced` false), the
 * announcements too, a few weeks and a few days ago.
 */
export async function seedDemoMessages(
  db: Db,
  managerId: number,
  partnerEmail: string,
  options: { announced?: boolean } = {},
  now = new Date(),
): Promise<void> {
  if (!options.announced) {
    await announceProductLaunch(db, managerId, new Date(now.getTime() - 30 * DAY));
    await announcePaypalCashOuts(db, managerId, new Date(now.getTime() - 6 * DAY));
  }
  await createMessage(
    db,
    'custom',
    {
      partner: partnerEmail,
      content: {
        en: {
          title: 'A sample box is on its way',
          body: 'Thanks for your great posts this month, Maya: a box of our new flavours ships to you this week.',
        },
        fr: {
          title: 'Une boîte d’échantillons est en route',
          body: 'Merci pour vos belles publications ce mois-ci, Maya\u00a0: une boîte de nos nouvelles saveurs vous est envoyée cette semaine.',
        },
      },
    },
    managerId,
    now,
  );
}
