// The profile picture (docs/product/links-and-integrations.md#profile-picture `POST /api/set_avatar`, docs/product/links-and-integrations.md#profile-picture): multipart/form-data
// with the file in the field `picture`; `DELETE /api/set_avatar` goes back to the fallback. Both
// answer the user as /api/update does and tell the partner's other tabs (`partner_changed`).
//
// The form is read by @fastify/multipart (busboy), registered in this route's scope only: no
// other route takes multipart, and this one takes nothing else. Its limits hold the body to one
// file of at most 10 MB, counted as it streams in (an announced Content-Length only refuses early), and a
// handful of small other parts, which are refused rather than ignored.
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userPayloadAnswer } from '../../../common/contracts/avatar';
import type { AppContext, TypedApp } from '../../context';
import type { Partner } from '../../db/schema';
import { AppError } from '../../errors';
import { userPayload } from '../accounts/service';
import { partnerIdOf, requirePartner } from '../auth';
import { UPLOAD_MAX_BYTES } from '../content/service';
import { removeProfilePicture, setProfilePicture } from './service';

const FIELD = 'picture';

/** Room for the form's own framing (boundaries, part headers) around a 10 MB file. */
const FORM_OVERHEAD = 64 * 1024;

// Documents the form for the OpenAPI document only: the parser leaves no body to validate (the
// handler reads the stream itself), so it accepts anything.
const multipartForm = z
  .custom<unknown>(() => true)
  .meta({
    type: 'object',
    properties: { [FIELD]: { type: 'string', format: 'binary', description: 'The picture file' } },
    required: [FIELD],
  });

const missingPicture = () =>
  new AppError(422, 'avatar.picture_missing', { errors: { [FIELD]: ['avatar.picture_missing'] } });

/** The parser's refusals, said by the rule they break. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'content.upload_too_large');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return missingPicture();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, 'avatar.form_type');
  // busboy's own errors (no boundary, a part cut short, malformed headers) carry no code.
  return new AppError(400, 'avatar.form_unreadable');
}

/** The bytes of the one file in the field `picture`; any other part is refused, not ignored. */
async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'avatar.form_type');
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === FIELD && picture === undefined) {
        picture = await part.toBuffer();
        continue;
      }
      // Let the rest of the form flow on, so the answer is not stuck behind an unread part.
      if (part.type === 'file') part.file.resume();
      throw missingPicture();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!picture) throw missingPicture();
  return picture;
}

export function avatarRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const doc = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });
  const answer = async (changed: Partner) => {
    // The partner's other tabs and devices reload the profile (and so the header's avatar).
    ctx.push.toPartner(changed.uuid, 'partner_changed', {});
    return { data: await userPayload(ctx, changed) };
  };

  // A body announced as larger than any allowed form is refused before a byte of it is read.
  const refuseOversized: onRequestAsyncHookHandler = async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES + FORM_OVERHEAD)
      throw new AppError(413, 'content.upload_too_large');
  };

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 5,
        headerPairs: 20,
      },
    });
    // Any other content type has no parser here; Fastify's words for that say nothing of the rule.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        throw new AppError(415, 'avatar.form_type');
      throw error;
    });
    scope.post(
      '/api/set_avatar',
      {
        onRequest: [partner, refuseOversized],
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...doc(
            'Sets the profile picture: multipart/form-data with the file in the field `picture` (JPEG, PNG or WebP by its bytes, at most 10 MB and 40 megapixels). ' +
              'Its centre is kept as a 512×512 WebP without metadata, served at /api/media/{name}; answers the user as /api/update does',
          ),
          consumes: ['multipart/form-data'],
          body: multipartForm,
          response: { 200: userPayloadAnswer },
        },
      },
      async (request) => {
        const bytes = await readPicture(request);
        return answer(await setProfilePicture(ctx, partnerIdOf(request), bytes));
      },
    );
  });

  app.delete(
    '/api/set_avatar',
    {
      onRequest: partner,
      schema: {
        ...doc(
          'Removes the profile picture: the avatar goes back to the social picture, else the initials; answers the user',
        ),
        response: { 200: userPayloadAnswer },
      },
    },
    async (request) => answer(await removeProfilePicture(ctx, partnerIdOf(request))),
  );
}
