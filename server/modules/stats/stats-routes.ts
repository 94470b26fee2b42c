import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema, StatsSchema } from '../../../common/schemas/stats';
import { errorResponses } from '../../lib/errors';
import type { StatsService } from './stats-service';

export function statsRoutes(stats: StatsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/stats',
      {
        schema: {
          tags: ['stats'],
          summary: 'Dashboard counters and views per day for 30 days (editor and up)',
          security: [{ bearer: [] }],
          response: {
            200: StatsSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => stats.get(await request.actor()),
    );

    app.get(
      '/api/stats/dashboard',
      {
        schema: {
          tags: ['stats'],
          summary:
            "The dashboard (author and up): views today, in 7 and 30 days (the site's time zone), the top 10 of 7 days, the review queue, scheduled pieces and my drafts; the whole site for editors and up, their own articles for an author",
          security: [{ bearer: [] }],
          response: {
            200: DashboardSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => stats.dashboard(await request.actor()),
    );
  };
}
