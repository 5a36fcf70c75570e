// The pages behind the overview's "needs a look" against a fake staff API: the card leads to them;
// refused deliveries with their reason in staff words, the ledger's state, the filters in the URL
// and the payload on demand (as a table on wide screens, cards on phones, and in French); the
// codes the store refused, pushed again one at a time or all at once by a manager, read only for
// a reviewer, and without buttons when the push is off.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { signInStaff } from '../../../test/messages-fixtures';
import {
  onePage,
  sampleDeliveries,
  sampleOverview,
  samplePayload,
  samplePushes,
  serveOverview,
} from '../../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

const serveDeliveries = (rows = sampleDeliveries()) => {
  const asked: URL[] = [];
  fake.on('GET /api/manager/overview/deliveries', ({ url }) => {
    asked.push(url);
    return jsonResponse(200, onePage(rows));
  });
  fake.on('GET /api/manager/overview/deliveries/12/payload', () =>
    jsonResponse(200, { data: samplePayload() }),
  );
  return asked;
};

describe('the overview’s card', () => {
  it('leads to the page of each kind', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    expect(await screen.findByTestId('attention-open-deliveries')).toHaveAttribute(
      'href',
      '/manager/overview/deliveries',
    );
    expect(screen.getByTestId('attention-open-deliveries')).toHaveTextContent('See every refused delivery');
    expect(screen.getByTestId('attention-open-pushes')).toHaveAttribute(
      'href',
      '/manager/overview/store-pushes',
    );
  });
});

describe('refused Shopify deliveries', () => {
  it('lists each with its reason in staff words, its error ID and whether the ledger got it later', async () => {
    stubMatchMedia(() => true);
    signInStaff(fake, 'reviewer');
    serveDeliveries();
    renderApp('/manager/overview/deliveries');
    const table = await screen.findByTestId('deliveries-table');
    await waitFor(() => expect(document.title).toContain('Refused Shopify deliveries'));
    expect(screen.getByTestId('deliveries-total')).toHaveTextContent('3 refused deliveries');
    const rows = within(table).getAllByTestId('delivery-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('delivery-topic')).toHaveTextContent('Order paid');
    expect(within(rows[0]!).getByTestId('delivery-problems')).toHaveTextContent('Total: not an amount');
    expect(within(rows[0]!).getByTestId('delivery-problems')).toHaveTextContent(
      'Line item 2 · price: an amount below 0 or above 1,000,000',
    );
    expect(within(rows[0]!).getByTestId('delivery-error-id')).toHaveTextContent(
      '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    );
    expect(rows[0]).toHaveTextContent('sunbite.myshopify.com');
    expect(within(rows[0]!).getByTestId('delivery-ledger')).toHaveTextContent('Recorded since');
    expect(within(rows[0]!).getByTestId('delivery-ledger')).toHaveTextContent('Order #1123 is in the ledger');
    expect(within(rows[1]!).getByTestId('delivery-ledger')).toHaveTextContent('Not in the ledger');
    expect(within(rows[1]!).getByTestId('delivery-ledger')).toHaveTextContent('Refund 5600000000999');
    expect(within(rows[1]!).getByTestId('delivery-problems')).toHaveTextContent(
      'Date created: not a real date and time',
    );
    expect(within(rows[2]!).getByTestId('delivery-ledger')).toHaveAttribute('data-state', 'unknown');
    expect(within(rows[2]!).getByTestId('delivery-problems')).toHaveTextContent('Payload: not JSON');
    expect(screen.getByTestId('back-to-overview')).toHaveAttribute('href', '/manager/overview');
  });

  it('opens a payload on demand, pretty-printed, saying what was hidden', async () => {
    signInStaff(fake, 'reviewer');
    serveDeliveries();
    const { user } = renderApp('/manager/overview/deliveries');
    const first = (await screen.findAllByTestId('delivery-row'))[0]!;
    expect(fake.calls()).not.toContain('GET /api/manager/overview/deliveries/12/payload');
    const toggle = within(first).getByTestId('delivery-payload-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const text = await within(first).findByTestId('delivery-payload-text');
    expect(text.textContent).toContain('"token": "[hidden]"');
    expect(text).toHaveAccessibleName(/Payload of delivery b1f0c0de/);
    expect(within(first).getByTestId('delivery-payload-hidden')).toHaveTextContent('1 value hidden');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(within(first).queryByTestId('delivery-payload-text')).not.toBeInTheDocument();
  });

  it('keeps the topic and the days in the URL and asks the server with them', async () => {
    signInStaff(fake, 'manager');
    const asked = serveDeliveries();
    const { user, router } = renderApp('/manager/overview/deliveries?from=2026-05-01&page=2');
    await screen.findAllByTestId('delivery-row');
    const from = asked.at(-1)!.searchParams.get('from')!;
    // The staff member's own day, as the instant it begins.
    expect(new Date(from).getTime()).toBe(new Date(2026, 4, 1).getTime());
    expect(asked.at(-1)!.searchParams.get('page')).toBe('2');
    await user.selectOptions(screen.getByTestId('deliveries-filter-topic'), 'refunds/create');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-05-01&topic=refunds%2Fcreate'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('topic')).toBe('refunds/create'));
    expect(asked.at(-1)!.searchParams.get('page')).toBe('1');
    await user.click(screen.getByTestId('deliveries-clear'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when there is nothing, and when the filters find nothing', async () => {
    signInStaff(fake, 'reviewer');
    serveDeliveries([]);
    const { unmount } = renderApp('/manager/overview/deliveries');
    expect(await screen.findByTestId('deliveries-empty')).toHaveTextContent('No refused delivery');
    unmount();
    renderApp('/manager/overview/deliveries?topic=orders/paid');
    expect(await screen.findByTestId('deliveries-empty')).toHaveTextContent(
      'No refused delivery matches these filters',
    );
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    signInStaff(fake, 'reviewer');
    serveDeliveries();
    renderApp('/manager/overview/deliveries');
    const first = (await screen.findAllByTestId('delivery-row'))[0]!;
    expect(
      screen.getByRole('heading', { level: 1, name: 'Livraisons Shopify refusées' }),
    ).toBeInTheDocument();
    expect(within(first).getByTestId('delivery-topic')).toHaveTextContent('Commande payée');
    expect(within(first).getByTestId('delivery-problems')).toHaveTextContent('Total : pas un montant');
    expect(within(first).getByTestId('delivery-problems')).toHaveTextContent(
      'Article 2 · prix : montant négatif ou supérieur à 1 000 000',
    );
    expect(within(first).getByTestId('delivery-ledger')).toHaveTextContent('Enregistrée depuis');
  });
});

describe('codes the store refused', () => {
  const servePushes = (rows = samplePushes(), configured = true) =>
    fake.on('GET /api/manager/overview/store-pushes', () =>
      jsonResponse(200, onePage(rows, { push_configured: configured })),
    );

  it('lists each with its partner, the store’s words and when; a manager pushes one again', async () => {
    stubMatchMedia(() => true);
    signInStaff(fake, 'manager');
    servePushes();
    fake.on('POST /api/manager/overview/store-pushes/ALMA15/retry', () => {
      servePushes(samplePushes().slice(1));
      return jsonResponse(202, {
        data: {
          code: 'ALMA15',
          store_sync: { state: 'pending', store_id: null, message: null, attempts: 0, updated_at: null },
        },
      });
    });
    const { user } = renderApp('/manager/overview/store-pushes');
    const table = await screen.findByTestId('pushes-table');
    await waitFor(() => expect(document.title).toContain('Codes the store refused'));
    const rows = within(table).getAllByTestId('push-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('push-code')).toHaveTextContent('ALMA15');
    expect(within(rows[0]!).getByRole('link', { name: 'Open Alma Seller' })).toHaveAttribute(
      'href',
      '/manager/partners/uuid-alma',
    );
    expect(within(rows[0]!).getByTestId('push-message')).toHaveTextContent('Code must be unique');
    expect(rows[1]).toHaveTextContent('after 8 attempts');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Push ALMA15 to the store again' }));
    expect(await screen.findByText('ALMA15 is queued for the store.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('pushes-table')).getAllByTestId('push-row')).toHaveLength(1),
    );
  });

  it('pushes them all again at once, and says so when nothing was left', async () => {
    signInStaff(fake, 'admin');
    servePushes();
    let retried = 2;
    fake.on('POST /api/manager/overview/store-pushes/retry-all', () => {
      const answer = jsonResponse(200, { data: { retried } });
      retried = 0;
      return answer;
    });
    const { user } = renderApp('/manager/overview/store-pushes');
    const all = await screen.findByTestId('pushes-retry-all');
    expect(all).toHaveTextContent('Push all 2 again');
    await user.click(all);
    expect(await screen.findByText('2 codes are queued for the store.')).toBeInTheDocument();
    await user.click(screen.getByTestId('pushes-retry-all'));
    expect(
      await screen.findByText('Nothing left to push: the codes were already queued.'),
    ).toBeInTheDocument();
    expect(
      fake.calls().filter((call) => call === 'POST /api/manager/overview/store-pushes/retry-all'),
    ).toHaveLength(2);
  });

  it('shows a code no longer refused as the server says (409)', async () => {
    signInStaff(fake, 'manager');
    servePushes();
    fake.on('POST /api/manager/overview/store-pushes/ALMA15/retry', () =>
      jsonResponse(409, {
        code: 409,
        message: 'The push of this code to the store has not failed: there is nothing to retry',
      }),
    );
    const { user } = renderApp('/manager/overview/store-pushes');
    const rows = await screen.findAllByTestId('push-row');
    await user.click(within(rows[0]!).getByTestId('push-retry'));
    expect(
      await screen.findByText('The push of this code to the store has not failed: there is nothing to retry'),
    ).toBeInTheDocument();
  });

  it('is read only for a reviewer', async () => {
    signInStaff(fake, 'reviewer');
    servePushes();
    renderApp('/manager/overview/store-pushes');
    expect(await screen.findAllByTestId('push-row')).toHaveLength(2);
    expect(await screen.findByTestId('pushes-read-only')).toHaveTextContent(
      'Managers and admins can push codes again.',
    );
    expect(screen.queryByTestId('push-retry')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pushes-retry-all')).not.toBeInTheDocument();
  });

  it('says the push is off and offers no button then', async () => {
    signInStaff(fake, 'admin');
    servePushes(samplePushes(), false);
    renderApp('/manager/overview/store-pushes');
    expect(await screen.findByTestId('pushes-off')).toHaveTextContent(
      'No store is connected, so codes cannot be pushed',
    );
    expect(screen.queryByTestId('push-retry')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pushes-retry-all')).not.toBeInTheDocument();
  });

  it('says when the store has every code', async () => {
    signInStaff(fake, 'manager');
    servePushes([]);
    renderApp('/manager/overview/store-pushes');
    expect(await screen.findByTestId('pushes-empty')).toHaveTextContent('No refused code');
  });
});
