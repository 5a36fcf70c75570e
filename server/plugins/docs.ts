// The OpenAPI document of the whole API, generated from the routes' zod schemas.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { openApiDocumentAnswer } from '../../common/contracts/docs';

export async function registerOpenApi(app: FastifyInstance, options: { version: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sunbite Partners API',
        version: options.version,
        description:
          'Partner portal API. Answers are `{"data": ...}`; errors are `{"code", "error", "message", "errors"?, "id"?}` (the schema `Error`): `error` is the stable key of the message, for code to decide on; `message` is its words in the language of `Accept-Language` (English or French), for a person to read.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          publicClient: { type: 'http', scheme: 'bearer', description: 'The fixed public client credential' },
          partner: {
            type: 'http',
            scheme: 'bearer',
            description: 'A partner token from /api/auth/get_token',
          },
          staff: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff token from /api/manager/auth/get_token',
          },
        },
        schemas: {
          // The body of every error answer (plugins/errors.ts, docs/decisions/064-errors-by-key.md).
          Error: {
            type: 'object',
            required: ['code', 'error', 'message'],
            properties: {
              code: { type: 'integer', description: 'The HTTP status' },
              error: {
                type: 'string',
                description:
                  'The message’s key, stable across languages and wording: `not_found`, `content.upload_type`; `form_invalid` for a validation failure, `server_error` for a 500',
                examples: ['not_found', 'form_invalid', 'two_factor.wrong_code'],
              },
              message: { type: 'string', description: 'The message in the visitor’s language' },
              errors: {
                type: 'object',
                additionalProperties: { type: 'array', items: { type: 'string' } },
                description: 'The messages of each field (`tiers.2.min_sales`), in the visitor’s language',
              },
              id: { type: 'string', description: 'For a 5xx: the id of the error, also in the server’s log' },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export function registerDocsRoute(app: FastifyInstance): void {
  // @fastify/swagger's object as it made it: the schema documents it, the bytes are its own.
  app.get(
    '/api/docs',
    {
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: { hide: true, response: { 200: openApiDocumentAnswer } },
    },
    async () => app.swagger(),
  );
}
