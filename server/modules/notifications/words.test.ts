// A notification's words said in each language (docs/decisions/069-notification-words.md).
import { describe, expect, it } from 'vitest';
import { sayWords, storedWords, type NotificationWords } from './words';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('notification words', () => {
  const sale: NotificationWords = {
    title: { key: 'notifications_server.sale_title' },
    body: [
      {
        key: 'notifications_server.sale_body',
        params: { order: '#1042', amount: { money: 209023, currency: 'USD' } },
      },
    ],
  };

  it('says the same facts in each language, amounts formatted for each', () => {
    expect(sayWords(sale, 'en')).toEqual({ title: 'New sale', body: 'Order #1042: you earned $2,090.23.' });
    const fr = sayWords(sale, 'fr');
    expect(fr.title).not.toBe('New sale');
    expect(plain(fr.body)).toContain('#1042');
    expect(plain(fr.body)).toContain('2 090,23 $ US');
    // Any other language reads English.
    expect(sayWords(sale, 'de')).toEqual(sayWords(sale, 'en'));
  });

  it('says another key, percent points and a text written per language in the reader’s language', () => {
    const payout: NotificationWords = {
      title: { key: 'notifications_server.payout_title' },
      body: [
        {
          key: 'notifications_server.payout_body',
          params: { amount: { money: 5000, currency: 'CAD' }, status: { key: 'status.APPROVED' } },
        },
        { key: 'notifications_server.payout_reason', params: { reason: 'Checked by Sam' } },
      ],
    };
    const en = sayWords(payout, 'en');
    const fr = sayWords(payout, 'fr');
    expect(en.body).toBe('Your cash-out of CA$50.00 is now: Payment Pending. Reason: Checked by Sam');
    expect(plain(fr.body)).toMatch(/50,00 \$.*Paiement en attente.*Motif : Checked by Sam/);

    const challenge: NotificationWords = {
      title: {
        key: 'notifications_server.challenge_title',
        params: { title: { text: { en: 'Five sales', fr: 'Cinq ventes' } } },
      },
      body: [
        {
          key: 'notifications_server.challenge_voucher',
          params: { code: 'THANKS-7Q', off: { percent: 12.5 } },
        },
      ],
    };
    expect(sayWords(challenge, 'en').title).toContain('Five sales');
    expect(sayWords(challenge, 'en').body).toContain('12.5%');
    expect(sayWords(challenge, 'fr').title).toContain('Cinq ventes');
    expect(plain(sayWords(challenge, 'fr').body)).toContain('12,5 %');
    // Written in one language only: read in that one.
    const frenchOnly = {
      ...challenge,
      title: { ...challenge.title, params: { title: { text: { fr: 'Cinq ventes' } } } },
    };
    expect(sayWords(frenchOnly, 'en').title).toContain('Cinq ventes');
  });

  it('reads stored words back, and not words naming a key the catalog lost', () => {
    expect(storedWords(null)).toBeUndefined();
    expect(storedWords(JSON.stringify(sale))).toEqual(sale);
    const lost = { title: { key: 'notifications_server.gone_title' }, body: [] };
    expect(storedWords(JSON.stringify(lost))).toBeUndefined();
    const lostParam = {
      title: {
        key: 'notifications_server.badge_title',
        params: { name: { key: 'engagement.badges.gone.name' } },
      },
      body: [],
    };
    expect(storedWords(JSON.stringify(lostParam))).toBeUndefined();
  });
});
