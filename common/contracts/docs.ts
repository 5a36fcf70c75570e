// What `GET /api/docs` answers (server/plugins/docs.ts): the OpenAPI document of the whole API.
import { z } from 'zod';

export const openApiDocumentAnswer = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI 3.1 document, generated from the routes’ schemas');
