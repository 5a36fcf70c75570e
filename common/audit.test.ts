import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, GENERIC_AUDIT_VERBS, splitAction } from './audit';
import { catalogs, LOCALES } from './i18n';

// Every action the portal writes is named in both languages, and so is its entity; the generic
// verbs are there for the actions written before their words.
describe('the audit log’s words', () => {
  for (const locale of LOCALES) {
    const words = (
      catalogs[locale].portal.manager as unknown as {
        audit: {
          actions: Record<string, Record<string, string>>;
          entities: Record<string, string>;
          verbs: Record<string, string>;
        };
      }
    ).audit;
    it(`names every known action and entity in ${locale}`, () => {
      for (const action of AUDIT_ACTIONS) {
        const { entity, verb } = splitAction(action);
        expect(words.actions[entity]?.[verb], `${locale} ${action}`).toBeTruthy();
      }
      for (const entity of AUDIT_ENTITIES) expect(words.entities[entity], `${locale} ${entity}`).toBeTruthy();
      for (const verb of GENERIC_AUDIT_VERBS)
        expect(words.verbs[verb], `${locale} ${verb}`).toContain('{{entity}}');
    });
  }

  it('splits an action into its entity and verb', () => {
    expect(splitAction('payout.mark_paid')).toEqual({ entity: 'payout', verb: 'mark_paid' });
    expect(splitAction('promo_code.store_sync_retry')).toEqual({
      entity: 'promo_code',
      verb: 'store_sync_retry',
    });
    expect(splitAction('odd')).toEqual({ entity: 'odd', verb: '' });
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
