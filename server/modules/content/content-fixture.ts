// For the content tests: an app on a fresh database, seeded from a copy of the release's product
// files, artwork and gallery list plus two small pages of the tests' own (so the tests do not
// depend on the copy of the real pages, and can change a seed file as a new release would), with
// partners and staff.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageContent } from '../../../common/content';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { GALLERY_LIST_FILE, seedGalleryListSchema } from './artwork-files';
import { repositoryRoot } from './media';
import { findRepositoryRoot, seedContent } from './seed';

export const PUBLIC_CLIENT = 'content-test-public-client-token-01';

/** The gallery the release seeds, as content/gallery/gallery.json lists it. */
export const SEED_GALLERY = seedGalleryListSchema.parse(
  JSON.parse(
    fs.readFileSync(path.join(repositoryRoot(), 'content', ...GALLERY_LIST_FILE.split('/')), 'utf8'),
  ),
).images;

export const TEST_PAGES: Record<'terms' | 'faq', Record<'en' | 'fr', PageContent>> = {
  terms: {
    en: {
      title: 'Brand ambassador terms',
      lead: 'You earn from {{commission_min}} to {{commission_max}} of each sale made with your code.',
      effective_date: '2026-11-01',
      sections: [
        {
          id: 'payouts',
          heading: 'Payouts',
          blocks: [
            {
              type: 'p',
              text: 'Earnings are held for {{holding_days}} days, then paid by PayPal from {{minimum_payout}}.',
            },
            { type: 'list', items: ['Cash-outs above {{manager_threshold}} are checked twice.'] },
          ],
        },
      ],
    },
    fr: {
      title: 'Conditions des ambassadeurs',
      lead: 'Vous touchez de {{commission_min}} à {{commission_max}} de chaque vente faite avec votre code.',
      effective_date: '2026-11-01',
      sections: [
        {
          id: 'paiements',
          heading: 'Paiements',
          blocks: [
            {
              type: 'p',
              text: 'Les gains sont retenus {{holding_days}} jours, puis versés par PayPal à partir de {{minimum_payout}}.',
            },
            {
              type: 'list',
              items: ['Les retraits au-delà de {{manager_threshold}} sont vérifiés deux fois.'],
            },
          ],
        },
      ],
    },
  },
  faq: {
    en: {
      title: 'Questions and answers',
      lead: 'What partners ask us most.',
      sections: [
        {
          id: 'when-paid',
          heading: 'When am I paid?',
          group: 'Payouts',
          blocks: [{ type: 'p', text: 'From {{minimum_payout}} of approved earnings.' }],
        },
      ],
    },
    fr: {
      title: 'Questions et réponses',
      lead: 'Ce que les partenaires nous demandent le plus.',
      sections: [
        {
          id: 'quand-paye',
          heading: 'Quand suis-je payé?',
          group: 'Paiements',
          blocks: [{ type: 'p', text: 'À partir de {{minimum_payout}} de gains approuvés.' }],
        },
      ],
    },
  },
};

/** A content folder of the tests' own: the release's products and the test pages. */
export async function copyContentDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-content-'));
  for (const folder of ['products', 'gallery'])
    fs.cpSync(path.join(await findRepositoryRoot(), 'content', folder), path.join(dir, folder), {
      recursive: true,
    });
  for (const [slug, locales] of Object.entries(TEST_PAGES)) {
    fs.mkdirSync(path.join(dir, 'pages', slug), { recursive: true });
    for (const [locale, page] of Object.entries(locales))
      fs.writeFileSync(path.join(dir, 'pages', slug, `${locale}.json`), `${JSON.stringify(page, null, 2)}\n`);
  }
  return dir;
}

export interface FixturePartner {
  id: number;
  token: string;
  code: string;
}

export interface ContentTestApp {
  t: TestApp;
  contentDir: string;
  /** An English-speaking partner and a French-speaking one, each with a promo code. */
  en: FixturePartner;
  fr: FixturePartner;
  manager: FixtureStaff;
  reviewer: FixtureStaff;
  close(): Promise<void>;
}

export async function createPartner(t: TestApp, locale: 'en' | 'fr', code: string): Promise<FixturePartner> {
  const partner = await createPartnerAccount(t.database.db, {
    email: `${code.toLowerCase()}@example.test`,
    password: `password-${code}`,
    first_name: locale === 'fr' ? 'Julie' : 'Lea',
    last_name: 'Partner',
    verified: 1,
    locale,
  });
  await createPromoCode(t.database.db, partner.id, code);
  return { id: partner.id, token: (await issueToken(t.database.db, 'partner', partner.id)).token, code };
}

export async function createContentTestApp(options: { seed?: boolean } = {}): Promise<ContentTestApp> {
  const t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: PUBLIC_CLIENT } });
  const contentDir = await copyContentDir();
  if (options.seed !== false) await seedContent(t.database.db, { contentDir });
  return {
    t,
    contentDir,
    en: await createPartner(t, 'en', 'LEA2026'),
    fr: await createPartner(t, 'fr', 'JULIE10'),
    manager: await createStaffWithToken(t.database.db, 'manager'),
    reviewer: await createStaffWithToken(t.database.db, 'reviewer'),
    async close() {
      await t.close();
      fs.rmSync(contentDir, { recursive: true, force: true });
    },
  };
}

export { bearer };
