// What the short link's routes answer (server/modules/links/routes.ts): the partner's link
// figures of the last 30 days. `GET /s/{code}` answers a redirect.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const linkDay = z.object({
  day: z.string().describe('YYYY-MM-DD, a day of the program’s time zone (GET /api/program)'),
  clicks: z.number().describe('Visits counted that day'),
  orders: z.number(),
});

export const linkStats = z.object({
  days: z.array(linkDay),
  clicks: z.number().describe('Visits counted over the 30 days'),
  orders: z.number(),
  conversion: z.number().nullable().describe('Orders per visit over the 30 days; null without a visit'),
});
export const linkStatsAnswer = dataAnswer(linkStats);
