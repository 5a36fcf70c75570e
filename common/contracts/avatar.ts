// What the profile picture's routes answer (server/modules/avatar/routes.ts): POST and DELETE
// /api/set_avatar answer the user again, as the encrypted payload GET /api/get answers.
import { z } from 'zod';

export const userPayloadAnswer = z.object({
  data: z.string().describe('The user, as the encrypted payload /api/get answers'),
});
