import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env';

/**
 * The OpenAPI document is made from the same zod schemas that validate the routes
 * (`/api/openapi.json`), browsable at `/api/docs`.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Patrika API',
        version: '1.0.0',
        description:
          'The REST API of Patrika: the calls of the original product (SPEC.md §7, wire-compatible) and our additions. ' +
          'Errors are `{ message, errors? }` with the status that names the problem.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its page loads only its own files; let it carry its own Content-Security-Policy.
    staticCSP: true,
    // Swagger UI sets a few inline styles; styles cannot run code.
    transformStaticCSP: (header) =>
      header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
