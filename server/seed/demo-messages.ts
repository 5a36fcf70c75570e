// The demo program's announcements and a custom notification: written as staff write them (the
// notifications service), so every demo partner gets their copies and the audit log its lines.
import type { Db } from '../db';
import { createMessage } from '../modules/notifications/service';

export async function seedDemoMessages(db: Db, managerId: number, partnerEmail: string): Promise<void> {
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
  );
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
          body: 'Nos nouvelles jujubes Matcha Mind sont en boutique. Leurs arguments et légendes sont prêts dans Produits : une histoire de concentration calme, parfaite pour les routines du matin.',
        },
      },
    },
    managerId,
  );
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
          body: 'Merci pour vos belles publications ce mois-ci, Maya : une boîte de nos nouvelles saveurs vous est envoyée cette semaine.',
        },
      },
    },
    managerId,
  );
}
