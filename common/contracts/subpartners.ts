// What the sub-partners' routes answer (server/modules/subpartners/routes.ts): the public
// branding of `/{slug}` (GET /api/subpartners/{slug}) and of a partner's account (GET /api/branding), and the back office's list, one
// sub-partner, its creation, edit, and the logo's upload and removal, each answering the row.
// docs/product/partners-and-accounts.md#white-label-sub-partners.
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';

export const publicSubpartner = z.object({
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  accent_color: z.string(),
  welcome: z.object({ en: z.string(), fr: z.string() }),
});
export const publicSubpartnerAnswer = dataAnswer(publicSubpartner);

/** GET /api/branding: the sub-partner whose branding the signed-in partner's account wears, or null. */
export const partnerBrandingAnswer = dataAnswer(
  z.object({
    subpartner: publicSubpartner.omit({ welcome: true }).nullable(),
  }),
);

export const subpartnerRow = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  accent_color: z.string(),
  welcome_en: z.string(),
  welcome_fr: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().describe('Sent back as `base_updated_at` by an edit'),
  partners_count: z.number().describe('Partners who came through it, suspended ones too'),
});
export const subpartnersAnswer = pagedAnswer(subpartnerRow);
export const subpartnerAnswer = dataAnswer(subpartnerRow);
