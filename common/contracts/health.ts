// What GET /api/health answers (server/modules/health/routes.ts): the database's kind and the
// release, once the database answers.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const healthAnswer = dataAnswer(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['sqlite', 'postgres']),
    version: z.string(),
  }),
);
