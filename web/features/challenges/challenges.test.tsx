// The dashboard's monthly promo and challenges widgets: progress, reward and state, live moves on
// the pushes, and French.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { PartnerChallenge, PartnerPromotion } from './challenges-api';

let fake: FakeApi;
let sockets: FakeSockets;
let challenges: PartnerChallenge[];
let promos: PartnerPromotion[];

const challenge = (overrides: Partial<PartnerChallenge> = {}): PartnerChallenge => ({
  id: 1,
  month: '2026-11',
  title: 'Three sales this month',
  body: 'Sell three with your code.',
  metric: 'sales_count',
  target: 3,
  progress: 1,
  met: false,
  reward: { kind: 'bonus', amount: 25 },
  rewarded_at: null,
  ends_at: '2026-12-01T00:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  challenges = [];
  promos = [];
  fake.on('GET /api/getChallenges', () => jsonResponse(200, { data: challenges }));
  fake.on('GET /api/getPromotions', () => jsonResponse(200, { data: promos }));
});

const widget = (id: string) => screen.findByTestId(`widget-${id}`);

describe('monthly challenges widget', () => {
  it('shows each challenge with its progress, reward and end', async () => {
    challenges = [
      challenge(),
      challenge({
        id: 2,
        title: 'Sell $100',
        metric: 'sales_amount',
        target: 100,
        progress: 120,
        met: true,
        reward: { kind: 'voucher', type: 'percent', amount: 20 },
      }),
      challenge({
        id: 3,
        title: 'Old one',
        progress: 3,
        met: true,
        rewarded_at: '2026-11-20T10:00:00.000Z',
        reward: { kind: 'voucher', type: 'fixed', amount: 15 },
      }),
    ];
    renderApp('/account');
    const card = await widget('challenges');
    const rows = await within(card).findAllByTestId('challenge');
    expect(rows.map((row) => row.dataset.state)).toEqual(['running', 'met', 'rewarded']);
    expect(rows[0]).toHaveTextContent('1 of 3 sales');
    expect(rows[0]).toHaveTextContent('$25.00 bonus');
    expect(rows[0]).toHaveTextContent('Ends Nov 30');
    expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(rows[1]).toHaveTextContent('$120.00 of $100.00');
    expect(rows[1]).toHaveTextContent('20% voucher');
    expect(rows[1]).toHaveTextContent('Target met! Your reward comes once these sales are verified.');
    expect(rows[2]).toHaveTextContent('Reward paid on Nov 20, 2026');
    expect(rows[2]).toHaveTextContent('$15.00 voucher');
  });

  it('says plainly when there is none', async () => {
    renderApp('/account');
    expect(await within(await widget('challenges')).findByTestId('challenges-empty')).toHaveTextContent(
      'No challenge running right now',
    );
    expect(await within(await widget('promo')).findByTestId('promo-empty')).toHaveTextContent(
      'No promo this month yet',
    );
  });

  it('moves the bar when a sale is pushed, and when staff change a challenge', async () => {
    challenges = [challenge()];
    renderApp('/account');
    const card = await widget('challenges');
    await within(card).findByTestId('challenge');
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    act(() => socket.serverEmit('connect'));
    challenges = [challenge({ progress: 2 })];
    act(() => socket.serverEmit('new_order', { order_id: 5, notification_id: 9 }));
    await waitFor(() =>
      expect(within(card).getByTestId('challenge-progress')).toHaveTextContent('2 of 3 sales'),
    );
    challenges = [challenge({ progress: 3, met: true, rewarded_at: '2026-11-24T10:00:00.000Z' })];
    act(() => socket.serverEmit('challenge_rewarded', { challenge_id: 1 }));
    await waitFor(() => expect(within(card).getByTestId('challenge').dataset.state).toBe('rewarded'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    try {
      challenges = [challenge({ title: 'Trois ventes' })];
      promos = [
        {
          id: 1,
          title: 'ACV à 20 %',
          body: 'Tout le mois.',
          product: 'acv',
          image_url: '/api/media/acv.webp',
          starts_on: '2026-11-01',
          ends_on: '2026-11-30',
        },
      ];
      renderApp('/account');
      const card = await widget('challenges');
      expect(await within(card).findByTestId('challenge-progress')).toHaveTextContent('1 sur 3 ventes');
      expect(within(card).getByTestId('challenge')).toHaveTextContent('Prime de 25,00 $');
      const promo = await within(await widget('promo')).findByTestId('promo');
      expect(promo).toHaveTextContent('ACV à 20 %');
      expect(promo).toHaveTextContent('Jusqu’au 30 nov.');
      expect(promo.querySelector('img')).toHaveAttribute('src', '/api/media/acv.webp?w=240');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
