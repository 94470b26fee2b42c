/*
 * `GET /api/epaper/search?q=&edition=&from=&to=&limit=` (issue 67 item 4): what /search shows
 * of the e-paper, for apps. Public and the same for everyone: kept a minute by shared caches.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EpaperSearchAnswerSchema, EpaperSearchQuerySchema } from '../../../common/schemas/epaper';
import { errorResponses } from '../../lib/errors';
import { tags } from './epaper-route-options';
import type { Epaper } from './epaper-wiring';

export function epaperSearchRoutes(epaper: Pick<Epaper, 'search'>) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/epaper/search',
      {
        schema: {
          tags,
          security: [],
          summary:
            'Pages of published e-paper issues whose machine-read text a query finds (Hindi word forms, nukta and vowel folding, Latin typing: `jaipur` finds जयपुर), newest issue first; by edition (id or slug) and dates. Each names its page, with the query so the page highlights the words, and the words around the first match. The text is machine-read and may have mistakes (`machineRead`).',
          querystring: EpaperSearchQuerySchema,
          response: {
            200: EpaperSearchAnswerSchema,
            ...errorResponses('edition.unknown', 'search.query_empty', 'search.query_too_long'),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=60, s-maxage=60');
        return { results: await epaper.search(request.query), machineRead: true as const };
      },
    );
  };
}
