import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BreakingInputSchema,
  BreakingNewsSchema,
  BreakingPlaceQuerySchema,
} from '../../../common/schemas/breaking';
import { MessageSchema } from '../../../common/schemas/common';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { BreakingService } from './breaking-service';

/** The breaking-news band's calls (issue 25 item 2). */
export function breakingRoutes(breaking: BreakingService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['breaking'];
    const security = [{ bearer: [] }];
    app.get(
      '/api/breaking',
      {
        schema: {
          tags,
          summary: 'The breaking-news band every page shows now, or null',
          description:
            'With edition (an id): that edition’s own band, which its page shows under the national one.',
          security: [],
          querystring: BreakingPlaceQuerySchema,
          response: { 200: BreakingNewsSchema.nullable(), ...errorResponses() },
        },
      },
      // Asked again on every page a script shows; it changes the moment an editor acts.
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        const { edition } = request.query;
        return edition ? breaking.forEdition(edition) : breaking.current();
      },
    );
    app.post(
      '/api/breaking',
      {
        schema: {
          tags,
          summary: 'Show a breaking-news band on every page (editors and administrators)',
          description:
            'With edition (an id), on that edition’s page only (under the national band), replacing that edition’s band. A desk limited to editions sets bands only in them (the national band only when the national edition is among them): 403 edition.desk_elsewhere.',
          security,
          body: BreakingInputSchema,
          response: {
            201: BreakingNewsSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'breaking.set_forbidden',
              'breaking.expiry_past',
              'article.not_published',
              'edition.unknown',
              'edition.desk_elsewhere',
            ),
          },
        },
      },
      async (request, reply) => {
        const band = await breaking.set(await request.actor(), request.body);
        return reply.code(201).send(band);
      },
    );
    app.delete(
      '/api/breaking',
      {
        schema: {
          tags,
          summary: 'Take the breaking-news band off every page (editors and administrators)',
          description: 'With edition (an id): that edition’s own band.',
          security,
          querystring: BreakingPlaceQuerySchema,
          response: {
            200: MessageSchema,
            ...errorResponses(
              ...SIGNED_IN,
              'breaking.remove_forbidden',
              'edition.unknown',
              'edition.desk_elsewhere',
            ),
          },
        },
      },
      async (request) => {
        await breaking.remove(await request.actor(), request.query.edition);
        return { message: 'The breaking-news band was removed.' };
      },
    );
  };
}
