import { describe, expect, it } from 'vitest';
import { catalogs } from '../common/i18n';
import { identitySchemas } from '../common/validation';
import { MESSAGES } from './errors';
import { localizeMessage, requestLocale, sayKey } from './i18n';
import { AUTH_MESSAGES } from './modules/auth/service';

describe('messages in the visitor language', () => {
  it('reads the language from Accept-Language, English by default', () => {
    expect(requestLocale({ headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } })).toBe('fr');
    expect(requestLocale({ headers: { 'accept-language': 'de-DE,en;q=0.5' } })).toBe('en');
    expect(requestLocale({ headers: {} })).toBe('en');
  });

  it('has every API message of the server in the catalog, in both languages', () => {
    const english = Object.values(catalogs.en.portal.api);
    for (const message of [...Object.values(MESSAGES), ...Object.values(AUTH_MESSAGES)]) {
      expect(english, message).toContain(message);
      expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    }
    expect(localizeMessage('Not Authorized', 'fr')).toBe('Non autorisé');
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
