// The demo program a newcomer sees after `npm start`: seeded only into an empty database.
// Later capabilities add their own demo data here (orders, payouts, content...).
import { seedDemoClicks } from './demo-links';
import type { Db } from '../db';
import { nowIso } from '../db/dialect';
import { countPartners, createPartnerAccount } from '../modules/partners/service';
import { createPromoCode } from '../modules/promo-codes/service';
import { seedDemoEngagement, seedDemoSurvey } from './demo-engagement';
import { seedDemoMessages } from './demo-messages';
import { seedDemoSales } from './demo-sales';
import { countStaff, createStaffUser } from '../modules/staff/service';

export const DEMO_PARTNER = {
  email: 'demo.partner@sunbite.example',
  password: 'sunny-demo-partner',
} as const;
export const DEMO_STAFF = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' } as const;
/** The two review stages of payouts (docs/product/payouts.md#review-and-transitions) need two people: the demo has both roles. */
export const DEMO_REVIEWER = {
  email: 'demo.reviewer@sunbite.example',
  password: 'sunny-demo-reviewer',
} as const;
export const DEMO_MANAGER = {
  email: 'demo.manager@sunbite.example',
  password: 'sunny-demo-manager',
} as const;
export const DEMO_SUBPARTNER_SLUG = 'glow-collective';
export const DEMO_PROMO_CODE = 'MAYA15';

// The sub-partner's logo is drawn here, so the demo depends on no outside image.
const glowLogo =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#7c3aed"/>' +
      '<path d="M20 36c4 8 20 8 24 0" stroke="#fde68a" stroke-width="5" fill="none" stroke-linecap="round"/>' +
      '<circle cx="24" cy="26" r="4" fill="#fde68a"/><circle cx="40" cy="26" r="4" fill="#fde68a"/></svg>',
  ).toString('base64');

export interface SeedResult {
  seeded: boolean;
  partner?: { email: string; password: string };
  staff?: { email: string; password: string };
  subpartner?: string;
}

export async function seedDemoProgram(db: Db, options: { sales?: boolean } = {}): Promise<SeedResult> {
  if ((await countPartners(db)) > 0 || (await countStaff(db)) > 0) return { seeded: false };

  const partner = await createPartnerAccount(db, {
    email: DEMO_PARTNER.email,
    password: DEMO_PARTNER.password,
    first_name: 'Maya',
    last_name: 'Laurent',
    verified: 1,
    accepted_terms: 1,
    locale: 'en',
    country: 'CA',
    phone: '+1 514 555 0142',
    city: 'Montréal',
    state: 'QC',
    date_of_birth: '1994-05-17',
    instagram_url: 'https://www.instagram.com/maya.moves',
    referral_commission_amount: 5,
    referral_comission_type: 'percent',
    paypal_email: 'maya.laurent.paypal@sunbite.example',
  });
  const promoCode = await createPromoCode(db, partner.id, DEMO_PROMO_CODE);
  const staff = await createStaffUser(db, { ...DEMO_STAFF, name: 'Demo Admin', role: 'admin' });
  const reviewer = await createStaffUser(db, { ...DEMO_REVIEWER, name: 'Sam Reviewer', role: 'reviewer' });
  const manager = await createStaffUser(db, { ...DEMO_MANAGER, name: 'Alex Manager', role: 'manager' });
  await db
    .insertInto('subpartners')
    .values({
      slug: DEMO_SUBPARTNER_SLUG,
      name: 'Glow Collective',
      logo_url: glowLogo,
      primary_color: '#7c3aed',
      accent_color: '#f59e0b',
      welcome_en: 'Glow Collective creators: join the Sunbite partner program and earn on every sale.',
      welcome_fr:
        'Créateurs Glow Collective\u00a0: rejoignez le programme partenaires Sunbite et gagnez sur chaque vente.',
      active: 1,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  if (options.sales) {
    await seedDemoSales(db, { id: partner.id, email: partner.email, code: DEMO_PROMO_CODE }, staff.id, {
      reviewer,
      manager,
    });
    await seedDemoSurvey(db, partner.id);
    await seedDemoClicks(db, partner.id, promoCode.id);
  }
  // With a year of sales, its announcements were written in the year's timeline (demo-sales.ts).
  await seedDemoMessages(db, manager.id, partner.email, { announced: Boolean(options.sales) });
  await seedDemoEngagement(db, manager.id, partner.id);
  return { seeded: true, partner: DEMO_PARTNER, staff: DEMO_STAFF, subpartner: DEMO_SUBPARTNER_SLUG };
}
