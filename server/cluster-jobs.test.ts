// The scheduled work that talks to the outside or pays money, run by all three nodes at once
// (issue 14, decisions/043): PayPal sending and polling, the Instagram token refresh and post
// fetch, and challenge rewards. Every node runs every task every tick (TASK_INTERVAL_MAX_SECONDS=1)
// and the stand-ins answer slowly, so the nodes' rounds overlap; each test counts what reached the
// stand-in and what was written, per payout, account or partner. PostgreSQL and Redis only:
// elsewhere the file is skipped with the reason (server/cluster.test.ts has the rest).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instagramClient } from './integrations/meta/instagram';
import { createChallenge } from './modules/challenges/service';
import { openToken, sealToken, tokenBinding } from './modules/integrations/seal';
import { createPartnerAccount } from './modules/partners/service';
import { findPayout, transition } from './modules/payouts/service';
import { createPromoCode } from './modules/promo-codes/service';
import { approveMaturedEarnings } from './modules/ledger/service';
import { CLUSTER_SECRET, clusterPrerequisites, instagramEnv, payPalEnv, startCluster } from './test/cluster';
import type { Cluster } from './test/cluster';
import { startMetaStandIn } from './test/meta-stand-in';
import type { MetaStandIn } from './test/meta-stand-in';
import { readOutbox } from './test/mailbox';
import { startPayPalStandIn } from './test/paypal-stand-in';
import type { PayPalStandIn } from './test/paypal-stand-in';
import {
  bearer,
  createPartnerWithEarnings,
  createStaffWithToken,
  expectLedger,
} from './test/payouts-fixture';
import type { FixturePartner, FixtureStaff } from './test/payouts-fixture';
import { shopifyHeaders, shopifyOrderPayload } from './test/shopify';

const prerequisites = await clusterPrerequisites();
const skip = 'skip' in prerequisites ? prerequisites.skip : undefined;
if (skip) console.warn(`cluster job tests skipped: ${skip}`);

const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done` answers true, checking every 100 ms; fails with `what` after `ms`. */
async function until(what: string, done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(skip !== undefined)('scheduled jobs on three nodes (PostgreSQL and Redis)', () => {
  let cluster: Cluster;
  let paypal: PayPalStandIn;
  let meta: MetaStandIn;
  let staff: FixtureStaff;
  // Known to the test, so that it can seal the tokens of the accounts it connects as the nodes would.
  const integrationsKey = randomBytes(32);
  const db = () => cluster.database.db;

  beforeAll(async () => {
    if ('skip' in prerequisites) return;
    [paypal, meta] = await Promise.all([startPayPalStandIn(), startMetaStandIn()]);
    cluster = await startCluster({
      ...prerequisites,
      env: {
        ...payPalEnv(paypal),
        ...instagramEnv(meta),
        INTEGRATIONS_KEY: integrationsKey.toString('base64'),
        TASK_INTERVAL_MAX_SECONDS: '1',
      },
    });
    staff = await createStaffWithToken(db(), 'reviewer');
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
    await Promise.all([paypal?.close(), meta?.close()]);
  }, 30_000);

  const node = (i: number) => cluster.nodes[i % cluster.nodes.length]!;

  it('sends each approved payout to PayPal once and settles it once while all 3 nodes send, poll and take the webhook', async () => {
    // PayPal holds each batch PENDING until the test says otherwise, and answers every call after
    // 100 ms: a node's send round over the payouts takes more than a second, so the rounds overlap.
    paypal.setItemOutcome('default', 'PENDING');
    paypal.latencyMs = 100;
    const approved = [2500, 1750];
    const pending = [999];
    const partners: FixturePartner[] = await Promise.all(
      Array.from({ length: 12 }, () => createPartnerWithEarnings(db(), { approved, pending })),
    );
    const asked = await Promise.all(
      partners.map((p, i) =>
        fetch(`${node(i).url}/api/payMeNow`, { method: 'POST', headers: bearer(p.token) }),
      ),
    );
    expect(asked.map((a) => a.status)).toEqual(Array(12).fill(201));
    const ids = (await Promise.all(asked.map((a) => a.json()))).map(
      (body: { data: { id: number } }) => body.data.id,
    );
    // A reviewer approves all twelve in one commit: they are due to PayPal at the same instant.
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const id of ids)
          await transition(
            trx,
            (await findPayout(trx, id))!,
            'APPROVED',
            { kind: 'staff', id: staff.id, name: staff.name },
            { paypalConfigured: true },
          );
      });

    const payouts = () =>
      db().selectFrom('payouts').selectAll().where('id', 'in', ids).orderBy('id').execute();
    await until('every payout sent', async () => (await payouts()).every((p) => p.paypal_batch_id !== null));

    // PayPal pays them all. Half hear of it by webhook, delivered to all three nodes at once, while
    // every node's next poll asks about all twelve (their last check forgotten).
    for (const id of ids) paypal.setItemOutcome(String(id), 'SUCCESS');
    const events = ids
      .slice(0, 6)
      .map((id) => paypal.signedEvent(String(id), 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED'));
    await db().updateTable('payouts').set({ checked_at: null }).where('id', 'in', ids).execute();
    const delivered = await Promise.all(
      events.flatMap((event) =>
        cluster.nodes.map((n) =>
          fetch(`${n.url}/api/webhooks/paypal`, { method: 'POST', headers: event.headers, body: event.body }),
        ),
      ),
    );
    expect(delivered.map((d) => d.status)).toEqual(Array(18).fill(200));
    await until('every payout paid', async () => (await payouts()).every((p) => p.status === 'PAID'));

    // One create request per payout reached PayPal, and one batch was made of it.
    const creates = paypal.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payments/payouts')
      .map(
        (r) =>
          (JSON.parse(r.body) as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header
            .sender_batch_id,
      );
    expect([...creates].sort()).toEqual(ids.map(String).sort());
    for (const row of await payouts()) {
      const batch = paypal.batchFor(String(row.id))!;
      expect(paypal.paidCount(String(row.id))).toBe(1);
      // Claimed once (a second claim would count a second attempt), in the first round.
      expect(row).toMatchObject({
        status: 'PAID',
        paypal_status: 'SUCCESS',
        paypal_batch_id: batch.batchId,
        paypal_item_id: batch.items[0]!.itemId,
        reference: batch.items[0]!.itemId,
        send_round: 1,
        send_attempts: 1,
        send_locked_until: null,
      });
      const history = await db()
        .selectFrom('payout_events')
        .select(['to_status', 'actor_kind'])
        .where('payout_id', '=', row.id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { to_status: 'PENDING', actor_kind: 'partner' },
        { to_status: 'APPROVED', actor_kind: 'staff' },
        { to_status: 'PAID', actor_kind: 'paypal' },
      ]);
    }
    // The partner hears of the payment once; the ledger holds each earning once, paid.
    await until('the follow-up jobs of the payments', async () => {
      const open = await db()
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'payout_changed')
        .where('done_at', 'is', null)
        .execute();
      return open.length === 0;
    });
    for (const p of partners) {
      const notes = await db()
        .selectFrom('notifications')
        .select('data')
        .where('partner_id', '=', p.id)
        .where('kind', '=', 'payout')
        .execute();
      expect(notes.map((n) => (JSON.parse(n.data!) as { status: string }).status).sort()).toEqual([
        'APPROVED',
        'PAID',
      ]);
      await expectLedger(db(), p.id, { totalCents: 2500 + 1750 + 999, PAID: 2500 + 1750, PENDING: 999 });
    }
    // Their mail went through the outbox, after the jobs' commits (decisions/047): one row per
    // change, sent once by one of the nodes' send rounds.
    const partnerIds = partners.map((p) => p.id);
    const payoutMail = () =>
      db()
        .selectFrom('mail_outbox')
        .select(['partner_id', 'payload', 'outcome'])
        .where('kind', '=', 'payout_status')
        .where('partner_id', 'in', partnerIds)
        .execute();
    await until('the payout mail sent', async () =>
      (await payoutMail()).every((row) => row.outcome === 'sent'),
    );
    const rows = await payoutMail();
    for (const p of partners) {
      const own = rows
        .filter((row) => row.partner_id === p.id)
        .map((row) => (JSON.parse(row.payload!) as { status: string }).status);
      expect(own.sort()).toEqual(['APPROVED', 'PAID']);
    }
    // Each node writes what it sends into its own outbox: together they hold each mail once.
    const mailed = (await Promise.all(cluster.nodes.map((n) => readOutbox(n.dataDir)))).flat();
    for (const p of partners) expect(mailed.filter((m) => m.to.includes(p.email))).toHaveLength(2);
    paypal.latencyMs = 0;
  });

  it('refreshes each due Instagram token once and fetches and stores each account’s posts once while all 3 nodes sync', async () => {
    // Meta answers every call after 50 ms: an account's sync (refresh, profile, posts, pictures)
    // takes a few hundred, and the three nodes' pools of four work side by side.
    meta.latencyMs = 50;
    const instagram = instagramClient({
      appId: meta.appId,
      secret: meta.secret,
      authorizeUrl: `${meta.url}/oauth/authorize`,
      apiUrl: meta.url,
      graphUrl: meta.url,
    });
    const now = Date.now();
    const connected: { partnerId: number; userId: string; postIds: string[]; token: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const tag = randomBytes(4).toString('hex');
      const partner = await createPartnerAccount(db(), {
        email: `insta-${tag}@example.test`,
        password: `password-${tag}`,
        first_name: 'Insta',
        last_name: tag,
      });
      await createPromoCode(db(), partner.id, `IG${tag.toUpperCase()}`);
      // Connected 50 days ago: the long-lived token ends in 5 days, so the next sync refreshes it.
      const account = meta.addAccount('instagram');
      const redirect = `${node(0).url}/account/connect/instagram`;
      const { accessToken } = await instagram.exchangeCode(meta.issueCode(account, redirect), redirect);
      await db()
        .insertInto('partner_integrations')
        .values({
          partner_id: partner.id,
          provider: 'instagram',
          provider_user_id: account.userId,
          username: account.username,
          display_name: account.name,
          picture_url: null,
          token_sealed: sealToken(integrationsKey, accessToken, tokenBinding(partner.id, 'instagram')),
          token_expires_at: new Date(now + 5 * DAY).toISOString(),
          status: 'connected',
          status_reason: null,
          connected_at: new Date(now - 50 * DAY).toISOString(),
          token_refreshed_at: new Date(now - 50 * DAY).toISOString(),
          synced_at: null,
          // Not due until the last one is in: then all become due in one commit.
          next_sync_at: new Date(now + DAY).toISOString(),
          locked_until: null,
        })
        .execute();
      connected.push({
        partnerId: partner.id,
        userId: account.userId,
        postIds: account.posts.map((p) => p.id),
        token: accessToken,
      });
    }
    const partnerIds = connected.map((c) => c.partnerId);
    await db()
      .updateTable('partner_integrations')
      .set({ next_sync_at: new Date(Date.now() - 1000).toISOString() })
      .where('partner_id', 'in', partnerIds)
      .execute();
    const rows = () =>
      db()
        .selectFrom('partner_integrations')
        .selectAll()
        .where('partner_id', 'in', partnerIds)
        .orderBy('partner_id')
        .execute();
    await until('every account synced', async () =>
      (await rows()).every((r) => r.synced_at !== null && r.locked_until === null),
    );

    const callsWith = (path: string, token: string) =>
      meta.calls.filter((c) => c.path === path && c.params.access_token === token);
    for (const row of await rows()) {
      const account = connected.find((c) => c.partnerId === row.partner_id)!;
      expect(row).toMatchObject({ status: 'connected', status_reason: null });
      // Refreshed once: one refresh call with the old token; the new one kept, good for 60 days.
      expect(callsWith('/refresh_access_token', account.token)).toHaveLength(1);
      const refreshed = openToken(
        integrationsKey,
        row.token_sealed,
        tokenBinding(row.partner_id, 'instagram'),
      )!;
      expect(refreshed).not.toBe(account.token);
      expect(meta.isToken(refreshed)).toBe(true);
      expect(Date.parse(row.token_expires_at!)).toBeGreaterThan(now + 59 * DAY);
      expect(Date.parse(row.token_refreshed_at)).toBeGreaterThanOrEqual(now);
      // Fetched once, with the new token; the old one fetched nothing.
      expect(callsWith('/me/media', refreshed)).toHaveLength(1);
      expect(callsWith('/me', refreshed)).toHaveLength(1);
      expect(callsWith('/me/media', account.token)).toHaveLength(0);
      expect(callsWith('/refresh_access_token', refreshed)).toHaveLength(0);
      // Each post stored once, by the one sync that fetched it.
      const media = await db()
        .selectFrom('instagram_media')
        .select(['media_id', 'fetched_at'])
        .where('partner_id', '=', row.partner_id)
        .execute();
      expect(media.map((m) => m.media_id).sort()).toEqual([...account.postIds].sort());
      expect(new Set(media.map((m) => m.fetched_at)).size).toBe(1);
      expect(Date.parse(row.next_sync_at)).toBeGreaterThan(Date.now() + 50 * 60_000);
    }
    meta.latencyMs = 0;
  });

  it('pays a met challenge’s reward once to each partner while all 3 nodes sweep', async () => {
    // Thirty partners with two verified sales this month each, recorded through the nodes.
    const partners = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const tag = randomBytes(4).toString('hex');
        const p = await createPartnerAccount(db(), {
          email: `seller-${tag}@example.test`,
          password: `password-${tag}`,
          first_name: 'Sel',
          last_name: tag,
        });
        return { id: p.id, code: (await createPromoCode(db(), p.id, `CH${tag.toUpperCase()}`)).code };
      }),
    );
    const orders = partners.flatMap((p) => [
      shopifyOrderPayload({ code: p.code }),
      shopifyOrderPayload({ code: p.code }),
    ]);
    const answers = await Promise.all(
      orders.map((order, i) => {
        const body = JSON.stringify(order);
        return fetch(`${node(i).url}/api/webhooks/shopify`, {
          method: 'POST',
          headers: shopifyHeaders('orders/paid', body, { secret: CLUSTER_SECRET }),
          body,
        });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    // Their holding period over (the approval on three nodes is server/cluster.test.ts's).
    await approveMaturedEarnings(db(), new Date(Date.now() + 31 * DAY));
    const ids = partners.map((p) => p.id);
    const sales = await db()
      .selectFrom('earnings')
      .select(['partner_id', sql<number>`sum(amount_cents)`.as('cents'), sql<number>`count(*)`.as('n')])
      .where('partner_id', 'in', ids)
      .where('kind', '=', 'sale')
      .where('status', '=', 'APPROVED')
      .groupBy('partner_id')
      .execute();
    expect(sales.map((s) => Number(s.n))).toEqual(Array(30).fill(2));

    // The challenge appears in one commit: all thirty are due to every node's next sweep at once.
    const challenge = await createChallenge(
      db(),
      {
        month: new Date().toISOString().slice(0, 7),
        metric: 'sales_count',
        target: 2,
        reward: { kind: 'bonus', amount: 25 },
        content: {
          en: { title: 'Two sales', body: 'Sell two this month.' },
          fr: { title: 'Deux ventes', body: 'Vendez-en deux ce mois-ci.' },
        },
      },
      staff.id,
    );
    const rewards = () =>
      db().selectFrom('challenge_rewards').selectAll().where('challenge_id', '=', challenge.id).execute();
    await until('every reward paid', async () => (await rewards()).length >= 30);
    // Two more ticks of every node: a sweep that would pay again has had its chance.
    await sleep(2500);

    const paid = await rewards();
    expect(paid.map((r) => r.partner_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(paid.every((r) => r.earning_id !== null)).toBe(true);
    const bonuses = await db()
      .selectFrom('earnings')
      .select(['id', 'partner_id', 'amount_cents', 'status'])
      .where('source_key', '=', `challenge:${challenge.id}`)
      .execute();
    expect(bonuses.map((b) => b.partner_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(bonuses.every((b) => b.amount_cents === 2500 && b.status === 'APPROVED')).toBe(true);
    expect(bonuses.map((b) => b.id).sort()).toEqual(paid.map((r) => r.earning_id).sort());
    const notes = await db()
      .selectFrom('notifications')
      .select('partner_id')
      .where('kind', '=', 'challenge')
      .where('partner_id', 'in', ids)
      .execute();
    expect(notes.map((n) => n.partner_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const s of sales) {
      const cents = Number(s.cents) + 2500;
      await expectLedger(db(), Number(s.partner_id), { totalCents: cents, APPROVED: cents });
    }
  });

  it('logged no error on any node', () => {
    expect(cluster.nodes.flatMap((n) => n.errors())).toEqual([]);
  });
});
