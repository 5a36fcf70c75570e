// What the announcements' and custom notifications' routes answer
// (server/modules/notifications/routes.ts): the partner's lists (GET
// /api/getNotifications/announcement and /api/getNotifications/notification), the test
// notification (POST /api/notifications/test), and the staff's /api/manager/announcements and
// /api/manager/notifications: a page of them, one sent or rewritten, one deleted.
// docs/product/engagement.md#notifications. What every message of the back office shares (its
// texts in both languages, the fields every kind has, a deleted one's id) is declared here too:
// the promos' and challenges' contracts (promotions.ts, challenges.ts) import it.
import { z } from 'zod';
import { noNul } from '../validation';
import { dataAnswer, pagedAnswer } from './answers';

// The serializer parses an answer by its schema, so the rules of what staff write
// (server/plugins/bilingual.ts) run on the way out too: a stored text is answered trimmed, and
// one empty, too long or holding a NUL fails the answer (a 500). These are the same rules
// without their messages, which an answer never shows.
// The limits are declared once, here, for both ways.
export const MESSAGE_LIMITS = { title: 120, body: 2000 } as const;
const writtenText = (max: number) => z.string().trim().min(1).max(max).refine(noNul);
const version = z.object({
  title: writtenText(MESSAGE_LIMITS.title),
  body: writtenText(MESSAGE_LIMITS.body),
});

/** What staff wrote, in English and in French; a language left out is not a version. */
export const messageContent = z
  .object({ en: version.optional(), fr: version.optional() })
  .describe('In English and in French; a language left out is not a version (at least one is needed)');

/** What every kind of message has (announcements, custom notifications, promos, challenges). */
export const staffItem = z.object({
  id: z.number(),
  content: messageContent,
  created_at: z.string(),
  updated_at: z.string(),
  author: z.string().nullable().describe('The staff member who wrote it'),
});

/** A message deleted (DELETE /api/manager/<kind>/{id}, every kind). */
export const messageDeletedAnswer = dataAnswer(z.object({ id: z.number() }));

export const partnerRef = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

/** An announcement or a custom notification as staff read it. */
export const staffMessage = staffItem.extend({
  recipients: z.number().describe('Partners who received it'),
  read: z.number().describe('Recipients who have read it'),
  partner: partnerRef
    .nullable()
    .describe('The one partner it was sent to; null when sent to all (always null for announcements)'),
});
export const staffMessagePage = pagedAnswer(staffMessage);
export const staffMessageAnswer = dataAnswer(staffMessage);

/** An announcement or a custom notification as the partner reads it, in their language. */
export const partnerMessage = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  date: z.string(),
});
export const partnerMessagesAnswer = dataAnswer(z.array(partnerMessage));

export const testNotificationAnswer = dataAnswer(z.object({ id: z.number(), sent_at: z.string() }));
