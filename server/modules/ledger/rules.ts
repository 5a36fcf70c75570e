// The sales rules other modules apply too, written once: what counts as a verified sale, and the
// tier (and so the commission rate) a partner's verified sales reach (docs/decisions/032-program-settings.md
// for the tiers, docs/decisions/036-partners-in-the-back-office.md for `partners.verified_sales`).
// Pure functions: the callers read the tiers (allTiers) and the partner's row themselves.
import type { EarningKind, EarningStatus, Partner } from '../../db/schema';

/**
 * Verified sales, what places a partner in a tier: their sale earnings approved (in a payout or
 * not) or paid, counted over all time (no month or week of the program's calendar). The running
 * total `partners.verified_sales` is kept by this rule with every change of an earning
 * (stats.ts), and it is the one figure every reader takes.
 */
export const VERIFIED_STATUSES: readonly EarningStatus[] = ['APPROVED', 'IN_PAYOUT', 'PAID'];
export const VERIFIED_KIND: EarningKind = 'sale';

/** Whether an earning in this kind and status is one verified sale. */
export const isVerifiedSale = (kind: EarningKind, status: EarningStatus): boolean =>
  kind === VERIFIED_KIND && VERIFIED_STATUSES.includes(status);

/** A commission tier as `commission_tiers` holds it: from `min_sales` verified sales, `rate_bp`. */
export interface Tier {
  min_sales: number;
  rate_bp: number;
}

/** What the rate of a partner depends on. */
export type RatedPartner = Pick<Partner, 'commission_override_bp' | 'verified_sales'>;

/**
 * The tier `verifiedSales` reach (the one with the highest threshold at or below them; null
 * below every tier) and the tier after it. `tiers` come lowest threshold first, as allTiers
 * answers them. The ingestion's one-row read (repository.ts, reachedTier) applies the same rule
 * in SQL to the same table.
 */
export function tierReached<T extends Tier>(
  tiers: readonly T[],
  verifiedSales: number,
): { tier: T | null; next: T | null } {
  const verified = Number(verifiedSales);
  let at = -1;
  for (let i = 0; i < tiers.length; i++) if (tiers[i]!.min_sales <= verified) at = i;
  return { tier: at >= 0 ? tiers[at]! : null, next: tiers[at + 1] ?? null };
}

/**
 * The commission rate of a partner now, in basis points: a staff override, else the rate of the
 * tier reached (`tier`, from tierReached or reachedTier), else 0.
 */
export const commissionRateBp = (
  partner: Pick<Partner, 'commission_override_bp'>,
  tier: Pick<Tier, 'rate_bp'> | null | undefined,
): number => partner.commission_override_bp ?? tier?.rate_bp ?? 0;

/**
 * The verified sales a tier spans: from its threshold to the next tier's (null: no end), for the
 * tier starting at `minSales`; undefined when no tier starts there.
 */
export function tierSpan(
  tiers: readonly Tier[],
  minSales: number,
): { min: number; max: number | null } | undefined {
  const at = tiers.findIndex((t) => t.min_sales === minSales);
  if (at < 0) return undefined;
  return { min: tiers[at]!.min_sales, max: tiers[at + 1]?.min_sales ?? null };
}
