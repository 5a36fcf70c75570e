import { describe, expect, it } from 'vitest';
import { catalogs, LOCALES } from '../common/i18n';
import { partnerEarningStatus, STATUSES } from '../common/statuses';
import { identitySchemas } from '../common/validation';
import { EARNING_STATUSES } from './modules/ledger/earnings-export';
import { isApiMessageKey, localizeMessage, requestLocale, sayApi, sayKey, statusLabel } from './i18n';

describe('messages in the visitor language', () => {
  it('reads the language from Accept-Language, English by default', () => {
    expect(requestLocale({ headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } })).toBe('fr');
    expect(requestLocale({ headers: { 'accept-language': 'de-DE,en;q=0.5' } })).toBe('en');
    expect(requestLocale({ headers: {} })).toBe('en');
  });

  it('says API messages by key, in both languages, with their values', () => {
    expect(sayApi('not_authorized', 'en')).toBe('Not Authorized');
    expect(sayApi('not_authorized', 'fr')).toBe('Non autorisé');
    expect(sayApi('content.upload_type', 'fr')).toBe(catalogs.fr.portal.api.content.upload_type);
    expect(sayApi('marketplace.reasons.date', 'en', { value: '31/02' })).toBe('Not a date: “31/02”');
    expect(localizeMessage('two_factor.wrong_code_field', 'fr')).toBe(
      catalogs.fr.portal.api.two_factor.wrong_code_field,
    );
    expect(isApiMessageKey('content.upload_type')).toBe(true);
    expect(isApiMessageKey('content')).toBe(false);
  });

  it('never looks English text back up: text that is no key is answered as it is', () => {
    expect(localizeMessage('Not Authorized', 'fr')).toBe('Not Authorized');
    expect(localizeMessage('some unknown text', 'fr')).toBe('some unknown text');
  });

  it('turns validation keys into the spec messages, with their numbers', () => {
    expect(localizeMessage(sayKey('min', { n: 8 }), 'en')).toBe('Min 8 characters required');
    expect(localizeMessage(sayKey('max', { n: 128 }), 'fr')).toBe('128 caractères maximum');
    expect(localizeMessage(sayKey('february_28'), 'en')).toBe('28 days for entered year');
    const result = identitySchemas(sayKey).forgotPassword.safeParse({ email: 'nope' });
    expect(result.success).toBe(false);
    expect(localizeMessage(result.error!.issues[0]!.message, 'en')).toBe('This field must be a valid email');
  });
});

describe('status labels', () => {
  // Every list a partner or staff reads (sales, referrals, marketplace, payouts, invoices) labels
  // a status through statusLabel, an earning's through partnerEarningStatus first.
  it('has words for every payout and earning status in both languages, never a catalog key', () => {
    for (const locale of LOCALES) {
      const labels = [...STATUSES, ...EARNING_STATUSES.map(partnerEarningStatus)].map((status) =>
        statusLabel(status, locale),
      );
      for (const label of labels) expect(label).not.toMatch(/^status\.|^[A-Z_]+$/);
    }
    expect(statusLabel(partnerEarningStatus('IN_PAYOUT'), 'en')).toBe('Payment Pending');
    expect(statusLabel(partnerEarningStatus('IN_PAYOUT'), 'fr')).toBe(catalogs.fr.portal.status.APPROVED);
  });
});
