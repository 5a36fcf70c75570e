// Announcements and custom notifications (docs/product/engagement.md#notifications): the partner's lists, and the staff's
// `/api/manager/announcements` and `/api/manager/notifications` (manager and admin). Each staff
// change reaches the open portals live once it is committed.
import { z } from 'zod';
import {
  messageDeletedAnswer,
  partnerMessagesAnswer,
  staffMessageAnswer,
  staffMessagePage,
  testNotificationAnswer,
} from '../../../common/contracts/notifications';
import { noNul } from '../../../common/validation';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale, sayKey } from '../../i18n';
import { bilingualContent } from '../../plugins/bilingual';
import { idParams, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import {
  createMessage,
  listMessages,
  partnerMessages,
  removeMessage,
  sendTestNotification,
  updateMessage,
  type MessageAudience,
  type MessageKind,
} from './service';

const STAFF_PATHS: { path: string; kind: MessageKind; noun: string }[] = [
  { path: 'announcements', kind: 'announcement', noun: 'announcement' },
  { path: 'notifications', kind: 'custom', noun: 'custom notification' },
];

export function notificationRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const manager = requireStaff(ctx.db, ['manager', 'admin']);

  for (const [path, kind] of [
    ['notification', 'custom'],
    ['announcement', 'announcement'],
  ] as const) {
    app.get(
      `/api/getNotifications/${path}`,
      {
        onRequest: partner,
        schema: {
          tags: ['partner'],
          summary:
            kind === 'custom'
              ? 'Custom notifications from staff to the partner, newest first (at most 50), with `read`'
              : 'Announcements in the language of the request, newest first (at most 50), with `read`; read-marking is `POST /api/notifications/read`',
          security: [{ partner: [] }],
          response: { 200: partnerMessagesAnswer },
        },
      },
      async (request) => ({
        data: await partnerMessages(ctx.db, partnerIdOf(request), kind, requestLocale(request)),
      }),
    );
  }

  app.post(
    '/api/notifications/test',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary:
          'Sends the partner a test notification, in the bell and by live push (`test_notification`), to check the live connection (at most 5 a minute)',
        security: [{ partner: [] }],
        response: { 201: testNotificationAnswer },
      },
    },
    async (request, reply) => {
      const sent = await sendTestNotification(ctx.db, partnerIdOf(request));
      ctx.push.toPartner(sent.uuid, 'test_notification', { notification_id: sent.id, sent_at: sent.sent_at });
      return reply.code(201).send({ data: { id: sent.id, sent_at: sent.sent_at } });
    },
  );

  // After the commit: the recipient's open portal, or every one, refreshes its bell and lists.
  const push = (kind: MessageKind, audience: MessageAudience, payload: Record<string, unknown>) => {
    const event = kind === 'announcement' ? 'announcement' : 'notification';
    if ('partnerUuid' in audience) ctx.push.toPartner(audience.partnerUuid, event, payload);
    else ctx.push.toEveryone(event, { ...payload, broadcast: true });
  };

  for (const { path, kind, noun } of STAFF_PATHS) {
    const base = `/api/manager/${path}`;
    const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
    app.get(
      base,
      {
        onRequest: manager,
        schema: {
          ...doc(`Every ${noun}, newest first, with how many partners received and read it (paged)`),
          querystring: pagingQuery(20),
          response: { 200: staffMessagePage },
        },
      },
      async (request) => listMessages(ctx.db, kind, request.query.page, request.query.length),
    );
    app.post(
      base,
      {
        onRequest: manager,
        schema: {
          ...doc(
            kind === 'announcement'
              ? 'Broadcasts an announcement: partners reading English get `content.en`, partners reading French `content.fr`'
              : 'Sends a custom notification to one partner (`partner`: uuid, e-mail or promo code) or, without `partner`, to every partner; each reads their language’s version, else the other',
          ),
          body:
            kind === 'custom'
              ? z.object({
                  content: bilingualContent,
                  partner: z
                    .string()
                    .max(254, sayKey('max', { n: 254 }))
                    .refine(noNul, sayKey('wrong_value'))
                    .nullish()
                    .describe('The partner’s uuid, e-mail or promo code; empty or absent for every partner'),
                })
              : z.object({ content: bilingualContent }),
          response: { 201: staffMessageAnswer },
        },
      },
      async (request, reply) => {
        const body = request.body as { content: z.infer<typeof bilingualContent>; partner?: string | null };
        const { message, audience } = await createMessage(ctx.db, kind, body, staffIdOf(request));
        push(kind, audience, { id: message.id, locales: Object.keys(message.content) });
        return reply.code(201).send({ data: message });
      },
    );
    app.patch(
      `${base}/:id`,
      {
        onRequest: manager,
        schema: {
          ...doc(`Rewrites an ${noun} in every partner’s copy (read marks kept)`),
          params: idParams,
          body: z.object({ content: bilingualContent }),
          response: { 200: staffMessageAnswer },
        },
      },
      async (request) => {
        const { message, audience } = await updateMessage(
          ctx.db,
          kind,
          request.params.id,
          request.body,
          staffIdOf(request),
        );
        push(kind, audience, { id: message.id, locales: Object.keys(message.content) });
        return { data: message };
      },
    );
    app.delete(
      `${base}/:id`,
      {
        onRequest: manager,
        schema: {
          ...doc(`Deletes an ${noun} from every partner’s portal`),
          params: idParams,
          response: { 200: messageDeletedAnswer },
        },
      },
      async (request) => {
        const { audience } = await removeMessage(ctx.db, kind, request.params.id, staffIdOf(request));
        push(kind, audience, { id: request.params.id, deleted: true });
        return { data: { id: request.params.id } };
      },
    );
  }
}
