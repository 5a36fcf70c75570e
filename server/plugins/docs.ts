// The OpenAPI document of the whole API, generated from the routes' zod schemas.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance, options: { version: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sunbite Partners API',
        version: options.version,
        description:
          'Partner portal API. Answers are `{"data": ...}`; errors are `{"code", "message", "errors"?, "id"?}`.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          publicClient: { type: 'http', scheme: 'bearer', description: 'The fixed public client credential' },
          partner: { type: 'http', scheme: 'bearer', description: 'A partner token from /api/auth/get_token' },
          staff: { type: 'http', scheme: 'bearer', description: 'A staff token from /api/manager/auth/get_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export function registerDocsRoute(app: FastifyInstance): void {
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
