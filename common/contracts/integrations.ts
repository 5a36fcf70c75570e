// What a partner's connected accounts' routes answer (server/modules/integrations/routes.ts):
// what is connected (GET /api/integrations), a provider's consent URL (POST …/start), the
// account after connecting or disconnecting, and the dashboard's top posts
// (GET /api/integrations/instagram/top-posts). A top post's picture answers a file.
// docs/product/links-and-integrations.md#instagram.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const integrationStatus = z
  .enum(['not_connected', 'connected', 'reconnect'])
  .describe('reconnect: the provider refused the token (expired or revoked)');

export const integrationView = z.object({
  configured: z.boolean().describe('false when the provider has no credentials here: no button'),
  status: integrationStatus,
  account: z
    .object({
      id: z.string(),
      username: z.string().nullable(),
      name: z.string().nullable(),
      picture_url: z.string().nullable(),
      connected_at: z.string(),
    })
    .nullable(),
});
export const integrationViewAnswer = dataAnswer(integrationView);

export const integrations = z.object({ instagram: integrationView, facebook: integrationView });
export const integrationsAnswer = dataAnswer(integrations);

export const consentUrlAnswer = dataAnswer(z.object({ url: z.string() }));

export const topPost = z.object({
  id: z.string(),
  caption: z.string().nullable(),
  media_type: z.string(),
  thumbnail_url: z.string().nullable().describe('The portal’s own copy of the picture; null until synced'),
  permalink: z.string(),
  timestamp: z.string(),
  like_count: z.number().nullable().describe('Null when the owner hid the like count on Instagram'),
  comments_count: z.number(),
});

export const topPosts = z.object({
  configured: z.boolean(),
  status: z.enum(['not_connected', 'connected', 'reconnect']),
  username: z.string().nullable(),
  synced_at: z.string().nullable(),
  posts: z.array(topPost),
});
export const topPostsAnswer = dataAnswer(topPosts);
