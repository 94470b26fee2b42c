import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import { errorResponses } from '../../lib/errors';

/** Views one address may send in 10 minutes. */
export const VIEWS_PER_ADDRESS = 300;
const VIEWS_WINDOW_MS = 10 * 60_000;

/**
 * POST /api/articles/{id}/view: the article page counts its reader after it is shown. The
 * counting is the analytics module's (issue 38 item 1: the reader is a salted hash of the day,
 * never the address), which feeds the views module's counts; http.ts wires it.
 */
export function viewsRoutes(views: {
  count(id: string, request: FastifyRequest): Promise<boolean>;
}) {
  return async function (fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/api/articles/:id/view',
      {
        schema: {
          tags: ['articles'],
          summary: `Count a view (once per address and article every 30 minutes; ${VIEWS_PER_ADDRESS} views per address in 10 minutes)`,
          security: [],
          params: IdParamsSchema,
          response: {
            200: z.object({ counted: z.boolean() }),
            ...errorResponses('article.not_found'),
          },
        },
        config: { rateLimit: { max: VIEWS_PER_ADDRESS, timeWindow: VIEWS_WINDOW_MS } },
      },
      // A reader's second view of an article within 30 minutes is answered, not counted: the
      // views service remembers who was counted (server/modules/views/view-counter.ts).
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { counted: await views.count(request.params.id, request) };
      },
    );
  };
}
