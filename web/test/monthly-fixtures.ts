// Fakes of the staff promotions and challenges APIs (which keep what they are sent, as the
// messages' fake does), the product list their image picker reads, and a challenge's partners.
import { PRODUCT_CODES } from '../../common/products';
import type { Challenge, ChallengePartner } from '../features/manager/challenges/challenges-api';
import type { MessageContent } from '../features/manager/messages/messages-api';
import type { Promotion } from '../features/manager/promotions/promotions-api';
import type { FakeApi } from './fake-api';
import { pageOf, serveItems } from './messages-fixtures';
import { jsonResponse } from './render-app';

const texts = (id: number, en: string, fr: string): MessageContent => ({
  en: { title: `${en} ${id}`, body: `All month long (${id}).` },
  fr: { title: `${fr} ${id}`, body: `Tout le mois (${id}).` },
});

const written = {
  created_at: '2026-03-02T15:00:00Z',
  updated_at: '2026-03-02T15:00:00Z',
  author: 'Mia Manager',
};

export const imageOf = (code: string) => `/api/media/products/${code}.webp`;

export function promotion(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    content: texts(id, 'Spring deal', 'Offre du printemps'),
    product: 'acv',
    image_url: imageOf('acv'),
    starts_on: '2020-03-01',
    ends_on: '2020-03-31',
    active: false,
    ...written,
    ...overrides,
  };
}

export function challenge(id: number, overrides: Partial<Challenge> = {}): Challenge {
  return {
    id,
    month: '2026-03',
    content: texts(id, 'March sprint', 'Sprint de mars'),
    metric: 'sales_count',
    target: 30,
    reward: { kind: 'bonus', amount: 50 },
    met: 3,
    rewarded: 0,
    ...written,
    ...overrides,
  };
}

type PromotionBody = Pick<Promotion, 'content' | 'product' | 'starts_on' | 'ends_on'>;
type ChallengeBody = Pick<Challenge, 'content' | 'month' | 'metric' | 'target' | 'reward'>;

const withImage = (body: PromotionBody) => ({
  ...body,
  image_url: body.product ? imageOf(body.product) : null,
});

export const servePromotions = (fake: FakeApi, items: Promotion[]) =>
  serveItems(fake, '/api/manager/promotions', items, {
    create: (id, body: PromotionBody) => promotion(id, withImage(body)),
    update: (item, body: PromotionBody) => ({ ...item, ...withImage(body) }),
  });

export const serveChallenges = (fake: FakeApi, items: Challenge[]) =>
  serveItems(fake, '/api/manager/challenges', items, {
    create: (id, body: ChallengeBody) => challenge(id, { ...body, met: 0 }),
    update: (item, body: ChallengeBody) => ({ ...item, ...body }),
  });

/** The content section's product list (English texts only) and each product's artwork. */
export function serveProducts(fake: FakeApi): void {
  const meta = {
    version: 1,
    updated_at: '2026-01-01T00:00:00Z',
    updated_by: null,
    source: 'seed',
    seed_differs: false,
  };
  const name = (code: string) => `${code.toUpperCase()} Gummies`;
  fake.on('GET /api/manager/content/products', () =>
    jsonResponse(200, {
      data: PRODUCT_CODES.map((code) => ({ code, name: name(code), locales: { en: meta, fr: null } })),
    }),
  );
  for (const code of PRODUCT_CODES)
    fake.on(`GET /api/manager/content/products/${code}/en`, () =>
      jsonResponse(200, {
        data: { ...meta, body: { name: name(code) }, versions: [], image_url: imageOf(code) },
      }),
    );
}

export function partnerRow(index: number, overrides: Partial<ChallengePartner> = {}): ChallengePartner {
  return {
    partner: { uuid: `partner-${index}`, name: `Partner ${index}`, email: `partner${index}@example.com` },
    progress: 10,
    met: false,
    rewarded_at: null,
    ...overrides,
  };
}

/** `rows` (best first) in pages of the length asked. */
export function servePartners(fake: FakeApi, id: number, rows: ChallengePartner[]): void {
  fake.on(`GET /api/manager/challenges/${id}/partners`, ({ url }) => pageOf(rows, url));
}
