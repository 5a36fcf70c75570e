// Monthly promos (docs/product/engagement.md#monthly-promos): the partner's `GET /api/getPromotions` and the staff's
// `/api/manager/promotions` (manager, admin). A change reaches the open portals live.
import { z } from 'zod';
import { messageDeletedAnswer } from '../../../common/contracts/notifications';
import {
  partnerPromotionsAnswer,
  staffPromotionAnswer,
  staffPromotionPage,
} from '../../../common/contracts/promotions';
import { PRODUCT_CODES } from '../../../common/products';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale, sayKey } from '../../i18n';
import { bilingualContent } from '../../plugins/bilingual';
import { idParams, pagingQuery } from '../../plugins/paging';
import { requirePartner, requireStaff, staffIdOf } from '../auth';
import {
  createPromotion,
  editPromotion,
  listPromotions,
  partnerPromotions,
  removePromotion,
  type PromotionInput,
} from './service';

const wrong = sayKey('wrong_value');
const day = z.iso.date({ error: wrong }).describe('YYYY-MM-DD');
const promotionInput = z.object({
  content: bilingualContent,
  product: z
    .enum(PRODUCT_CODES, { error: wrong })
    .nullable()
    .default(null)
    .describe('The product whose artwork is the promo’s image, or null'),
  starts_on: day,
  ends_on: day.describe('YYYY-MM-DD, the last day it runs (on or after starts_on)'),
});

export function promotionRoutes(app: TypedApp, ctx: AppContext): void {
  const manager = requireStaff(ctx.db, ['manager', 'admin']);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const base = '/api/manager/promotions';
  const changed = (id: number) => ctx.push.toEveryone('promotion', { id, broadcast: true });

  app.get(
    '/api/getPromotions',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary: 'This month’s promos: those running today, in the language of the request',
        security: [{ partner: [] }],
        response: { 200: partnerPromotionsAnswer },
      },
    },
    // In the language of the portal that asks (docs/decisions/069-notification-words.md).
    async (request) => ({ data: await partnerPromotions(ctx.db, requestLocale(request)) }),
  );

  app.get(
    base,
    {
      onRequest: manager,
      schema: {
        ...doc('Every promo, newest start first (paged)'),
        querystring: pagingQuery(20),
        response: { 200: staffPromotionPage },
      },
    },
    async (request) => listPromotions(ctx.db, request.query.page, request.query.length),
  );
  app.post(
    base,
    {
      onRequest: manager,
      schema: {
        ...doc('Writes a promo'),
        body: promotionInput,
        response: { 201: staffPromotionAnswer },
      },
    },
    async (request, reply) => {
      const promo = await createPromotion(ctx.db, request.body as PromotionInput, staffIdOf(request));
      changed(promo.id);
      return reply.code(201).send({ data: promo });
    },
  );
  app.patch(
    `${base}/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('Rewrites a promo'),
        params: idParams,
        body: promotionInput,
        response: { 200: staffPromotionAnswer },
      },
    },
    async (request) => {
      const promo = await editPromotion(
        ctx.db,
        request.params.id,
        request.body as PromotionInput,
        staffIdOf(request),
      );
      changed(promo.id);
      return { data: promo };
    },
  );
  app.delete(
    `${base}/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('Deletes a promo'),
        params: idParams,
        response: { 200: messageDeletedAnswer },
      },
    },
    async (request) => {
      await removePromotion(ctx.db, request.params.id, staffIdOf(request));
      changed(request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}
