// What the marketplace routes answer to partners (server/modules/marketplace/routes.ts): their
// Amazon links, and their sales from the imported Associates reports.
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';

export const amazonLink = z.object({
  product: z.string(),
  name: z.string().describe('The product’s name in the reader’s language'),
  asin: z.string(),
  url: z.string().describe('The product’s Amazon page with the partner’s tracking id'),
});
export const amazonLinksAnswer = dataAnswer(z.array(amazonLink));

export const marketplaceSaleRow = z.object({
  id: z.number(),
  order_number: z.string().describe('`AMZ-<id>`: Amazon gives no order numbers'),
  date: z.string(),
  product: z.string(),
  items: z.number(),
  order_amount: z.number(),
  commission: z.number(),
  adjustment: z.number().describe('Always 0: nothing is taken back from marketplace earnings'),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  country: z.string(),
  region: z.string(),
});
export const marketplaceSalesAnswer = pagedAnswer(marketplaceSaleRow);
