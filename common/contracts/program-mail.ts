// What program mail's routes answer (server/modules/program-mail/routes.ts): the partner's
// switches (GET and PUT /api/mail_preferences) and the unsubscribe link's calls (POST and PUT
// /api/unsubscribe, which answer the kind the link came with and the switches). GET
// /api/unsubscribe answers a redirect. docs/product/engagement.md#mail-a-partner-receives.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const mailSwitches = z.object({
  sales_digest: z.boolean().describe('The hourly digest of sales'),
  announcements: z.boolean(),
  promotions: z.boolean().describe('Monthly promos'),
  challenges: z.boolean().describe('Monthly challenges'),
});
export const mailSwitchesAnswer = dataAnswer(mailSwitches);

export const unsubscribeAnswer = dataAnswer(
  z.object({
    kind: mailSwitches.keyof().describe('The mail the link came with: switched off'),
    switches: mailSwitches,
  }),
);
