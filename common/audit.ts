// The audit log's vocabulary (docs/product/back-office.md#audit-log): the entities staff change and the actions the
// portal writes today, each `<entity>.<verb>`. The back office names each in both languages
// (`manager.audit.entities.<entity>`, `manager.audit.actions.<entity>.<verb>`); an action written
// before its words are in the catalogs is still listed and shown, by its generic verb or its
// raw name. A capability that adds an audited change adds its action here.
export const AUDIT_ACTIONS = [
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'custom.create',
  'custom.update',
  'custom.delete',
  'promotion.create',
  'promotion.update',
  'promotion.delete',
  'challenge.create',
  'challenge.update',
  'challenge.delete',
  'claim.shipped',
  'claim.declined',
  'claim.open',
  'promo_code.store_sync_retry',
  'payout.approve',
  'payout.reject',
  'payout.review',
  'payout.mark_paid',
  'partner.suspend',
  'partner.reactivate',
  'partner.commission_override',
  'partner.referral_commission',
  'partner.subpartner',
  'partner.note_add',
  'partner.resend_verification',
  'promo_code.discount',
  'voucher.issue',
  'voucher.revoke',
  'settings.update',
  'settings.staff_totp_policy',
  'settings.time_zone',
  'settings.store_connect',
  'settings.store_disconnect',
  'staff.invite',
  'staff.resend_invite',
  'staff.accept_invite',
  'staff.role_change',
  'staff.deactivate',
  'staff.reactivate',
  'staff.update',
  'staff.totp_enable',
  'staff.totp_disable',
  'staff.totp_reset',
  'staff.totp_recovery_codes',
  'marketplace_import.create',
  'subpartner.create',
  'subpartner.update',
  'subpartner.deactivate',
  'subpartner.reactivate',
  'subpartner.logo',
  'subpartner.logo_remove',
  // Not changes, but who took the program's data out and with which filters (decisions/034).
  'export.partners',
  'export.payouts',
  'export.earnings',
  // The partner's own changes, written without a staff member on the partner's lines
  // (docs/decisions/063-account-changes.md).
  'account.paypal_email',
  'account.email',
  'account.password',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Actions that name the partner's own changes: their lines are on the partner, by no staff member. */
export const isPartnersOwnAction = (action: string) => action.startsWith('account.');

/** The entities of the actions above, in the order the filter lists them (the partner's own changes are the partner's). */
export const AUDIT_ENTITIES = [
  ...new Set(
    AUDIT_ACTIONS.map((action) => (isPartnersOwnAction(action) ? 'partner' : action.split('.')[0]!)),
  ),
];

/** Verbs every entity may use, with generic words ("Partner created") when an action has none of its own. */
export const GENERIC_AUDIT_VERBS = ['create', 'update', 'delete'] as const;

/** The entity and verb of an action (`payout.mark_paid` → payout, mark_paid); no dot: all entity. */
export function splitAction(action: string): { entity: string; verb: string } {
  const dot = action.indexOf('.');
  return dot < 0
    ? { entity: action, verb: '' }
    : { entity: action.slice(0, dot), verb: action.slice(dot + 1) };
}
