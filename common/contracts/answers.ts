// The shapes every answer of the API shares: `{"data": ...}`, a page of a list,
// and the answers that are not JSON. The server declares them as its routes' `response`
// schemas (Fastify serializes by them and the OpenAPI document shows them); the SPA types its
// calls and its test fixtures by what they infer, so the two sides cannot drift apart unseen.
import { z } from 'zod';

/** `{"data": ...}`: what nearly every route answers. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ data });

/** A page of a list: the rows and where they stand. */
export const pagedAnswer = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number(),
    per_page: z.number(),
    last_page: z.number(),
    total: z.number(),
  });

/**
 * A file or a stream (a PDF, a CSV, an image): not JSON, never serialized by a schema. The
 * route also says its media type with `produces`; the OpenAPI document shows it as binary.
 */
export const fileAnswer = (description: string) =>
  z.unknown().meta({ type: 'string', format: 'binary', description });

/** What a route that answers a file declares: spread into its `schema`. */
export const fileRoute = (mediaType: string, description: string) => ({
  produces: [mediaType],
  response: { 200: fileAnswer(description) },
});

/** An answer without a body: a 204, or a redirect (its `Location` says where). Sent with `send()`. */
export const noBody = (description: string) => z.undefined().describe(description);

/** Whether an answer schema is one of `fileAnswer`'s. */
export const isFileAnswer = (schema: z.ZodType) => schema.meta()?.format === 'binary';
