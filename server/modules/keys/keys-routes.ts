import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import { ApiKeyCreatedSchema, ApiKeyInputSchema, ApiKeySchema } from '../../../common/schemas/keys';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { KeysService } from './keys-service';

/** Keys for apps and partners (issue 41 item 1), administrators only. */
export function keysRoutes(keys: KeysService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['keys'];
    const security = [{ bearer: [] }];
    app.post(
      '/api/keys',
      {
        schema: {
          tags,
          summary:
            'Make a key for an app or partner (administrators); the key is in this answer only, stored hashed. Send it as X-Api-Key: its rateLimit (requests a minute, 6,000 unless given) replaces the per-address one',
          security,
          body: ApiKeyInputSchema,
          response: {
            201: ApiKeyCreatedSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'api_key.forbidden',
              'api_key.name_required',
              'api_key.name_too_long',
              'api_key.scope_unknown',
              'api_key.rate_limit_invalid',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await keys.create(await request.actor(), request.body)),
    );
    app.get(
      '/api/keys',
      {
        schema: {
          tags,
          summary:
            'The keys (administrators), newest first, without their secrets: when each was last used and its requests today (UTC)',
          security,
          response: {
            200: z.array(ApiKeySchema),
            ...errorResponses(...SIGNED_IN, 'api_key.forbidden'),
          },
        },
      },
      async (request) => keys.list(await request.actor()),
    );
    app.delete(
      '/api/keys/:id',
      {
        schema: {
          tags,
          summary: 'Revoke a key (administrators): from now on it answers 401',
          security,
          params: IdParamsSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...SIGNED_IN, 'api_key.forbidden', 'api_key.not_found'),
          },
        },
      },
      async (request) => {
        await keys.revoke(await request.actor(), request.params.id);
        return { message: 'The key was revoked.' };
      },
    );
  };
}
