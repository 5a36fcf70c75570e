// The tier rule is written twice on purpose: tierReached for the readers that have every tier, and
// reachedTier's one-row SQL for the hot paths. They must give the same tier for any verified sales.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import { allTiers, reachedTier } from './repository';
import { commissionRateBp, isVerifiedSale, tierReached, tierSpan } from './rules';
import type { Tier } from './rules';

const TIERS: Tier[] = [
  { min_sales: 0, rate_bp: 1000 },
  { min_sales: 25, rate_bp: 1500 },
  { min_sales: 100, rate_bp: 2000 },
  { min_sales: 250, rate_bp: 2500 },
];

describe('the tier reached', () => {
  it('is the highest threshold at or below the verified sales, with the next one', () => {
    expect(tierReached(TIERS, 0)).toEqual({ tier: TIERS[0], next: TIERS[1] });
    expect(tierReached(TIERS, 24)).toEqual({ tier: TIERS[0], next: TIERS[1] });
    expect(tierReached(TIERS, 25)).toEqual({ tier: TIERS[1], next: TIERS[2] });
    expect(tierReached(TIERS, 249)).toEqual({ tier: TIERS[2], next: TIERS[3] });
    expect(tierReached(TIERS, 10_000)).toEqual({ tier: TIERS[3], next: null });
    expect(tierReached([], 10)).toEqual({ tier: null, next: null });
    // Below a first tier that starts above 0 (not allowed by the settings, but read all the same).
    expect(tierReached([{ min_sales: 5, rate_bp: 700 }], 2)).toEqual({
      tier: null,
      next: { min_sales: 5, rate_bp: 700 },
    });
  });

  it('gives the rate: a staff override first, else the tier’s, else 0', () => {
    expect(commissionRateBp({ commission_override_bp: null }, TIERS[2])).toBe(2000);
    expect(commissionRateBp({ commission_override_bp: 0 }, TIERS[2])).toBe(0);
    expect(commissionRateBp({ commission_override_bp: 3300 }, null)).toBe(3300);
    expect(commissionRateBp({ commission_override_bp: null }, null)).toBe(0);
  });

  it('spans from its threshold to the next one', () => {
    expect(tierSpan(TIERS, 25)).toEqual({ min: 25, max: 100 });
    expect(tierSpan(TIERS, 250)).toEqual({ min: 250, max: null });
    expect(tierSpan(TIERS, 30)).toBeUndefined();
    expect(tierSpan(TIERS, Number('x'))).toBeUndefined();
  });

  it('counts approved, in-payout and paid sale earnings as verified sales', () => {
    expect(isVerifiedSale('sale', 'APPROVED')).toBe(true);
    expect(isVerifiedSale('sale', 'IN_PAYOUT')).toBe(true);
    expect(isVerifiedSale('sale', 'PAID')).toBe(true);
    for (const status of ['PENDING', 'IN_REVIEW', 'REJECTED'] as const)
      expect(isVerifiedSale('sale', status)).toBe(false);
    expect(isVerifiedSale('referral', 'PAID')).toBe(false);
  });
});

describe('the one-row read of the tier', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('agrees with tierReached for every number of verified sales', async () => {
    const { db } = database;
    for (const tiers of [
      TIERS,
      [{ min_sales: 0, rate_bp: 500 }],
      [
        { min_sales: 3, rate_bp: 800 },
        { min_sales: 7, rate_bp: 900 },
      ],
      [],
    ]) {
      await db.deleteFrom('commission_tiers').execute();
      if (tiers.length) await db.insertInto('commission_tiers').values(tiers).execute();
      const stored = await allTiers(db);
      for (let verified = 0; verified <= 300; verified++) {
        const expected = tierReached(stored, verified).tier;
        expect((await reachedTier(db, verified))?.rate_bp, `${verified} with ${JSON.stringify(tiers)}`).toBe(
          expected?.rate_bp,
        );
      }
    }
  });
});
