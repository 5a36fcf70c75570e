// What runs in the background of every node, and the handlers of queued jobs.
import type { AppContext } from '../context';
import { notifySale } from '../modules/notifications/service';
import { approveMaturedEarnings } from '../modules/sales/service';
import type { Scheduler } from './scheduler';
import { startScheduler } from './scheduler';

export function startBackground(ctx: AppContext, log: { error(obj: object, msg: string): void }, jobsEveryMs?: number): Scheduler {
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
    },
    periodic: [{ name: 'approve-matured-earnings', everyMs: 10 * 60 * 1000, run: () => approveMaturedEarnings(ctx.db) }],
  });
}
