// What runs in the background of every node, and the handlers of queued jobs.
import type { AppContext } from '../context';
import { notifySale } from '../modules/notifications/service';
import { notifyPayoutChange } from '../modules/payouts/notify';
import { PAYOUT_CHANGED_JOB } from '../modules/payouts/service';
import { pollSentPayouts, sendDuePayouts } from '../modules/payouts/paypal';
import { approveMaturedEarnings } from '../modules/sales/service';
import type { Scheduler } from './scheduler';
import { startScheduler } from './scheduler';

export function startBackground(ctx: AppContext, log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }, jobsEveryMs?: number): Scheduler {
  return startScheduler({
    db: ctx.db,
    log,
    signal: ctx.jobs,
    ...(jobsEveryMs ? { jobsEveryMs } : {}),
    handlers: {
      // Follow-up of a recorded order: the sale notification, then the live push.
      order_recorded: async (payload, trx) => {
        const created = await notifySale(trx, Number(payload.orderId));
        if (created) return () => ctx.push.toPartner(created.uuid, 'new_order', { order_id: Number(payload.orderId), notification_id: created.notificationId });
      },
      // A payout changed status: the partner's notification, e-mail and live push.
      [PAYOUT_CHANGED_JOB]: (payload, trx) =>
        notifyPayoutChange(trx, { mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, push: (uuid, data) => ctx.push.toPartner(uuid, 'payout_changed', data) }, Number(payload.eventId)),
    },
    periodic: [
      { name: 'approve-matured-earnings', everyMs: 10 * 60 * 1000, run: () => approveMaturedEarnings(ctx.db) },
      // PayPal Payouts (decisions §7): approved payouts sent, then their outcome asked for.
      ...(ctx.paypal
        ? [
            { name: 'paypal-send', everyMs: 3000, run: () => sendDuePayouts(ctx.db, ctx.paypal!, log) },
            { name: 'paypal-poll', everyMs: 5000, run: () => pollSentPayouts(ctx.db, ctx.paypal!, log) },
          ]
        : []),
    ],
  });
}
