// What runs in the background of every node, and the handlers of queued jobs.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { withMailLog } from '../integrations/mail/mailer';
import {
  awardDueBadgesForOrder,
  awardDueBadgesForOrders,
  awardDueBadgesForPayout,
  pushAwarded,
  sweepBadges,
} from '../modules/badges/service';
import { sweepChallengeRewards } from '../modules/challenges/service';
import { integrationDeps, syncDueIntegrations } from '../modules/integrations/service';
import { forgetPastVisitors } from '../modules/links/service';
import { notifySale, notifySales } from '../modules/notifications/service';
import {
  digestClock,
  queueProgramNews,
  queueSaleDigests,
  sendMailRound,
} from '../modules/program-mail/service';
import { notifyPayoutChange } from '../modules/payouts/notify';
import { PAYOUT_CHANGED_JOB } from '../modules/payouts/service';
import { pollSentPayouts, sendDuePayouts } from '../modules/payouts/paypal';
import { approveMaturedEarnings } from '../modules/ledger/service';
import { activeStore, storeDeps } from '../modules/store-connection/active-store';
import { keepSubscriptions } from '../modules/store-connection/subscriptions';
import { pushDueCodes } from '../modules/store-sync/service';
import { reconcileStore } from '../modules/store-reconcile/service';
import type { Scheduler } from './scheduler';
import { startScheduler } from './scheduler';

/** The round that sends the mail outbox: woken by a job that queued mail, else every 3 s. */
const MAIL_SEND_TASK = 'program-mail-send';
/** The reconciliation with the store's orders (docs/decisions/057-store-reconciliation.md). */
const RECONCILE_TASK = 'shopify-reconcile';

// Each job and each task round gets its own logger from the scheduler (`log` below shadows the
// app's): every line it writes, its mail's too, carries the run's id (decisions/041).
export function startBackground(ctx: AppContext, log: FastifyBaseLogger, jobsEveryMs?: number): Scheduler {
  const badgePush = (uuid: string, data: Record<string, unknown>) =>
    ctx.push.toPartner(uuid, 'badge_awarded', data);
  const scheduler: Scheduler = startScheduler({
    db: ctx.db,
    log,
    signal: ctx.jobs,
    ...(jobsEveryMs ? { jobsEveryMs } : {}),
    // TASK_INTERVAL_MAX_SECONDS: every task at least that often (trying them out, the tests on
    // several nodes); each task stays safe however often and on however many nodes it runs.
    ...(ctx.config.taskIntervalMaxMs ? { maxEveryMs: ctx.config.taskIntervalMaxMs } : {}),
    handlers: {
      // Follow-up of a recorded order: the sale notification and the badges it earned, then the
      // live pushes.
      order_recorded: Object.assign(
        async (payload: Record<string, unknown>, trx: Db) => {
          const created = await notifySale(trx, Number(payload.orderId));
          const awarded = await awardDueBadgesForOrder(trx, Number(payload.orderId));
          return () => {
            if (created)
              ctx.push.toPartner(created.uuid, 'new_order', {
                order_id: Number(payload.orderId),
                notification_id: created.notificationId,
              });
            pushAwarded(badgePush, awarded);
          };
        },
        {
          // A burst of orders: their notifications in one read and a few inserts, each partner's
          // badges weighed once (decisions/044).
          batch: async (payloads: Record<string, unknown>[], trx: Db) => {
            const orderIds = payloads.map((payload) => Number(payload.orderId));
            const created = await notifySales(trx, orderIds);
            const awarded = await awardDueBadgesForOrders(trx, orderIds);
            return () => {
              for (const sale of created)
                ctx.push.toPartner(sale.uuid, 'new_order', {
                  order_id: sale.orderId,
                  notification_id: sale.notificationId,
                });
              for (const each of awarded) pushAwarded(badgePush, each);
            };
          },
        },
      ),
      // A payout changed status: the partner's notification, e-mail and live push; a first paid
      // payout earns its badge. The e-mail is an outbox row written here and sent by this node's
      // send round, woken once the job's transaction commits (decisions/047).
      [PAYOUT_CHANGED_JOB]: async (payload, trx) => {
        const pushChange = await notifyPayoutChange(
          trx,
          {
            push: (uuid, data) => ctx.push.toPartner(uuid, 'payout_changed', data),
            mailQueued: () => scheduler.soon(MAIL_SEND_TASK),
          },
          Number(payload.eventId),
        );
        const awarded = await awardDueBadgesForPayout(trx, Number(payload.payoutId));
        return () => {
          pushChange?.();
          pushAwarded(badgePush, awarded);
        };
      },
    },
    periodic: [
      {
        name: 'approve-matured-earnings',
        everyMs: 10 * 60 * 1000,
        run: () => approveMaturedEarnings(ctx.db),
      },
      // Short-link visitors whose 30 minutes have ended (docs/decisions/059-click-counting.md).
      { name: 'forget-link-visitors', everyMs: 10 * 60 * 1000, run: () => forgetPastVisitors(ctx.db) },
      // Badges whose measure moved outside an order's or a payout's job (marketplace and referral
      // earnings), and any award a failed job left for later.
      {
        name: 'award-badges',
        everyMs: 5 * 60 * 1000,
        run: async () => {
          for (const awarded of await sweepBadges(ctx.db)) pushAwarded(badgePush, awarded);
        },
      },
      // Monthly challenges met with verified sales: each reward paid once, its push after.
      {
        name: 'challenge-rewards',
        everyMs: 10 * 60 * 1000,
        run: async (log) => {
          for (const rewarded of await sweepChallengeRewards(ctx.db, new Date(), log)) {
            ctx.push.toPartner(rewarded.uuid, 'challenge_rewarded', {
              challenge_id: rewarded.challengeId,
              notification_id: rewarded.notificationId,
            });
            pushAwarded(badgePush, rewarded.badges);
          }
        },
      },
      // Program mail (docs/product/engagement.md#mail-a-partner-receives): each closed digest window and new content into the outbox,
      // then the outbox (program mail and the payout status mail) to the SMTP server.
      {
        name: 'program-mail-queue',
        everyMs: Math.min(60_000, (ctx.config.mail.digestSeconds * 1000) / 2),
        run: async () => {
          await queueSaleDigests(ctx.db, digestClock(ctx.config.mail.digestSeconds));
          await queueProgramNews(ctx.db);
        },
      },
      {
        name: MAIL_SEND_TASK,
        everyMs: 3000,
        run: (log) =>
          sendMailRound(
            ctx.db,
            { mailer: withMailLog(ctx.mailer, log), publicUrl: ctx.config.publicUrl },
            log,
          ),
      },
      // Connected accounts (docs/product/links-and-integrations.md#instagram): Instagram tokens refreshed before they expire and posts
      // fetched, Facebook's picture address asked again; only where a provider is configured.
      ...(ctx.config.social.instagram || ctx.config.social.facebook
        ? [
            {
              name: 'integrations-sync',
              everyMs: 60_000,
              detached: true,
              run: async (log: FastifyBaseLogger) =>
                void (await syncDueIntegrations(integrationDeps(ctx), log)),
            },
          ]
        : []),
      // Partner codes pushed to the Shopify store as discounts (docs/product/links-and-integrations.md#discount-push): each round finds the
      // store connected now (the environment's or the back office's), and does nothing without one.
      {
        name: 'shopify-discount-push',
        everyMs: 5000,
        detached: true,
        run: async (log: FastifyBaseLogger) => {
          const store = await activeStore(storeDeps(ctx));
          return store ? pushDueCodes(ctx.db, store.client, log) : 0;
        },
      },
      // The store's webhook subscriptions the portal keeps (issue 30): checked hourly by whichever
      // node claims the lease; each node only asks every minute whether it is due.
      {
        name: 'shopify-subscriptions',
        everyMs: 60_000,
        detached: true,
        run: (log: FastifyBaseLogger) => keepSubscriptions(storeDeps(ctx), log),
      },
      // Reconciliation with the store (docs/decisions/057): what lost webhooks missed, recorded by the
      // same ledger functions. Every node asks each minute (one conditional update); a round is due
      // every SHOPIFY_RECONCILE_MINUTES and held by one node; a back-fill left unfinished by its page
      // budget goes on at once; the follow-up jobs its orders queued are woken.
      {
        name: RECONCILE_TASK,
        everyMs: Math.min(60_000, ctx.config.shopify.reconcileEveryMs),
        detached: true,
        run: async (log: FastifyBaseLogger) => {
          const store = await activeStore(storeDeps(ctx));
          if (!store) return null;
          const round = await reconcileStore(ctx.db, store.client, log, new Date(), {
            store: store.url,
            everyMs: ctx.config.shopify.reconcileEveryMs,
            onRecorded: () => ctx.jobs.wake(),
          });
          if (round.claimed && !round.passDone && !round.error) scheduler.soon(RECONCILE_TASK);
          return round;
        },
      },
      // PayPal Payouts (docs/product/payouts.md#paypal): approved payouts sent, then their outcome asked for.
      ...(ctx.paypal
        ? [
            {
              name: 'paypal-send',
              everyMs: 3000,
              run: (log: FastifyBaseLogger) => sendDuePayouts(ctx.db, ctx.paypal!, log),
            },
            {
              name: 'paypal-poll',
              everyMs: 5000,
              run: (log: FastifyBaseLogger) => pollSentPayouts(ctx.db, ctx.paypal!, log),
            },
          ]
        : []),
    ],
  });
  return scheduler;
}
