// What the ledger's routes answer (server/modules/ledger/): Shopify's webhook deliveries.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const shopifyWebhookAnswer = dataAnswer(
  z.object({
    outcome: z.enum(['processed', 'duplicate', 'ignored', 'rejected', 'test']),
    id: z.string().optional().describe('A rejected delivery’s error id, also in the server log'),
  }),
);
