import { describe, expect, it } from 'vitest';
import type { Payout } from '../../db/schema';
import { allowedActions } from './service';

const payout = (overrides: Partial<Payout>): Payout => ({
  id: 1,
  partner_id: 1,
  status: 'PENDING',
  amount_cents: 80_000,
  currency: 'USD',
  paypal_email: 'p@paypal.example',
  earnings_count: 3,
  reason: null,
  fraudulent: 0,
  approved_by: null,
  reference: null,
  paid_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  send_after: null,
  send_round: 0,
  send_attempts: 0,
  send_locked_until: null,
  send_error: null,
  paypal_batch_id: null,
  paypal_item_id: null,
  paypal_status: null,
  checked_at: null,
  ...overrides,
});

const reviewer = { id: 10, role: 'reviewer' as const };
const manager = { id: 20, role: 'manager' as const };

// What staff may do is decided by the payout's stage, the role, and whether PayPal may hold money.
describe('allowedActions', () => {
  it('never lets a payout whose PayPal item is still claimable be rejected, at either stage', () => {
    expect(
      allowedActions(payout({ status: 'IN_REVIEW', paypal_status: 'UNCLAIMED' }), reviewer, true),
    ).toEqual(['approve']);
    expect(
      allowedActions(
        payout({ status: 'MANAGER_IN_REVIEW', paypal_status: 'UNCLAIMED', approved_by: reviewer.id }),
        manager,
        true,
      ),
    ).toEqual(['approve']);
    // The first approver cannot take the second stage, and a reviewer none of it.
    expect(
      allowedActions(
        payout({ status: 'MANAGER_IN_REVIEW', paypal_status: 'UNCLAIMED', approved_by: manager.id }),
        manager,
        true,
      ),
    ).toEqual([]);
    expect(
      allowedActions(
        payout({ status: 'MANAGER_IN_REVIEW', paypal_status: 'UNCLAIMED', approved_by: 99 }),
        reviewer,
        true,
      ),
    ).toEqual([]);
  });

  it('offers neither mark-paid nor pull-back while a PayPal send may have gone out, even once PayPal is switched off', () => {
    const sent = payout({ status: 'MANAGER_APPROVED', send_round: 1, send_attempts: 1 });
    expect(allowedActions(sent, manager, true)).toEqual([]);
    expect(allowedActions(sent, manager, false)).toEqual([]);
    const never = payout({ status: 'MANAGER_APPROVED' });
    expect(allowedActions(never, manager, false)).toEqual(['mark_paid', 'review']);
    expect(allowedActions(never, manager, true)).toEqual(['review']);
  });
});
