// What the social sign-in routes answer (server/modules/social/routes.ts): which providers are
// configured (GET /api/auth/providers), a provider's consent URL (GET /api/auth/getFacebook and
// /api/auth/getGoogle), and the partner token that finishes the sign-in
// (POST /api/auth/social/{provider}), the same `tokenAnswer` as /api/auth/get_token.
import { z } from 'zod';
import { dataAnswer } from './answers';

export { tokenAnswer } from './auth';

export const socialProviders = z.object({ facebook: z.boolean(), google: z.boolean() });
export const socialProvidersAnswer = dataAnswer(socialProviders);

export const socialSignInUrlAnswer = dataAnswer(z.object({ url: z.string() }));
