// The settings' "Store" against a fake staff API (issue 30): a first connection checked before
// sending, a wrong token refused at its field in Shopify's own words, then a right one showing
// the shop, its scopes and the topics registered; missing scopes named and a shop currency that
// is not the program's; a connection held by the environment shown read only with its variables;
// a disconnection only after a question; the reconciliation and the back-fill; the topics as
// cards on a phone; French. A Dev Dashboard app (the way offered first) by its client ID and secret.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { signInStaff } from '../../../test/messages-fixtures';
import { sampleCurrencySettings, serveCurrencySettings } from '../../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import {
  sampleConnection,
  serveStore,
  STORE_ADDRESS,
  storeConnected,
  storeNotConnected,
  storeTopics,
} from '../../../test/store-fixtures';
import type { StoreSettings } from './store-api';

const SHOPIFY_REFUSAL = '[API] Invalid API key or access token (unrecognized login or wrong password)';

let fake: FakeApi;

beforeEach(() => {
  fake = installFakeApi();
  stubMatchMedia((query) => query === '(min-width: 768px)');
  fake.on('GET /api/manager/settings', () =>
    jsonResponse(200, {
      data: {
        holding_period_days: 30,
        minimum_payout: 25,
        manager_threshold: 500,
        marketplace_rate: 10,
        default_discount: 15,
        referral_commission_amount: 5,
        referral_comission_type: 'percent',
        tiers: [{ min_sales: 0, rate: 10 }],
        currency: 'USD',
        updated_at: null,
      },
    }),
  );
  fake.on('GET /api/manager/settings/time-zone', () =>
    jsonResponse(200, { data: { time_zone: 'America/Toronto', updated_at: null } }),
  );
  serveCurrencySettings(fake);
  signInStaff(fake, 'admin');
});

const section = () => screen.findByTestId('settings-group-store');
const messageOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'))
      ?.textContent ?? null
  );
};

describe('the store connection', () => {
  it('connects the store: checked before sending, a wrong token refused in Shopify’s words, then the shop and its topics', async () => {
    let stored: StoreSettings = storeNotConnected();
    fake.on('GET /api/manager/settings/store', () => jsonResponse(200, { data: stored }));
    fake.on('PUT /api/manager/settings/store', ({ body }) => {
      const input = body as { admin_token: string };
      if (input.admin_token !== 'shpat_right')
        return jsonResponse(422, {
          code: 422,
          message: 'The store refused the token',
          errors: { admin_token: [SHOPIFY_REFUSAL] },
        });
      stored = storeConnected({ reconciliation: null });
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const group = await section();
    expect(within(group).getByRole('heading', { level: 2, name: 'Store' })).toBeInTheDocument();
    expect(await within(group).findByTestId('store-status')).toHaveTextContent('Not connected');
    // Before a connection: the topics the portal will register, at its address.
    expect(within(group).getByTestId('store-address')).toHaveTextContent(STORE_ADDRESS);
    expect(within(group).getByTestId('store-api-version')).toHaveTextContent('2025-07');
    const rows = within(group).getAllByTestId('store-topic-row');
    expect(rows.map((row) => within(row).getByTestId('store-topic-state').textContent)).toEqual([
      'Not registered',
      'Not registered',
      'Not registered',
    ]);
    expect(rows[0]).toHaveTextContent('Order paid');
    expect(rows[2]).toHaveTextContent('Refund made');
    expect(within(group).getByTestId('store-subscriptions-checked')).toHaveTextContent(
      'Registered by the portal once the store is connected.',
    );
    expect(within(group).getByTestId('store-setup')).toHaveTextContent('Develop apps');
    expect(within(group).getByTestId('store-setup')).toHaveTextContent('Dev Dashboard');

    // An app made in the store's admin before 2026: its access token.
    await user.click(within(group).getByLabelText(/In the store’s admin, before 2026/));
    const domain = within(group).getByLabelText('Shop domain');
    const token = within(group).getByLabelText('Admin API access token');
    const secret = within(group).getByLabelText('App client secret (webhook secret)');
    expect(token).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('type', 'password');

    await user.click(within(group).getByTestId('store-connect'));
    expect(messageOf(domain)).toBe('Enter the shop’s domain');
    expect(messageOf(token)).toBe('Enter the Admin API access token');
    expect(domain).toHaveFocus();
    expect(fake.calls()).not.toContain('PUT /api/manager/settings/store');

    await user.type(domain, 'sunbite.myshopify.com');
    await user.type(token, 'shpat_wrong');
    await user.type(secret, 'client-secret');
    await user.click(within(group).getByTestId('store-connect'));
    await waitFor(() => expect(messageOf(token)).toBe(SHOPIFY_REFUSAL));
    expect(token).toHaveFocus();
    expect(fake.lastBody('PUT /api/manager/settings/store')).toEqual({
      shop_domain: 'sunbite.myshopify.com',
      admin_token: 'shpat_wrong',
      webhook_secret: 'client-secret',
    });

    await user.clear(token);
    expect(messageOf(token)).toBe('Enter the Admin API access token');
    await user.type(token, 'shpat_right');
    expect(messageOf(token)).toBeNull();
    await user.click(within(group).getByTestId('store-connect'));
    expect(
      await screen.findByText('Connected to Sunbite. The portal now registers its webhooks.'),
    ).toBeInTheDocument();
    expect(within(group).getByTestId('store-shop-name')).toHaveTextContent('Sunbite');
    expect(within(group).getByTestId('store-shop-domain-value')).toHaveTextContent('sunbite.myshopify.com');
    expect(within(group).getByTestId('store-currency')).toHaveTextContent('USD');
    expect(within(group).queryByTestId('store-currency-note')).toBeNull();
    expect(within(group).getByTestId('store-scopes')).toHaveTextContent('read_orderswrite_discounts');
    expect(within(group).getByTestId('store-token')).toHaveTextContent('shpat_…9f3c');
    expect(within(group).getByTestId('store-token')).toHaveTextContent('Checked May 12, 2026');
    expect(within(group).queryByTestId('store-form')).toBeNull();
    // Neither secret is ever shown back.
    expect(group).not.toHaveTextContent('shpat_right');
    expect(group).not.toHaveTextContent('client-secret');
    const registered = within(group).getAllByTestId('store-topic-row');
    expect(registered.map((row) => within(row).getByTestId('store-topic-state').textContent)).toEqual([
      'Registered',
      'Registered',
      'Registered',
    ]);
    expect(within(registered[0]!).getByTestId('store-topic-last')).toHaveTextContent('May 12, 2026');
    expect(within(registered[0]!).getByTestId('store-topic-refused-link')).toHaveTextContent('2 refused');
    expect(within(registered[1]!).getByTestId('store-topic-last')).toHaveTextContent('None yet');
    expect(within(group).getByTestId('store-subscriptions-checked')).toHaveTextContent(
      'Subscriptions checked May 12, 2026',
    );
    expect(within(group).getByTestId('store-reconciliation-none')).toHaveTextContent(
      'Not run yet: the first run reads the last 60 days.',
    );
  });

  it('connects a Dev Dashboard app by its client ID and secret: checked before sending, refused in Shopify’s words, then renewed by the portal', async () => {
    let stored: StoreSettings = storeNotConnected();
    fake.on('GET /api/manager/settings/store', () => jsonResponse(200, { data: stored }));
    fake.on('PUT /api/manager/settings/store', ({ body }) => {
      const input = body as { webhook_secret?: string };
      if (input.webhook_secret !== 'shpss_right')
        return jsonResponse(422, {
          code: 422,
          message: 'Shopify refused the app’s client ID and client secret',
          errors: { client_id: ['Client authentication failed.'] },
        });
      stored = storeConnected({
        reconciliation: null,
        connection: sampleConnection({
          app_kind: 'client_credentials',
          client_id: 'c0ffee1234',
          token_expires_at: '2026-05-13T14:05:00.000Z',
        }),
      });
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const group = await section();
    // The way every app is made since 2026 is the one offered first.
    expect(await within(group).findByLabelText(/In Shopify’s Dev Dashboard/)).toBeChecked();
    expect(within(group).queryByLabelText('Admin API access token')).toBeNull();
    const domain = within(group).getByLabelText('Shop domain');
    const clientId = within(group).getByLabelText('Client ID');
    const secret = within(group).getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(domain, 'sunbite.myshopify.com');
    await user.click(within(group).getByTestId('store-connect'));
    expect(messageOf(clientId)).toBe('Enter the app’s client ID');
    expect(messageOf(secret)).toBe('Enter the app’s client secret');
    expect(fake.calls()).not.toContain('PUT /api/manager/settings/store');

    await user.type(clientId, 'c0ffee1234');
    await user.type(secret, 'shpss_wrong');
    await user.click(within(group).getByTestId('store-connect'));
    await waitFor(() => expect(messageOf(clientId)).toBe('Client authentication failed.'));
    expect(fake.lastBody('PUT /api/manager/settings/store')).toEqual({
      shop_domain: 'sunbite.myshopify.com',
      client_id: 'c0ffee1234',
      webhook_secret: 'shpss_wrong',
    });
    await user.clear(secret);
    await user.type(secret, 'shpss_right');
    await user.click(within(group).getByTestId('store-connect'));
    expect(await within(group).findByTestId('store-app')).toHaveTextContent('Dev Dashboard app · c0ffee1234');
    expect(within(group).getByTestId('store-token-renewed')).toHaveTextContent(
      'Renewed by the portal each day; this token lasts until May 13, 2026',
    );
    expect(group).not.toHaveTextContent('shpss_right');
  });

  it('names the missing scopes, the store’s refusal of a domain and a shop currency that needs a rate', async () => {
    serveCurrencySettings(fake, sampleCurrencySettings({ rates: [] }));
    serveStore(
      fake,
      storeConnected({
        connection: sampleConnection({
          currency: 'CAD',
          scopes: ['read_orders'],
          missing_scopes: ['write_discounts'],
          check_error: null,
        }),
        subscriptions_error: 'Address for this topic has already been taken',
      }),
    );
    renderApp('/manager/settings');
    const group = await section();
    expect(await within(group).findByTestId('store-missing-scopes')).toHaveTextContent(
      'The token lacks the write_discounts scope',
    );
    expect(within(group).getByTestId('store-status')).toHaveTextContent('Needs a look');
    const note = await within(group).findByTestId('store-currency-note');
    expect(note).toHaveTextContent(
      'Not the program currency (USD): each order in CAD needs a rate to be counted.',
    );
    expect(within(note).getByRole('link', { name: 'Set the CAD rate' })).toHaveAttribute(
      'href',
      '/manager/settings?rate=CAD#currency-rates',
    );
    expect(within(group).getByTestId('store-subscriptions-error')).toHaveTextContent(
      'The subscriptions could not be checked: Address for this topic has already been taken',
    );
  });

  it('shows the rate a shop currency is counted at when one is set', async () => {
    serveStore(fake, storeConnected({ connection: sampleConnection({ currency: 'CAD' }) }));
    renderApp('/manager/settings');
    const note = await screen.findByTestId('store-currency-note');
    expect(note).toHaveTextContent('orders are counted at 1 CAD = 0.7312 USD');
  });

  it('shows a connection held by the environment read only, naming the variables', async () => {
    serveStore(
      fake,
      storeConnected({ connection: sampleConnection({ source: 'environment', token_hint: 'shpat_…e2e0' }) }),
    );
    renderApp('/manager/settings');
    const group = await section();
    const note = await within(group).findByTestId('store-environment');
    expect(note).toHaveTextContent('SHOPIFY_SHOP_DOMAIN');
    expect(note).toHaveTextContent('SHOPIFY_ADMIN_TOKEN');
    expect(note).toHaveTextContent('SHOPIFY_WEBHOOK_SECRET');
    expect(within(group).getByTestId('store-status')).toHaveTextContent('Set on the server');
    expect(within(group).getByTestId('store-shop-name')).toHaveTextContent('Sunbite');
    expect(within(group).queryByTestId('store-form')).toBeNull();
    expect(within(group).queryByTestId('store-replace')).toBeNull();
    expect(within(group).queryByTestId('store-disconnect')).toBeNull();
  });

  it('replaces the token, keeping the secret when its box is left empty', async () => {
    let stored = storeConnected();
    fake.on('GET /api/manager/settings/store', () => jsonResponse(200, { data: stored }));
    fake.on('PUT /api/manager/settings/store', () => {
      stored = storeConnected({ connection: sampleConnection({ token_hint: 'shpat_…77aa' }) });
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const group = await section();
    await user.click(await within(group).findByTestId('store-replace'));
    const form = within(group).getByTestId('store-form');
    expect(within(form).getByLabelText('Shop domain')).toHaveValue('sunbite.myshopify.com');
    expect(within(form).getByLabelText('Admin API access token')).toHaveValue('');
    expect(form).toHaveTextContent('the stored one (shpat_…9f3c) is never shown');
    expect(form).toHaveTextContent('Leave empty to keep the one set');
    await user.type(within(form).getByLabelText('Admin API access token'), 'shpat_new');
    await user.click(within(form).getByTestId('store-connect'));
    await waitFor(() => expect(within(group).getByTestId('store-token')).toHaveTextContent('shpat_…77aa'));
    expect(fake.lastBody('PUT /api/manager/settings/store')).toEqual({
      shop_domain: 'sunbite.myshopify.com',
      admin_token: 'shpat_new',
    });
    expect(within(group).queryByTestId('store-form')).toBeNull();
  });

  it('refuses a domain that is not a myshopify.com one before sending, and names every scope a token lacks', async () => {
    serveStore(fake);
    fake.on('PUT /api/manager/settings/store', () =>
      jsonResponse(422, {
        code: 422,
        message: 'The token lacks scopes the portal needs.',
        errors: {
          admin_token: ['The token lacks scopes the portal needs.'],
          missing_scopes: ['read_orders', 'write_discounts'],
        },
      }),
    );
    const { user } = renderApp('/manager/settings');
    const group = await section();
    const domain = await within(group).findByLabelText('Shop domain');
    await user.click(within(group).getByLabelText(/In the store’s admin, before 2026/));
    const token = within(group).getByLabelText('Admin API access token');
    await user.type(domain, 'sunbite.com');
    await user.type(token, 'shpat_few');
    await user.click(within(group).getByTestId('store-connect'));
    expect(messageOf(domain)).toBe('Enter the shop’s myshopify.com address, such as sunbite.myshopify.com');
    expect(fake.calls()).not.toContain('PUT /api/manager/settings/store');
    await user.clear(domain);
    await user.type(domain, 'Sunbite.myshopify.com');
    await user.click(within(group).getByTestId('store-connect'));
    await waitFor(() => expect(messageOf(token)).toBe('The token lacks scopes the portal needs.'));
    expect(within(group).getByTestId('store-failure')).toHaveTextContent(
      'The token lacks these scopes: read_orders, write_discounts.',
    );
  });

  it('says so when the environment took the connection meanwhile (409)', async () => {
    serveStore(fake);
    fake.on('PUT /api/manager/settings/store', () =>
      jsonResponse(409, { code: 409, message: 'The server’s environment holds the store connection.' }),
    );
    const { user } = renderApp('/manager/settings');
    const group = await section();
    await user.type(await within(group).findByLabelText('Shop domain'), 'sunbite.myshopify.com');
    await user.click(within(group).getByLabelText(/In the store’s admin, before 2026/));
    await user.type(within(group).getByLabelText('Admin API access token'), 'shpat_x');
    await user.click(within(group).getByTestId('store-connect'));
    expect(await within(group).findByTestId('store-failure')).toHaveTextContent(
      'The server’s environment holds the store connection.',
    );
  });

  it('disconnects only after a question', async () => {
    let stored: StoreSettings = storeConnected();
    fake.on('GET /api/manager/settings/store', () => jsonResponse(200, { data: stored }));
    fake.on('DELETE /api/manager/settings/store', () => {
      stored = storeNotConnected();
      return jsonResponse(200, { data: stored });
    });
    const { user } = renderApp('/manager/settings');
    const group = await section();
    await user.click(await within(group).findByTestId('store-disconnect'));
    const dialog = await screen.findByTestId('store-disconnect-confirm');
    expect(dialog).toHaveTextContent('Disconnect Sunbite?');
    expect(dialog).toHaveTextContent('Webhooks are then refused');
    expect(fake.calls()).not.toContain('DELETE /api/manager/settings/store');
    await user.click(within(dialog).getByTestId('store-disconnect-confirm-confirm'));
    expect(await screen.findByText('Sunbite is disconnected.')).toBeInTheDocument();
    expect(await within(group).findByTestId('store-form')).toBeInTheDocument();
    expect(within(group).getByTestId('store-status')).toHaveTextContent('Not connected');
  });

  it('shows the last reconciliation, what it found, the back-fill under way and its error', async () => {
    serveStore(
      fake,
      storeConnected({
        reconciliation: {
          last_run_at: '2026-05-12T14:00:00.000Z',
          synced_through: '2026-05-12T13:59:00.000Z',
          last_found: { orders: 1, cancellations: 0, refunds: 2 },
          backfill: {
            state: 'running',
            from: '2026-03-13T14:00:00.000Z',
            through: '2026-04-01T00:00:00.000Z',
          },
          error: 'Throttled',
        },
      }),
    );
    renderApp('/manager/settings');
    const block = await screen.findByTestId('store-reconciliation');
    expect(await within(block).findByTestId('store-last-run')).toHaveTextContent('May 12, 2026');
    expect(within(block).getByTestId('store-found')).toHaveTextContent(
      '1 order · 0 cancellations · 2 refunds',
    );
    const backfill = within(block).getByTestId('store-backfill');
    expect(backfill).toHaveAttribute('data-state', 'running');
    expect(backfill).toHaveTextContent('Reading the orders updated from Mar 13, 2026 to Apr 1, 2026');
    expect(within(block).getByTestId('store-reconciliation-error')).toHaveTextContent(
      'The last run failed: Throttled',
    );
  });

  it('stacks the topics as cards on a phone', async () => {
    stubMatchMedia(() => false);
    serveStore(fake, storeConnected());
    renderApp('/manager/settings');
    const cards = await screen.findByTestId('store-topics-cards');
    expect(within(cards).getAllByTestId('store-topic-row')).toHaveLength(3);
    expect(screen.queryByTestId('store-topics-table')).toBeNull();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    serveStore(fake, { ...storeNotConnected(), topics: storeTopics() });
    renderApp('/manager/settings');
    const group = await section();
    expect(within(group).getByRole('heading', { level: 2, name: 'Boutique' })).toBeInTheDocument();
    expect(await within(group).findByTestId('store-status')).toHaveTextContent('Non connectée');
    expect(within(group).getByLabelText('Identifiant client')).not.toHaveAttribute('type', 'password');
    expect(within(group).getByLabelText('Secret client')).toHaveAttribute('type', 'password');
    expect(within(group).getByLabelText(/Dans le Dev Dashboard de Shopify/)).toBeChecked();
    expect(within(group).getAllByTestId('store-topic-row')[0]).toHaveTextContent('Commande payée');
    expect(within(group).getByTestId('store-connect')).toHaveTextContent('Connecter la boutique');
  });
});
