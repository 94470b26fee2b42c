import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../common/schemas/common';
import type { ViewsService } from './views-service';

/** Views one address may send in 10 minutes, and how often one reader's view of one article counts. */
export const VIEWS_PER_ADDRESS = 300;
const VIEWS_WINDOW_MS = 10 * 60_000;
const SAME_VIEW_WINDOW_MS = 30 * 60_000;

/** POST /api/articles/{id}/view: the article page counts its reader after it is shown. */
export function viewsRoutes(views: ViewsService) {
  return async function (fastify: FastifyInstance) {
    // A reader's second view of an article within 30 minutes is answered, not counted.
    const seenRecently = fastify.createRateLimit({
      max: 1,
      timeWindow: SAME_VIEW_WINDOW_MS,
      keyGenerator: (request) => `views:${(request.params as { id: string }).id}:${request.ip}`,
    });
    fastify.withTypeProvider<ZodTypeProvider>().post(
      '/api/articles/:id/view',
      {
        schema: {
          tags: ['articles'],
          summary: `Count a view (once per address and article every 30 minutes; ${VIEWS_PER_ADDRESS} views per address in 10 minutes)`,
          params: IdParamsSchema,
          response: { 200: z.object({ counted: z.boolean() }) },
        },
        config: { rateLimit: { max: VIEWS_PER_ADDRESS, timeWindow: VIEWS_WINDOW_MS } },
      },
      async (request) => {
        const seen = await seenRecently(request);
        if (!seen.isAllowed && seen.isExceeded) return { counted: false };
        await views.count(request.params.id);
        return { counted: true };
      },
    );
  };
}
