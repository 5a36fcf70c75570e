// Program mail's switches (docs/product/engagement.md#mail-a-partner-receives): the partner's `GET`/`PUT /api/mail_preferences`, and the
// unsubscribe link's `POST /api/unsubscribe` (JSON `{token}` from the page, or the one-click
// `List-Unsubscribe=One-Click` form of RFC 8058 that a mail client posts to the header's address)
// and `PUT /api/unsubscribe` (the page's undo): no sign-in, the token stands for it.
import { z } from 'zod';
import { noBody } from '../../../common/contracts/answers';
import { mailSwitchesAnswer, unsubscribeAnswer } from '../../../common/contracts/program-mail';
import type { AppContext, TypedApp } from '../../context';
import { invalid } from '../../errors';
import { sayKey } from '../../i18n';
import { partnerIdOf, requirePartner } from '../auth';
import { MAIL_KINDS, mailSwitches, setMailSwitches, setSwitchesByToken, unsubscribe } from './service';

const wrong = sayKey('wrong_value');
const changes = z
  .strictObject(
    Object.fromEntries(MAIL_KINDS.map((kind) => [kind, z.boolean({ error: wrong }).optional()])) as Record<
      (typeof MAIL_KINDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
    { error: wrong },
  )
  .refine((value) => Object.keys(value).length > 0, { message: wrong });
// Tokens are 32 random bytes in base64url; anything else is not one of ours.
const token = z.string({ error: wrong }).regex(/^[\w-]{43}$/, wrong);
/** The page's `{"token"}` in a JSON body; anything else (a one-click form) holds none. */
function tokenInBody(body: unknown, contentType: string | undefined): string | undefined {
  if (typeof body !== 'string' || !contentType?.toLowerCase().startsWith('application/json'))
    return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalid({ token: [wrong] });
  }
  const found = z.object({ token }).safeParse(parsed);
  if (!found.success) throw invalid({ token: [wrong] });
  return found.data.token;
}

export function programMailRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });

  app.get(
    '/api/mail_preferences',
    {
      onRequest: partner,
      schema: {
        ...doc('The partner’s program-mail switches'),
        response: { 200: mailSwitchesAnswer },
      },
    },
    async (request) => ({
      data: await mailSwitches(ctx.db, partnerIdOf(request)),
    }),
  );
  app.put(
    '/api/mail_preferences',
    {
      onRequest: partner,
      schema: {
        ...doc('Turns kinds of program mail on or off (transactional mail has no switch)'),
        body: changes,
        response: { 200: mailSwitchesAnswer },
      },
    },
    async (request) => ({ data: await setMailSwitches(ctx.db, partnerIdOf(request), request.body) }),
  );

  app.register(async (scope) => {
    // A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as
    // multipart/form-data (or urlencoded, or whatever it likes) to the header's address, whose
    // query carries the token: here every body is read as text, the token taken from the query
    // when there, else from the page's JSON `{token}`.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    (scope as unknown as TypedApp).post(
      '/api/unsubscribe',
      {
        schema: {
          tags: ['public'],
          summary: 'Switches off the kind of program mail an unsubscribe link came with (no sign-in)',
          description:
            'The page posts `{"token"}` as JSON; a mail client’s one-click unsubscribe posts `List-Unsubscribe=One-Click` (any body) to the address of the `List-Unsubscribe` header, which carries the token in its query.',
          querystring: z.object({ token: token.optional() }),
          response: { 200: unsubscribeAnswer },
        },
      },
      async (request) => {
        const given = request.query.token ?? tokenInBody(request.body, request.headers['content-type']);
        if (!given) throw invalid({ token: [wrong] });
        return { data: await unsubscribe(ctx.db, given) };
      },
    );
  });

  // An older mail client opens the header's address in a browser: it gets the page (a GET itself
  // changes nothing, so a link scanner that runs no script unsubscribes no one).
  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary:
          'Sends a browser that opens the List-Unsubscribe address to the /unsubscribe page (changes nothing)',
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 302: noBody('To the /unsubscribe page, with the token') },
      },
    },
    async (request, reply) =>
      reply.redirect(
        request.query.token
          ? `/unsubscribe?token=${encodeURIComponent(request.query.token)}`
          : '/unsubscribe',
        302,
      ),
  );

  app.put(
    '/api/unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'Sets program-mail switches with an unsubscribe link’s token (the page’s undo; no sign-in)',
        body: z.object({ token, switches: changes }),
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => ({
      data: await setSwitchesByToken(ctx.db, request.body.token, request.body.switches),
    }),
  );
}
