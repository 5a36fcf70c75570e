// Monthly challenges (docs/product/engagement.md#monthly-challenges): the partner's `GET /api/getChallenges` and the staff's
// `/api/manager/challenges` (manager, admin), with who stands where. A change reaches the open
// portals live.
import { z } from 'zod';
import {
  CHALLENGE_METRIC_MEANING,
  CHALLENGE_METRICS,
  challengeStandingPage,
  partnerChallengesAnswer,
  REWARD_VOUCHER_TYPES,
  staffChallengeAnswer,
  staffChallengePage,
} from '../../../common/contracts/challenges';
import { messageDeletedAnswer } from '../../../common/contracts/notifications';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale, sayKey } from '../../i18n';
import { bilingualContent } from '../../plugins/bilingual';
import { idParams, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import {
  challengeStandings,
  createChallenge,
  oneChallenge,
  editChallenge,
  listChallenges,
  partnerChallenges,
  removeChallenge,
  type ChallengeInput,
} from './service';

const wrong = sayKey('wrong_value');
const required = sayKey('required');
const amount = z
  .number({ error: (issue) => (issue.input === undefined ? required : wrong) })
  .positive(wrong)
  .max(100_000, wrong);
const reward = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('bonus'),
        amount: amount.describe('Dollars, paid as a bonus earning (payable at once)'),
      }),
      z.object({
        kind: z.literal('voucher'),
        type: z.enum(REWARD_VOUCHER_TYPES, { error: wrong }),
        amount: amount.describe('percent: percent points off (at most 100); fixed: dollars off'),
      }),
    ],
    { error: wrong },
  )
  .describe('What a partner who meets the target gets, once');
const metric = z.enum(CHALLENGE_METRICS, { error: wrong }).describe(CHALLENGE_METRIC_MEANING);
const challengeInput = z.object({
  month: z
    .string({ error: required })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, wrong)
    .describe('YYYY-MM, the current month or a later one'),
  content: bilingualContent,
  metric,
  target: z
    .number({ error: (issue) => (issue.input === undefined ? required : wrong) })
    .positive(wrong)
    .max(10_000_000, wrong)
    .describe('Sales, or dollars of sales'),
  reward,
});

export function challengeRoutes(app: TypedApp, ctx: AppContext): void {
  const manager = requireStaff(ctx.db, ['manager', 'admin']);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const base = '/api/manager/challenges';
  const changed = (id: number) => ctx.push.toEveryone('challenge_changed', { id, broadcast: true });

  app.get(
    '/api/getChallenges',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary: 'This month’s challenges in the language of the request, with their progress and reward',
        security: [{ partner: [] }],
        response: { 200: partnerChallengesAnswer },
      },
    },
    async (request) => ({
      data: await partnerChallenges(ctx.db, partnerIdOf(request), requestLocale(request)),
    }),
  );

  app.get(
    base,
    {
      onRequest: manager,
      schema: {
        ...doc('Every challenge, newest month first, with how many met it and were rewarded (paged)'),
        querystring: pagingQuery(20),
        response: { 200: staffChallengePage },
      },
    },
    async (request) => listChallenges(ctx.db, request.query.page, request.query.length),
  );
  app.get(
    `${base}/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('One challenge, with how many met it and were rewarded'),
        params: idParams,
        response: { 200: staffChallengeAnswer },
      },
    },
    async (request) => ({
      data: await oneChallenge(ctx.db, request.params.id),
    }),
  );
  app.get(
    `${base}/:id/partners`,
    {
      onRequest: manager,
      schema: {
        ...doc('The partners who sold in the challenge’s month, best first: progress, met, rewarded (paged)'),
        params: idParams,
        querystring: pagingQuery(20),
        response: { 200: challengeStandingPage },
      },
    },
    async (request) =>
      challengeStandings(ctx.db, request.params.id, request.query.page, request.query.length),
  );
  app.post(
    base,
    {
      onRequest: manager,
      schema: {
        ...doc('Sets a challenge for a month'),
        body: challengeInput,
        response: { 201: staffChallengeAnswer },
      },
    },
    async (request, reply) => {
      const challenge = await createChallenge(ctx.db, request.body as ChallengeInput, staffIdOf(request));
      changed(challenge.id);
      return reply.code(201).send({ data: challenge });
    },
  );
  app.patch(
    `${base}/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('Changes a challenge (409 once a reward was paid)'),
        params: idParams,
        body: challengeInput,
        response: { 200: staffChallengeAnswer },
      },
    },
    async (request) => {
      const challenge = await editChallenge(
        ctx.db,
        request.params.id,
        request.body as ChallengeInput,
        staffIdOf(request),
      );
      changed(challenge.id);
      return { data: challenge };
    },
  );
  app.delete(
    `${base}/:id`,
    {
      onRequest: manager,
      schema: {
        ...doc('Deletes a challenge (409 once a reward was paid)'),
        params: idParams,
        response: { 200: messageDeletedAnswer },
      },
    },
    async (request) => {
      await removeChallenge(ctx.db, request.params.id, staffIdOf(request));
      changed(request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}
